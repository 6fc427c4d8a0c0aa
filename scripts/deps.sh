#!/bin/sh
# Installs what building and testing need (Debian/Ubuntu), if anything is
# missing: both MPIs side by side, CMake, C++ and Fortran compilers, GoogleTest,
# clang-format (scripts/check-format.sh), and
# what scripts/test-cluster.sh needs to emulate hosts, man-db (the tools
# test of the man pages), Python with cffi and numpy (the shmem4py test)
# and mpi4py (the hybrid Python tests, tests/pe/hybrid.cmake), and Slurm's
# controller, node daemon and commands (tests/cluster/slurm_cluster.sh).
set -e
need=""
for tool in mpicc.mpich mpicc.openmpi cmake g++ gfortran pkg-config man groff clang-format; do
  command -v "$tool" >/dev/null 2>&1 || need=yes
done
[ -f /usr/include/gtest/gtest.h ] || need=yes
# scripts/test-cluster.sh: namespaces (ip, unshare) and the MPICH shim's UCX headers
command -v ip >/dev/null 2>&1 || need=yes
[ -f /usr/include/ucp/api/ucp.h ] || need=yes
# tests/cluster/slurm_cluster.sh: Debian's Slurm (its MPI plugins come with it)
for tool in slurmctld slurmd srun; do
  command -v "$tool" >/dev/null 2>&1 || need=yes
done
# tests/tools/shmem4py_test.sh: Debian's Python with cffi, numpy and its headers
/usr/bin/python3 -c 'import cffi, numpy, setuptools, mpi4py' >/dev/null 2>&1 || need=yes
[ -n "$(ls /usr/include/python3*/Python.h 2>/dev/null)" ] || need=yes
[ -z "$need" ] && exit 0
echo "deps.sh: installing MPICH, Open MPI, CMake, g++, gfortran, GoogleTest, man-db and Slurm with apt-get"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends \
  build-essential gfortran cmake pkg-config libgtest-dev clang-format \
  mpich libmpich-dev openmpi-bin libopenmpi-dev iproute2 util-linux libucx-dev \
  man-db groff-base python3 python3-dev python3-cffi python3-numpy python3-setuptools python3-mpi4py \
  slurmctld slurmd slurm-client >/dev/null
