#!/bin/sh
# test-all.sh: builds the library against MPICH and against Open MPI and runs
# the whole test suite with each (unit tests, multi-PE tests, examples,
# installed tools), again with each in forced inter-node mode (no shared
# memory between PEs; not the error-message tests, which do not depend on
# the data path), then the suite once more on MPICH built with
# AddressSanitizer and LeakSanitizer, and the threaded tests on both MPIs
# built with ThreadSanitizer (scripts/test-tsan.sh). Extra arguments go to
# ctest, e.g. -L amo or -LE large.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
status=0
for mpi in mpich openmpi; do
  echo "=== $mpi: build"
  "$root/scripts/build.sh" "$mpi" "$root/build-$mpi"
  echo "=== $mpi: test"
  (cd "$root/build-$mpi" && ctest --output-on-failure --timeout 600 "$@") || status=1
  echo "=== $mpi: test with SHMEM_FORCE_INTERNODE=1 (every PE its own node: all through MPI RMA)"
  # (not the tools, nor the 2 GiB collectives: MPI collectives either way,
  # nor the error messages)
  (cd "$root/build-$mpi" && SHMEM_FORCE_INTERNODE=1 ctest --output-on-failure --timeout 600 \
     -LE "tools|errors" -E coll_large "$@") || status=1
done
echo "=== mpich + AddressSanitizer/LeakSanitizer: build and test"
"$root/scripts/test-asan.sh" "$root/build-asan-mpich" "$@" || status=1
for mpi in mpich openmpi; do
  echo "=== $mpi + ThreadSanitizer: the threaded tests"
  "$root/scripts/test-tsan.sh" "$root/build-tsan-$mpi" "$mpi" || status=1
done
[ "$status" -eq 0 ] && echo "=== all tests passed on MPICH, Open MPI (each on-node and forced inter-node), MPICH under AddressSanitizer and both under ThreadSanitizer"
exit "$status"
