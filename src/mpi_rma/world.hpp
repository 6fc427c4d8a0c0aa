// The world (world.cpp): the library's communicator and the PE numbers,
// read by the layer's files; the first of the backend's parts (parts.cpp).
#pragma once

#include <mpi.h>

#include "transport/job.hpp"

namespace shmemi::mpi_rma {

struct World {
  MPI_Comm comm = MPI_COMM_NULL; // the library's duplicate of MPI_COMM_WORLD
  int my_pe = -1;
  int n_pes = 0;
};

extern World world;

// MPI held (hybrid.hpp, library_hold: started at thread `level` unless the
// program started it) and the library's communicator made, on which errors
// return. Collective over MPI_COMM_WORLD.
transport::Identity world_start(bool split_nodes, int level);
// The communicator freed; MPI stays held (transport::release).
void world_stop();

} // namespace shmemi::mpi_rma
