#!/bin/sh
# Installs what building and testing need (Debian/Ubuntu), if anything is
# missing: both MPIs side by side, CMake, C++ and Fortran compilers, GoogleTest, and
# what scripts/test-cluster.sh needs to emulate hosts, and man-db (the tools
# test of the man pages).
set -e
need=""
for tool in mpicc.mpich mpicc.openmpi cmake g++ gfortran pkg-config man groff; do
  command -v "$tool" >/dev/null 2>&1 || need=yes
done
[ -f /usr/include/gtest/gtest.h ] || need=yes
# scripts/test-cluster.sh: namespaces (ip, unshare) and the MPICH shim's UCX headers
command -v ip >/dev/null 2>&1 || need=yes
[ -f /usr/include/ucp/api/ucp.h ] || need=yes
[ -z "$need" ] && exit 0
echo "deps.sh: installing MPICH, Open MPI, CMake, g++, gfortran, GoogleTest and man-db with apt-get"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends \
  build-essential gfortran cmake pkg-config libgtest-dev \
  mpich libmpich-dev openmpi-bin libopenmpi-dev iproute2 util-linux libucx-dev \
  man-db groff-base >/dev/null
