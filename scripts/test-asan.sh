#!/bin/sh
# test-asan.sh [build dir] [ctest args...]: builds the library, tests and
# examples with AddressSanitizer against MPICH and runs the suite without
# the large and tools labels. LeakSanitizer is on; leaks inside MPI and the
# libraries under it are suppressed by tests/support/lsan.supp.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
dir=${1:-$root/build-asan-mpich}
[ $# -gt 0 ] && shift
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHMEM_SANITIZE=address \
  -DMPI_C_COMPILER=mpicc.mpich -DMPI_CXX_COMPILER=mpicxx.mpich \
  -DMPIEXEC_EXECUTABLE="$(command -v mpiexec.mpich)" >/dev/null
cmake --build "$dir" -j "$(nproc)"
cd "$dir" && ctest --output-on-failure --timeout 600 -LE "large|tools" "$@"
