// The progress thread. Both MPIs here leave some one-sided operations
// waiting for the target to enter MPI (MPICH: accumulates on MPI_Win_allocate
// windows; Open MPI: accumulates on dynamic windows and with osc/ucx). The
// spec wants them to complete while the target computes, so a thread of the
// library calls into MPI at a fixed interval, sleeping in between.
#include <atomic>
#include <chrono>
#include <thread>

#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/state.hpp"

namespace shmemi::mpi {

std::atomic<unsigned long> activity{0};

namespace {

// Not a plain global: a joinable std::thread destroyed at exit (MPI_Abort
// calls exit) would terminate the process.
std::thread *worker = nullptr;
std::atomic<bool> running{false};
MPI_Comm progress_comm = MPI_COMM_NULL; // nothing is ever sent on it

// Calls into MPI only after an interval in which the program did not: a
// second thread polling while the first does costs both (measured: MPI
// locks, and a core taken on a 2-core machine).
void progress_loop(std::chrono::microseconds interval) {
  unsigned long seen = activity.load(std::memory_order_relaxed);
  while (running.load(std::memory_order_acquire)) {
    std::this_thread::sleep_for(interval);
    const unsigned long now = activity.load(std::memory_order_relaxed);
    if (now != seen) {
      seen = now;
      continue;
    }
    int flag = 0;
    SHMEMI_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_comm, &flag,
                          MPI_STATUS_IGNORE));
  }
}

} // namespace

void progress_start(unsigned interval_us) {
  SHMEMI_MPI(MPI_Comm_dup(state.comm, &progress_comm));
  running.store(true, std::memory_order_release);
  worker = new std::thread(progress_loop, std::chrono::microseconds(interval_us));
}

void progress_stop() {
  if (worker == nullptr) return;
  running.store(false, std::memory_order_release);
  worker->join();
  delete worker;
  worker = nullptr;
  SHMEMI_MPI(MPI_Comm_free(&progress_comm));
}

} // namespace shmemi::mpi
