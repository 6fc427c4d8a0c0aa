// This PE's ending record (transport::Ending, ending.cpp): where it lies,
// its words, and in it the count of this PE's threads blocked in a wait for
// other PEs (count_blocked, Blocked).
#pragma once

#include <cstddef>
#include <cstdint>

#include "mpi_rma/mpi_check.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

// The ending records in the backend's room of each region (windows.hpp),
// this PE's cleared; `windows_made`: the default channel's heap window
// reaches the others' (start_rma). And their end. Local.
void ending_start(bool windows_made);
void ending_stop();

// This PE's ending record: its words in the window, written by ending.cpp
// (ending_start, ending_stop); null: none yet.
extern std::uint64_t *ending_record;

// One word of this PE's ending record, at `offset` bytes.
inline std::uint64_t *ending_word(std::size_t offset) {
  return ending_record + offset / sizeof(std::uint64_t);
}

// transport::count_blocked: counts a thread of this PE that starts (delta
// 1) or stops (-1) waiting for other PEs, and the wait itself, in this
// PE's ending record, which only its threads write: with one program thread
// loads and stores, under SHMEM_THREAD_MULTIPLE atomic adds. Inline: every
// MPI collective passes here twice, and as calls they showed among the
// library's instructions around a forced inter-node MPI_Allreduce
// (docs/bench/notes.md, "The library's work around each MPI call").
[[gnu::always_inline]] inline void count_blocked(int delta) {
  if (ending_record == nullptr) return;
  std::uint64_t *blocked = ending_word(offsetof(transport::Ending, blocked));
  std::uint64_t *waits = ending_word(offsetof(transport::Ending, waits));
  if (activity.concurrent) {
    __atomic_fetch_add(blocked, static_cast<std::uint64_t>(delta), __ATOMIC_RELEASE);
    __atomic_fetch_add(waits, 1, __ATOMIC_RELEASE);
    return;
  }
  __atomic_store_n(blocked,
                   __atomic_load_n(blocked, __ATOMIC_RELAXED) + static_cast<std::uint64_t>(delta),
                   __ATOMIC_RELEASE);
  __atomic_store_n(waits, __atomic_load_n(waits, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
}

// While it lives, a thread of this PE is blocked in a wait for other PEs
// (MPI collectives). It cannot re-check anything there, so the end-of-job
// check takes the CPU time it spends inside as its confirmation
// (progress.cpp, sample_cpu): nothing more on this path.
struct Blocked {
  Blocked() { count_blocked(1); }
  ~Blocked() { count_blocked(-1); }
  Blocked(const Blocked &) = delete;
  Blocked &operator=(const Blocked &) = delete;
};

} // namespace shmemi::mpi_rma
