// memory_sync: the local and the RMA view of symmetric memory made to
// agree, around collectives and in poll.
#pragma once

#include <atomic>

namespace shmemi::mpi_rma {

// Every window has the unified memory model: written by channels.cpp
// (channels_start).
extern bool windows_unified;

// The local and the RMA view of symmetric memory agree: a CPU fence where
// every window is unified, else MPI_Win_sync on each (sync_windows,
// channels.cpp). Collectives do it before and after they touch symmetric
// buffers; inline, since the unified case is no instruction on x86. In the
// unified model (both MPIs here) the window is the memory itself and
// MPI_Win_sync is a memory barrier, but Open MPI's osc/ucx also fences its
// UCX worker there (ucp_worker_fence, and progress): 4 of them made a
// forced inter-node barrier_all far slower than MPI_Barrier
// (docs/bench/notes.md, "Quiet and memory_sync"). The
// collective that follows or precedes is the synchronization between PEs
// (its own flags order its messages), so an acquire-release fence is the
// barrier the model asks for: an instruction on weakly ordered CPUs, none
// on x86, where the sequentially consistent one was a locked instruction
// twice per collective.
void sync_windows();
inline void memory_sync() {
  if (windows_unified)
    std::atomic_thread_fence(std::memory_order_acq_rel);
  else
    sync_windows();
}

} // namespace shmemi::mpi_rma
