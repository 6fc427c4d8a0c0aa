#!/bin/sh
# build.sh mpich|openmpi [build dir]: configures and builds against one MPI.
set -e
mpi=${1:?usage: build.sh mpich|openmpi [build dir]}
dir=${2:-build-$mpi}
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMPI_C_COMPILER="mpicc.$mpi" -DMPI_CXX_COMPILER="mpicxx.$mpi" \
  -DMPIEXEC_EXECUTABLE="$(command -v "mpiexec.$mpi")" >/dev/null
cmake --build "$dir" -j "$(nproc)"
