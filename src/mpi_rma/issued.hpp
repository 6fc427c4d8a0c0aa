// What follows the MPI call of a one-sided operation: its target's wake-up
// flag, and its count for the next quiet of its channel.
#pragma once

#include <mpi.h>

#include <atomic>

#include "mpi_rma/channel.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/wake.hpp"

namespace shmemi::mpi_rma {

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
