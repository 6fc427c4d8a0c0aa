#!/bin/sh
# test-tsan.sh [build dir] [mpich|openmpi]: builds the library and its
# threaded tests with ThreadSanitizer against that MPI (default mpich) and
# runs them at 1 and 2 PEs, on one node and with SHMEM_FORCE_INTERNODE=1
# (every transfer through MPI). Fails when a test fails or when TSan reports
# anything that tests/support/tsan.supp does not suppress (it suppresses only
# reports whose stacks run through MPI and the libraries under it).
# The reports are left in <build dir>/tsan/.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
mpi=${2:-mpich}
dir=${1:-$root/build-tsan-$mpi}
case $mpi in
  mpich) suffix=mpich ;;
  openmpi) suffix=openmpi ;;
  *) echo "usage: $0 [build dir] [mpich|openmpi]" >&2; exit 2 ;;
esac

# The tests with threads of their own, and those that exercise the
# library's progress thread (which every test has) most.
tests="ctx_threads ctx_quiet_threads ctx_quiet ctx_team ctx_generic ctx_generic_cxx
       amo_progress amo_stress lock_mutex signal_put setup_mpi setup_nested"

# GCC warns that TSan does not model atomic_thread_fence: the library's
# fences order stores that other processes read, which TSan cannot see.
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHMEM_SANITIZE=thread \
  -DCMAKE_CXX_FLAGS=-Wno-tsan -DSHMEM_BUILD_EXAMPLES=OFF \
  -DMPI_C_COMPILER=mpicc.$suffix -DMPI_CXX_COMPILER=mpicxx.$suffix \
  -DMPIEXEC_EXECUTABLE="$(command -v mpiexec.$suffix)" >/dev/null
# shellcheck disable=SC2086
cmake --build "$dir" -j "$(nproc)" --target $tests

reports=$dir/tsan
rm -rf "$reports" && mkdir -p "$reports"
# MPI and the libraries under it are not instrumented: TSan sees their
# memory accesses only through the interceptors they call (memcpy of a put
# that arrived, ...). ignore_noninstrumented_modules drops those: what orders
# them is another process (the sender's flush, then a barrier or a flag),
# which TSan cannot see, and TSan often loses their stacks, so that
# suppressions cannot match them. The library and the tests are
# instrumented and fully checked; tests/support/tsan.supp covers the rest
# of MPI.
# history_size: the longest history, so that stacks are restored.
export TSAN_OPTIONS="ignore_noninstrumented_modules=1 suppressions=$root/tests/support/tsan.supp log_path=$reports/report second_deadlock_stack=1 halt_on_error=0 history_size=7"
# UCX's memory hooks crash under TSan's interceptors; Open MPI's memory
# patcher calls into them at thread exit.
export UCX_MEM_EVENTS=no UCX_MEM_MALLOC_HOOKS=no UCX_MEM_MMAP_HOOK_MODE=none
export OMPI_MCA_memory=^patcher

names=$(echo $tests | tr ' ' '|')
status=0
cd "$dir"
for forced in 0 1; do
  echo "== SHMEM_FORCE_INTERNODE=$forced"
  SHMEM_FORCE_INTERNODE=$forced ctest --output-on-failure --timeout 600 \
    -R "^($names)_np[12]\$" || status=1
done

found=$(cat "$reports"/report.* 2>/dev/null | grep -c "WARNING: ThreadSanitizer" || true)
if [ "$found" -gt 0 ]; then
  cat "$reports"/report.*
  echo "ThreadSanitizer: $found unsuppressed report(s), in $reports" >&2
  status=1
else
  echo "ThreadSanitizer: no unsuppressed reports"
fi
exit $status
