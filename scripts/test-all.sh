#!/bin/sh
# test-all.sh: builds the library against MPICH and against Open MPI and runs
# the whole test suite with each (unit tests, multi-PE tests, examples,
# installed tools), again with each in forced inter-node mode (no shared
# memory between PEs; not the error-message tests, which do not depend on
# the data path), then the suite once more on MPICH built with
# AddressSanitizer and LeakSanitizer, and the threaded tests on both MPIs
# built with ThreadSanitizer (scripts/test-tsan.sh), and last the multi-PE
# programs on 2 and on 4 emulated hosts with both MPIs (scripts/test-cluster.sh; it
# says SKIPPED where namespaces cannot be made). Tests run SHMEM_TEST_JOBS
# at a time (default 2; PEs wait by yielding, so two jobs share two cores).
# Extra arguments go to ctest, e.g. -L amo or -LE large.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
status=0
export CTEST_PARALLEL_LEVEL="${SHMEM_TEST_JOBS:-2}"
stage() { echo "=== $(date +%T) $*"; }
for mpi in mpich openmpi; do
  stage "$mpi: build"
  "$root/scripts/build.sh" "$mpi" "$root/build-$mpi"
  stage "$mpi: test"
  (cd "$root/build-$mpi" && ctest --output-on-failure --timeout 600 "$@") || status=1
  stage "$mpi: test with SHMEM_FORCE_INTERNODE=1 (every PE its own node: all through MPI RMA)"
  # (not the tools, nor the 2 GiB collectives: MPI collectives either way,
  # nor the error messages)
  (cd "$root/build-$mpi" && SHMEM_FORCE_INTERNODE=1 ctest --output-on-failure --timeout 600 \
     -LE "tools|errors" -E coll_large "$@") || status=1
done
stage "mpich + AddressSanitizer/LeakSanitizer: build and test"
"$root/scripts/test-asan.sh" "$root/build-asan-mpich" "$@" || status=1
for mpi in mpich openmpi; do
  stage "$mpi + ThreadSanitizer: the threaded tests"
  "$root/scripts/test-tsan.sh" "$root/build-tsan-$mpi" "$mpi" || status=1
done
stage "MPICH and Open MPI across 2 and 4 emulated hosts"
"$root/scripts/test-cluster.sh" "$root/build-mpich" "$root/build-openmpi" || status=1
[ "$status" -eq 0 ] && stage "all tests passed on MPICH, Open MPI (each on-node and forced inter-node), MPICH under AddressSanitizer, both under ThreadSanitizer and both across emulated hosts"
exit "$status"
