#!/bin/sh
# run-example.sh [example] [PEs]: builds the library with Open MPI, installs
# it under ./install, compiles examples/<example>.c with the installed oshcc
# (examples/<example>.f, e.g. ring.f, with oshfort) and runs it with oshrun.
# Default: hello on 4 PEs.
set -e
example=${1:-hello}
npes=${2:-4}
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
"$root/scripts/build.sh" openmpi "$root/build-openmpi" >/dev/null
cmake --install "$root/build-openmpi" --prefix "$root/install" >/dev/null
case "$example" in
  *.f) program=${example%.f}_f
       "$root/install/bin/oshfort" -O2 -o "$root/install/$program" "$root/examples/$example" ;;
  *) program=$example
     "$root/install/bin/oshcc" -O2 -o "$root/install/$program" "$root/examples/$example.c" ;;
esac
exec "$root/install/bin/oshrun" -np "$npes" "$root/install/$program"
