// The library's progress thread (progress.cpp) and the nonblocking
// collectives that keep it calling into MPI.
#pragma once

#include <atomic>

namespace shmemi::mpi_rma {

// The library's progress thread (progress.cpp): it calls into MPI every
// `interval_us` so that operations targeting this PE complete while the
// program computes. Needs MPI_THREAD_MULTIPLE. With a wake-up flag (every
// PE on this node) it calls in only for a while after the flag was set.
// Makes a communicator on every PE, thread or not (interval 0).
void progress_start(unsigned interval_us, std::atomic<int> *wake);
void progress_stop();
// Nonblocking collectives started and not completed (coll_nbi.cpp): while
// there are any, the thread calls in after every interval in which the
// program made no MPI call, also where every PE is on this node, so that a
// PE that computes long does not hold back the members waiting for its part.
extern std::atomic<unsigned> collectives_in_flight;

} // namespace shmemi::mpi_rma
