// Which way operations through MPI complete while their target PE
// computes, chosen before MPI starts: a progress thread needs
// MPI_THREAD_MULTIPLE, which slows every MPI call of the process, the
// program's own too (docs/decisions/progress.md).
#pragma once

#include <string>

#include "base/config.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

struct ProgressPlan {
  bool thread = false;   // a thread that calls into MPI
  bool multiple = false; // ... at MPI_THREAD_MULTIPLE, never taking turns
  std::string why;       // for the SHMEM_DEBUG line
};

// From the request (settings, forced inter-node mode, whether node peers
// will map all of each other's memory), the launcher's environment
// (whether every PE of the job runs on this node) and the MPI and network
// in use. `env` reads the process's environment.
ProgressPlan plan_progress(const transport::StartRequest &request, const EnvLookup &env);

// The MPI thread level the library starts MPI at: MPI's level for the
// SHMEM_THREAD_* level requested, and with a progress thread at least
// MPI_THREAD_SERIALIZED (its calls and the program thread's take turns:
// mpi_check.hpp, Activity), or MPI_THREAD_MULTIPLE if the plan says so.
int mpi_thread_level(int shmem_level, const ProgressPlan &plan);

// The SHMEM_THREAD_* level an MPI thread level allows.
int shmem_thread_level(int mpi_level);

} // namespace shmemi::mpi_rma
