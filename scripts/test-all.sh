#!/bin/sh
# test-all.sh: checks the layout of the sources and that no comment of the
# code states a measured figure (scripts/check-format.sh),
# builds the library against MPICH and against Open MPI and runs the whole
# test suite with each (unit tests, multi-PE tests, examples, installed
# tools), again with each in forced inter-node mode (no shared memory
# between PEs; not the tools nor the error-message tests, which do not
# depend on the data path), then the suite once more on MPICH built with
# AddressSanitizer and LeakSanitizer, and the threaded tests on both MPIs
# built with ThreadSanitizer (scripts/test-tsan.sh), and last the multi-PE
# programs on 2 and on 4 emulated hosts with both MPIs
# (scripts/test-cluster.sh; it says SKIPPED where namespaces cannot be
# made) and the hybrid MPI + OpenSHMEM programs there
# (tests/cluster/hybrid_cluster.sh), and the same library on a Slurm
# cluster of emulated hosts: srun, sbatch and salloc with both MPIs
# (tests/cluster/slurm_cluster.sh; SKIPPED without namespaces or Slurm's
# packages). Tests run SHMEM_TEST_JOBS at a time (default 2; PEs wait by
# yielding, so two jobs share two cores). The last lines name every stage
# and test that failed. Extra arguments go to ctest, e.g. -L amo or -LE large.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
"$root/scripts/deps.sh"
export CTEST_PARALLEL_LEVEL="${SHMEM_TEST_JOBS:-2}"
failed=""
stage() { echo "=== $(date +%T) $*"; }
# fail STAGE [BUILD_DIR]: records a failed stage and the tests ctest failed in it
fail() {
  tests=""
  log="${2:-}/Testing/Temporary/LastTestsFailed.log"
  [ -n "${2:-}" ] && [ -f "$log" ] && tests=": $(cut -d: -f2 "$log" | tr '\n' ' ')"
  failed="$failed
  $1$tests"
}
stage "the sources' layout"
"$root/scripts/check-format.sh" || fail "format (scripts/check-format.sh)"
for mpi in mpich openmpi; do
  build="$root/build-$mpi"
  stage "$mpi: build"
  "$root/scripts/build.sh" "$mpi" "$build"
  stage "$mpi: test"
  (cd "$build" && ctest --output-on-failure --timeout 600 "$@") || fail "$mpi on a node" "$build"
  stage "$mpi: test with SHMEM_FORCE_INTERNODE=1 (every PE its own node: all through MPI RMA)"
  # (not the tools, nor the 2 GiB collectives: MPI collectives either way,
  # nor the error messages, nor the unit tests, whose fixture clears
  # SHMEM_FORCE_INTERNODE and runs the same cases as on a node, nor the
  # hybrid tests, which set SHMEM_FORCE_INTERNODE themselves)
  (cd "$build" && SHMEM_FORCE_INTERNODE=1 ctest --output-on-failure --timeout 600 \
     -LE "tools|errors|unit|hybrid" -E coll_large "$@") || fail "$mpi forced inter-node" "$build"
done
stage "mpich + AddressSanitizer/LeakSanitizer: build and test"
"$root/scripts/test-asan.sh" "$root/build-asan-mpich" "$@" || fail "mpich ASan" "$root/build-asan-mpich"
for mpi in mpich openmpi; do
  stage "$mpi + ThreadSanitizer: the threaded tests"
  "$root/scripts/test-tsan.sh" "$root/build-tsan-$mpi" "$mpi" || fail "$mpi TSan" "$root/build-tsan-$mpi"
done
stage "MPICH and Open MPI across 2 and 4 emulated hosts"
"$root/scripts/test-cluster.sh" "$root/build-mpich" "$root/build-openmpi" || fail "emulated hosts"
stage "hybrid MPI + OpenSHMEM programs across 2 emulated hosts, with the race detector"
"$root/tests/cluster/hybrid_cluster.sh" "$root/build-mpich" "$root/build-openmpi" ||
  fail "hybrid programs across emulated hosts (tests/cluster/hybrid_cluster.sh)"
stage "Slurm across 2 and 4 emulated hosts: srun, sbatch, salloc with MPICH and Open MPI"
"$root/tests/cluster/slurm_cluster.sh" "$root/build-mpich" "$root/build-openmpi" ||
  fail "Slurm across emulated hosts (tests/cluster/slurm_cluster.sh)"
if [ -n "$failed" ]; then
  stage "FAILED:$failed"
  exit 1
fi
stage "all tests passed on MPICH, Open MPI (each on-node and forced inter-node), MPICH under AddressSanitizer, both under ThreadSanitizer and both across emulated hosts, also under Slurm"
