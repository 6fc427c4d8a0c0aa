#include "core/sync.hpp"

#include <atomic>
#include <cstdint>

#include "core/runtime.hpp"
#include "core/wait.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi {
namespace {

// The page after each heap (transport::HeapMap): one cache line per round,
// written only by the PE 2^round places below, and this PE's count of
// barriers in the last line. Epochs only grow, so a flag that is ahead
// (its writer already in the next barrier) still means "arrived".
struct alignas(64) Line {
  std::uint64_t epoch;
};
constexpr int lines_per_page = 64;

Line *sync_lines(int pe) {
  return reinterpret_cast<Line *>(rt.heaps[static_cast<std::size_t>(pe)] + rt.heap.size);
}

void node_barrier() {
  Line *mine = sync_lines(rt.my_pe);
  const std::uint64_t epoch = ++mine[lines_per_page - 1].epoch;
  int round = 0;
  for (int distance = 1; distance < rt.n_pes; distance *= 2, ++round) {
    Line *theirs = sync_lines((rt.my_pe + distance) % rt.n_pes);
    __atomic_store_n(&theirs[round].epoch, epoch, __ATOMIC_RELEASE);
    wait_for([&] { return __atomic_load_n(&mine[round].epoch, __ATOMIC_ACQUIRE) >= epoch; });
  }
}

} // namespace

// On one node the fences of the flag stores and loads also order what MPI
// wrote to static data (flushed by its writer before it arrived): MPI's
// memory model is the unified one here, where MPI_Win_sync is a memory
// barrier, and it cost 0.5 us per barrier with Open MPI's osc/ucx.
void sync_all() {
  if (!rt.cpu_atomics) return transport::sync_all();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  node_barrier();
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

void barrier_all() {
  transport::quiet();
  sync_all();
}

} // namespace shmemi
