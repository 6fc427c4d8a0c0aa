// The MPI communicator behind a team or an active set (mpi_rma only).
#pragma once

#include <mpi.h>

#include "core/context.hpp"

struct shmemi_team::Comm {
  MPI_Comm comm = MPI_COMM_NULL;
};

namespace shmemi::mpi {

inline MPI_Comm comm_of(const shmemi_team &team) { return team.comm->comm; }

} // namespace shmemi::mpi
