#!/bin/sh
# test-all.sh: builds the library against MPICH and against Open MPI and runs
# the whole test suite with each (unit tests, multi-PE tests, examples,
# installed tools). Extra arguments go to ctest, e.g. -L amo or -LE large.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
status=0
for mpi in mpich openmpi; do
  echo "=== $mpi: build"
  "$root/scripts/build.sh" "$mpi" "$root/build-$mpi"
  echo "=== $mpi: test"
  (cd "$root/build-$mpi" && ctest --output-on-failure --timeout 600 "$@") || status=1
done
[ "$status" -eq 0 ] && echo "=== all tests passed on MPICH and Open MPI"
exit "$status"
