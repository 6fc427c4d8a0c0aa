#!/bin/sh
# pe1_env.sh VAR=value... -- program args...: runs the program with the
# assignments exported on the PE of rank 1 only (MPICH's PMI_RANK, Open MPI's
# OMPI_COMM_WORLD_RANK), the way a variable set on one host reaches only the
# PEs there.
while [ "$1" != -- ]; do
  case "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-}}" in 1) export "$1" ;; esac
  shift
done
shift
exec "$@"
