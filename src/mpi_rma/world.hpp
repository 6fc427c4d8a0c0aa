// The world (world.cpp): the library's communicators and the PE numbers,
// written by world.cpp as MPI starts and stops, read by the layer's files.
#pragma once

#include <mpi.h>

#include <vector>

namespace shmemi::mpi_rma {

struct World {
  MPI_Comm comm = MPI_COMM_NULL; // the library's duplicate of MPI_COMM_WORLD
  int my_pe = -1;
  int n_pes = 0;
  MPI_Comm node = MPI_COMM_NULL; // the PEs whose heaps are mapped here
  std::vector<int> node_pes;     // their world PE numbers, in node rank order
  // Every PE was made its own node on request (SHMEM_FORCE_INTERNODE),
  // though PEs may share one: MPI may allocate windows as shared memory.
  bool split_forced = false;
};

extern World world;

} // namespace shmemi::mpi_rma
