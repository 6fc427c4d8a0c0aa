// One-sided calls taking turns where the MPI library needs it (Open MPI
// under SHMEM_THREAD_MULTIPLE).
#pragma once

#include <mutex>

#include "mpi_rma/mpi_check.hpp"

namespace shmemi::mpi_rma {

// Open MPI 4.1's osc/ucx at times fails (MPI_Accumulate: MPI_ERR_OTHER;
// docs/bench/notes.md, "Threads") when threads issue one-sided calls at
// once, on any windows, so under SHMEM_THREAD_MULTIPLE they take turns
// there: this holds a lock for the one-sided calls and their flushes (never
// across a collective or a wait). Nothing with a single program thread, nor
// on MPICH, whose MPI_THREAD_MULTIPLE has no such fault.
inline std::mutex rma_turns;
inline std::unique_lock<std::mutex> serialize_rma() {
#ifdef OPEN_MPI
  if (activity.concurrent) return std::unique_lock<std::mutex>(rma_turns);
#endif
  return {};
}

} // namespace shmemi::mpi_rma
