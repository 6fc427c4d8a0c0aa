// The wake-up flags (wake.cpp), a part of the backend (parts.cpp), and
// their setting after an operation through MPI.
#pragma once

#include <atomic>
#include <cstddef>
#include <vector>

namespace shmemi::mpi_rma {

// When every PE is on this node: per PE, its wake-up flag (the first word
// of its region's backend room, backend_room), set by a PE that sends it
// an operation through MPI, so that its progress thread calls into MPI
// only then. Empty otherwise. Written by wake_start and wake_stop.
extern std::vector<std::atomic<int> *> wake_flags;

// transport::expose_heap, after windows_start: the flags in the backend
// rooms (windows.hpp), where every region is mapped here; this PE's
// cleared.
void wake_start();
void wake_stop();
// This PE's flag for its progress thread; null where PEs have none.
std::atomic<int> *own_wake_flag();

// Sets `pe`'s wake-up flag, where PEs have them, after an operation to it
// through MPI (its progress thread then calls into MPI for a while).
inline void wake_target(int pe) {
  if (!wake_flags.empty()) {
    std::atomic<int> &wake = *wake_flags[static_cast<std::size_t>(pe)];
    if (wake.load(std::memory_order_relaxed) == 0) wake.store(1, std::memory_order_relaxed);
  }
}

} // namespace shmemi::mpi_rma
