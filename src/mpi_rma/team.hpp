// The MPI communicator behind a team or an active set (mpi_rma only).
#pragma once

#include <mpi.h>

#include "port/collectives.hpp"

struct shmemi::transport::Comm {
  MPI_Comm comm = MPI_COMM_NULL;
};

namespace shmemi::mpi {

inline MPI_Comm comm_of(const transport::Comm &team) { return team.comm; }

} // namespace shmemi::mpi
