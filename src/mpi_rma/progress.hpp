// The library's progress thread (progress.cpp) and the nonblocking
// collectives that keep it calling into MPI.
#pragma once

#include <atomic>

#include "transport/job.hpp"

namespace shmemi::mpi_rma {

// The library's progress thread (progress.cpp): it calls into MPI every
// SHMEM_PROGRESS_INTERVAL us so that operations targeting this PE complete
// while the program computes, where the plan made before MPI started says
// they need it (progress_plan.hpp). With a wake-up flag (every PE on this
// node) it calls in only for a while after the flag was set.
// Before MPI starts: plans the progress `request` needs; returns the MPI
// thread level to start MPI at.
int progress_plan(const transport::StartRequest &request);
// Once the windows are made (`windows`: operations reach PEs through
// MPI): starts the thread if the plan wants it and MPI's thread level
// allows it (MPI_THREAD_MULTIPLE), else at
// SHMEM_THREAD_SINGLE a thread that makes no MPI call and only samples
// the program thread's CPU time for the end-of-job check. Makes a
// communicator on every PE, thread or not. Collective.
void progress_start(bool windows, std::atomic<int> *wake);
void progress_stop();
// Nonblocking collectives started and not completed (coll_nbi.cpp): while
// there are any, the thread calls in after every interval in which the
// program made no MPI call, also where every PE is on this node, so that a
// PE that computes long does not hold back the members waiting for its part.
extern std::atomic<unsigned> collectives_in_flight;

} // namespace shmemi::mpi_rma
