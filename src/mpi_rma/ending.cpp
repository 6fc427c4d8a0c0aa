// The ending records for the end-of-job check (transport.hpp,
// core/ending.cpp): a window of a few words per PE, written locally by its
// owner and read by the others through MPI, and PE 0's count of the PEs at
// the end.
#include <atomic>
#include <cstddef>
#include <cstring>

#include "mpi_rma/ending.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/nodes.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

std::uint64_t *ending_record = nullptr;

namespace {

MPI_Win ending_win = MPI_WIN_NULL; // every PE's ending record

constexpr int ending_words = sizeof(transport::Ending) / sizeof(std::uint64_t);
constexpr MPI_Aint arrived_at = sizeof(transport::Ending); // PE 0's count, after its record
// Each PE's part padded to two cache lines: MPICH places the parts of the
// PEs of a node next to each other in one shared segment, and every MPI
// collective writes its caller's record twice, so records that shared a
// line bounced it between the cores (docs/bench/notes.md, "The library's
// work around each MPI call").
constexpr MPI_Aint ending_bytes = 128;
static_assert(arrived_at + sizeof(std::uint64_t) <= ending_bytes, "the record fits");

} // namespace

// On one node, memory MPI shares (Open MPI: osc/sm, which connects no
// PEs, where osc/ucx's first window connects every pair; start_rma makes no
// other window where every PE maps the others' memory). Elsewhere, or where
// MPI offers no shared window (an osc list without sm), MPI_Win_allocate.
void ending_start() {
  void *memory = nullptr;
  const bool one_node =
      !this_node.split_forced && static_cast<int>(this_node.pes.size()) == world.n_pes;
  if (!one_node || MPI_Win_allocate_shared(ending_bytes, 1, MPI_INFO_NULL, world.comm, &memory,
                                           &ending_win) != MPI_SUCCESS)
    SHMEMI_MPI(MPI_Win_allocate(ending_bytes, 1, MPI_INFO_NULL, world.comm, &memory, &ending_win));
  std::memset(memory, 0, ending_bytes);
  SHMEMI_MPI(MPI_Win_set_errhandler(ending_win, MPI_ERRORS_RETURN));
  SHMEMI_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, ending_win));
  ending_record = static_cast<std::uint64_t *>(memory);
}

void ending_stop() {
  ending_record = nullptr;
  SHMEMI_MPI(MPI_Win_unlock_all(ending_win));
  SHMEMI_MPI(MPI_Win_free(&ending_win));
}

} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

void count_blocked(int delta) { mpi_rma::count_blocked(delta); }

void still_waiting() {
  if (ending_record == nullptr) return;
  std::uint64_t *checks = ending_word(offsetof(Ending, checks));
  __atomic_store_n(checks, __atomic_load_n(checks, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

void set_ending(std::uint64_t word) {
  __atomic_store_n(ending_word(offsetof(Ending, ending)), word, __ATOMIC_RELEASE);
}

Ending ending_of(int pe) {
  std::uint64_t words[ending_words] = {};
  if (pe == world.my_pe) {
    for (int w = 0; w < ending_words; ++w)
      words[w] = __atomic_load_n(ending_record + w, __ATOMIC_ACQUIRE);
  } else {
    const auto turn = serialize_rma();
    SHMEMI_MPI(
        MPI_Get(words, ending_words, MPI_UINT64_T, pe, 0, ending_words, MPI_UINT64_T, ending_win));
    SHMEMI_MPI(MPI_Win_flush(pe, ending_win));
  }
  return {words[0], words[1], words[2], words[3], words[4]};
}

void arrive_at_end() {
  const std::uint64_t one = 1;
  std::uint64_t before = 0;
  const auto turn = serialize_rma();
  SHMEMI_MPI(MPI_Fetch_and_op(&one, &before, MPI_UINT64_T, 0, arrived_at, MPI_SUM, ending_win));
  SHMEMI_MPI(MPI_Win_flush(0, ending_win));
}

int arrived_at_end() {
  std::uint64_t count = 0;
  const auto turn = serialize_rma();
  SHMEMI_MPI(MPI_Fetch_and_op(nullptr, &count, MPI_UINT64_T, 0, arrived_at, MPI_NO_OP, ending_win));
  SHMEMI_MPI(MPI_Win_flush(0, ending_win));
  return static_cast<int>(count);
}

} // namespace shmemi::transport
