// The MPI communicator behind a team or an active set (mpi_rma only).
#pragma once

#include <mpi.h>

#include "transport/collectives.hpp"

struct shmemi::transport::Group {
  MPI_Comm comm = MPI_COMM_NULL;
  // A duplicate for the second phase of nonblocking collects (coll_nbi.cpp),
  // asked for by the first of them (MPI_Comm_idup sets it when complete).
  mutable MPI_Comm later = MPI_COMM_NULL;
  mutable bool later_asked = false;
};

namespace shmemi::mpi_rma {

inline MPI_Comm comm_of(const transport::Group &team) { return team.comm; }

} // namespace shmemi::mpi_rma
