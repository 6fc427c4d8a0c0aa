#!/bin/sh
# run-example.sh [example] [PEs]: builds the library with Open MPI, installs
# it under ./install, compiles examples/<example>.c with the installed oshcc
# and runs it with oshrun. Default: hello on 4 PEs.
set -e
example=${1:-hello}
npes=${2:-4}
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
"$root/scripts/build.sh" openmpi "$root/build-openmpi" >/dev/null
cmake --install "$root/build-openmpi" --prefix "$root/install" >/dev/null
"$root/install/bin/oshcc" -O2 -o "$root/install/$example" "$root/examples/$example.c"
exec "$root/install/bin/oshrun" -np "$npes" "$root/install/$example"
