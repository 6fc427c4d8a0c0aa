#!/bin/sh
# shmem4py_test.sh [build|test]: Python programs use the library through
# shmem4py, the OpenSHMEM binding for Python, unmodified: its source is
# copied into a scratch directory (TOOLS_WORK_DIR), built with the installed
# oshcc (as its documentation says: OSHCC=<prefix>/bin/oshcc python3
# setup.py build_ext --inplace), and its own test suite runs under the
# installed oshrun at 2 PEs (and 4 on Open MPI). "build" only builds it
# (CTest's fixture for this test and the hybrid Python tests,
# tests/pe/hybrid.cmake), "test" only runs the suite on that build; no
# argument does both. Run by CTest (tests/tools.cmake) with tools_test.sh's
# environment. Exits 77 (CTest: skipped) where the shmem4py source
# (SHMEM4PY_SOURCE, by default ../shared/clients/shmem4py next to this
# repository) or Debian's python3-cffi, python3-numpy and python3-dev are
# missing, and under "test" where "build" did not build it.
set -eu
LC_ALL=C
export LC_ALL
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe

source_dir=${SHMEM4PY_SOURCE:-$TOOLS_SOURCE_DIR/../../../shared/clients/shmem4py}
python=${SHMEM4PY_PYTHON:-/usr/bin/python3}
prefix=$TOOLS_PREFIX
work=$TOOLS_WORK_DIR

skip() {
  echo "SKIPPED: $*"
  exit 77
}
[ -f "$source_dir/setup.py" ] || skip "no shmem4py source at $source_dir (set SHMEM4PY_SOURCE)"
"$python" -c 'import cffi, numpy, sysconfig, os.path as p
assert p.exists(p.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null ||
  skip "$python lacks cffi, numpy or its headers (apt-get install python3-cffi python3-numpy python3-dev)"

step=${1:-all}
if [ "$step" != test ]; then
  rm -rf "$work"
  mkdir -p "$work"
  cp -R "$source_dir" "$work/shmem4py"
  cd "$work/shmem4py"
  rm -rf build src/shmem4py/*.so
  echo "+ OSHCC=$prefix/bin/oshcc $python setup.py build_ext --inplace"
  OSHCC=$prefix/bin/oshcc "$python" setup.py build_ext --inplace >build.log 2>&1 || {
    tail -40 build.log
    echo "FAIL: shmem4py does not build against the installed library" >&2
    exit 1
  }
  [ "$step" = build ] && { echo "shmem4py built in $work/shmem4py"; exit 0; }
else
  ls "$work"/shmem4py/src/shmem4py/*.so >/dev/null 2>&1 ||
    skip "shmem4py is not built in $work (the test tools_shmem4py_build builds it)"
  cd "$work/shmem4py"
fi
counts=2
[ "$TOOLS_MPI_FLAVOR" = openmpi ] && counts="2 4"
for np in $counts; do
  echo "+ oshrun -np $np $python -m unittest discover -s test"
  PYTHONPATH=$PWD/src "$prefix/bin/oshrun" -np "$np" "$python" -m unittest discover -s test ||
    { echo "FAIL: shmem4py's tests at $np PEs" >&2; exit 1; }
done
echo "shmem4py's test suite passed"
