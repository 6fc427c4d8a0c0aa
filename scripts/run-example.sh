#!/bin/sh
# run-example.sh [example] [PEs]: builds the library and its tools with Open
# MPI in ./build-example (no tests, examples or benchmarks; the build's
# output goes to build-example/build.log and is printed only on failure),
# installs them under ./install, compiles examples/<example>.c with the
# installed oshcc (examples/<example>.f or .f90, e.g. ring.f, with oshfort) and runs
# it with oshrun. Default: hello on 4 PEs.
set -e
example=${1:-hello}
npes=${2:-4}
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
build=$root/build-example
prefix=$root/install
case "$example" in
  *.f) source=$root/examples/$example program=${example%.f}_f tool=oshfort ;;
  *.f90) source=$root/examples/$example program=${example%.f90}_f08 tool=oshfort ;;
  *) source=$root/examples/$example.c program=$example tool=oshcc ;;
esac
if [ ! -f "$source" ]; then
  echo "run-example.sh: no $source; the examples are:" $(cd "$root/examples" && ls *.c *.f *.f90) >&2
  exit 2
fi
"$root/scripts/deps.sh"

mkdir -p "$build"
log=$build/build.log
: >"$log"
# quiet COMMAND...: runs COMMAND with its output in the log; on failure
# prints the log and stops.
quiet() {
  if ! "$@" >>"$log" 2>&1; then
    cat "$log" >&2
    echo "run-example.sh: failed: $* (log: $log)" >&2
    exit 1
  fi
}
echo "run-example.sh: building the library with Open MPI in $build (log: $log)" >&2
quiet cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMPI_C_COMPILER=mpicc.openmpi -DMPI_CXX_COMPILER=mpicxx.openmpi \
  -DMPIEXEC_EXECUTABLE="$(command -v mpiexec.openmpi)" \
  -DSHMEM_BUILD_TESTS=OFF -DSHMEM_BUILD_EXAMPLES=OFF -DSHMEM_BUILD_BENCHMARKS=OFF
quiet cmake --build "$build" -j "$(nproc)"
quiet cmake --install "$build" --prefix "$prefix"

if [ ! -x "$prefix/bin/$tool" ]; then
  echo "run-example.sh: $prefix/bin/$tool was not installed (no Fortran compiler found?)" >&2
  exit 1
fi
"$prefix/bin/$tool" -O2 -o "$prefix/$program" "$source"
exec "$prefix/bin/oshrun" -np "$npes" "$prefix/$program"
