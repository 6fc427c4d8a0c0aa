// What follows the MPI call of a one-sided operation: its target's wake-up
// flag, and its count for the next quiet of its channel.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstddef>

#include "mpi_rma/channels.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/world.hpp"

namespace shmemi::mpi_rma {

// Sets `pe`'s wake-up flag, where PEs have them, after an operation to it
// through MPI (its progress thread then calls into MPI for a while).
inline void wake_target(int pe) {
  if (!state.wake.empty()) {
    std::atomic<int> &wake = *state.wake[static_cast<std::size_t>(pe)];
    if (wake.load(std::memory_order_relaxed) == 0) wake.store(1, std::memory_order_relaxed);
  }
}

// Counts an operation issued on `win` of `ch` (after its MPI call) for the
// next quiet. An operation the caller completes itself at once (a blocking
// get or fetching AMO, flushed before it returns) only wakes its target:
// noting it would add instructions to a forced inter-node get, and a flush
// of nothing to the quiet after it.
inline void note_issued(Channel &ch, MPI_Win win, int pe) {
  wake_target(pe);
  std::atomic<int> &targets = win == ch.heap_win ? ch.heap_targets : ch.static_targets;
  const int seen = targets.load(std::memory_order_relaxed);
  if (seen != pe)
    targets.store(seen == Channel::no_target ? pe : Channel::many_targets,
                  std::memory_order_relaxed);
  if (activity.concurrent && !ch.one_thread)
    ch.issued.fetch_add(1, std::memory_order_release);
  else
    ch.issued.store(ch.issued.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

} // namespace shmemi::mpi_rma
