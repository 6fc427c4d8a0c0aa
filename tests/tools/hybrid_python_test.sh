#!/bin/sh
# hybrid_python_test.sh DETECTOR SCRIPT ARGS...: a Python program that uses
# shmem4py and mpi4py together (tests/pe/hybrid_python.py,
# tests/pe/hybrid.cmake), run on 2 PEs under the installed oshrun with
# DETECTOR (the race detector, tests/support/mpi_overlap.c, or "none")
# preloaded on each PE; the job's status is the test's.
#
# Run by CTest with tools_test.sh's environment (TOOLS_PREFIX,
# TOOLS_MPI_FLAVOR), TOOLS_WORK_DIR being where the test
# tools_shmem4py_build built shmem4py (tools/shmem4py_test.sh build). Exits
# 77 (CTest: skipped) where shmem4py is not built there (its source or
# Python's cffi, numpy or headers are missing), or Debian's python3-mpi4py
# is missing or built on another MPI than the library's.
set -eu
LC_ALL=C
export LC_ALL
# oshrun itself makes Open MPI accept root and oversubscription.
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe

python=${SHMEM4PY_PYTHON:-/usr/bin/python3}
detector=${1:?usage: hybrid_python_test.sh DETECTOR|none SCRIPT ARGS...}
shift

skip() {
  echo "SKIPPED: $*"
  exit 77
}
ls "$TOOLS_WORK_DIR"/shmem4py/src/shmem4py/*.so >/dev/null 2>&1 ||
  skip "shmem4py is not built in $TOOLS_WORK_DIR (the test tools_shmem4py_build builds it)"
# Debian's mpi4py is built on one MPI (Open MPI on Debian 12); the
# library's must be the same.
mpich=$("$python" -c 'import glob, os, mpi4py
so = glob.glob(os.path.join(os.path.dirname(mpi4py.__file__), "MPI.*.so"))[0]
print(int(b"libmpich" in open(so, "rb").read()))' 2>/dev/null) ||
  skip "$python has no mpi4py (apt-get install python3-mpi4py)"
case "$TOOLS_MPI_FLAVOR:$mpich" in
  openmpi:0 | mpich:1) ;;
  *) skip "$python's mpi4py is built on another MPI than $TOOLS_MPI_FLAVOR" ;;
esac
preload=""
[ "$detector" = none ] || preload="LD_PRELOAD=$detector"
PYTHONPATH=$TOOLS_WORK_DIR/shmem4py/src
export PYTHONPATH
echo "+ oshrun -np 2 env $preload $python $*"
# shellcheck disable=SC2086 # no preload: no word
exec "$TOOLS_PREFIX/bin/oshrun" -np 2 env $preload "$python" "$@"
