#!/bin/sh
# Building an OpenSHMEM program without a build system, in the two usual
# ways, here for ../ring.c:
#   1. the compiler wrapper oshcc, which adds the include path, the library
#      and MPI (oshc++ / oshCC for C++);
#   2. any C compiler with the flags that pkg-config reads from shmem.pc.
# Put the installed bin/ on PATH and lib/pkgconfig on PKG_CONFIG_PATH, then
#   sh build.sh            builds ./ring_oshcc and ./ring_pkgconfig
#   oshrun -np 4 ./ring_oshcc
# (The library's test tools_command_line runs this against a fresh install.)
set -eu
source=$(dirname "$0")/../ring.c

oshcc -O2 -Wall "$source" -o ring_oshcc

# shellcheck disable=SC2046 # pkg-config prints several words on purpose
cc -O2 -Wall $(pkg-config --cflags shmem) "$source" $(pkg-config --libs shmem) -o ring_pkgconfig
