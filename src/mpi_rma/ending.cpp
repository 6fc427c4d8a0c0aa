// The ending records for the end-of-job check (transport::Ending,
// core/ending.cpp): each PE's lies in the backend's room of its region,
// past the wake-up flag, written by its owner with local stores; PE 0's
// count of the PEs at the end follows its record. Others read a record
// where it is mapped here, else (where data moves through MPI) through the
// default channel's heap window, which covers the room (windows.cpp): no
// window of their own.
#include <atomic>
#include <cstddef>
#include <cstring>

#include "base/symmetric.hpp"
#include "mpi_rma/channel.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"
#include "transport/data_path.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

std::uint64_t *ending_record = nullptr;

namespace {

constexpr int ending_words = sizeof(transport::Ending) / sizeof(std::uint64_t);
// In the backend's room (windows.hpp): the record, then PE 0's count.
constexpr std::size_t record_at = room_ending_at;
constexpr std::size_t arrived_at = record_at + sizeof(transport::Ending);

// Where data moves through MPI (start_rma's `windows`, alike on every PE):
// the others' records, and PE 0's count, are reached through MPI only.
bool through_mpi = false;

std::uint64_t *mapped_word(int pe, std::size_t at) {
  return reinterpret_cast<std::uint64_t *>(room_of(pe, at));
}

MPI_Aint window_displacement(int pe, std::size_t at) {
  return displacement(SymAddr{Space::heap, windows.room_offset + at}, pe);
}

MPI_Win heap_window() { return window_of(transport::default_channel(), Space::heap); }

// PE 0's count: a CPU atomic where every record is mapped here, else
// MPI's atomics alone, PE 0's own arrival included.
std::uint64_t add_to_arrived(std::uint64_t add) {
  if (!through_mpi) return __atomic_fetch_add(mapped_word(0, arrived_at), add, __ATOMIC_ACQ_REL);
  std::uint64_t before = 0;
  const auto turn = serialize_rma();
  SHMEMI_MPI(MPI_Fetch_and_op(&add, &before, MPI_UINT64_T, 0, window_displacement(0, arrived_at),
                              MPI_SUM, heap_window()));
  SHMEMI_MPI(MPI_Win_flush(0, heap_window()));
  return before;
}

} // namespace

void ending_start(bool windows_made) {
  through_mpi = windows_made;
  ending_record = mapped_word(world.my_pe, record_at);
  std::memset(ending_record, 0, arrived_at + sizeof(std::uint64_t) - record_at);
}

void ending_stop() { ending_record = nullptr; }

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
  if (pe == world.my_pe || !through_mpi) {
    const std::uint64_t *record = mapped_word(pe, record_at);
    for (int w = 0; w < ending_words; ++w) words[w] = __atomic_load_n(record + w, __ATOMIC_ACQUIRE);
  } else {
    const auto turn = serialize_rma();
    SHMEMI_MPI(MPI_Get(words, ending_words, MPI_UINT64_T, pe, window_displacement(pe, record_at),
                       ending_words, MPI_UINT64_T, heap_window()));
    SHMEMI_MPI(MPI_Win_flush(pe, heap_window()));
  }
  return {words[0], words[1], words[2], words[3], words[4]};
}

void arrive_at_end() { add_to_arrived(1); }

int arrived_at_end() { return static_cast<int>(add_to_arrived(0)); }

} // namespace shmemi::transport
