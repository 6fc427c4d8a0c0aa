// The MPI objects behind the transport, shared by the files of this layer.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/symmetric.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::mpi {

struct State {
  MPI_Comm comm = MPI_COMM_NULL;  // the library's duplicate of MPI_COMM_WORLD
  int my_pe = -1;
  int n_pes = 0;
  MPI_Comm node = MPI_COMM_NULL;     // the PEs whose heaps are mapped here
  std::vector<int> node_pes;         // their world PE numbers, in node rank order
  MPI_Win node_win = MPI_WIN_NULL;   // MPI_Win_allocate_shared over `node`
  bool one_pe_nodes = false;         // every node holds one PE (or forced mode)
  MPI_Win heap_win = MPI_WIN_NULL;   // over every heap, displacement unit 1
  std::vector<MPI_Aint> heap_shift;  // each PE's heap start minus its window base
  MPI_Win static_win = MPI_WIN_NULL; // over the whole pages of data+bss
  std::vector<MPI_Aint> static_shift; // each PE's data+bss start minus its window base
  // Both windows have the unified memory model (world.cpp, memory_sync).
  bool unified = false;
  MPI_Win life_win = MPI_WIN_NULL;    // the end of the job's records (ending.cpp)
  std::uint64_t *life = nullptr;      // this PE's, in life_win (null: none yet)
  // Reduction elements of Kind::quad (coll.cpp): MPI has no binary128 type
  // (MPI_LONG_DOUBLE is x87 extended precision on x86_64), so 16 opaque
  // bytes, which only the library's ops combine.
  MPI_Datatype quad = MPI_DATATYPE_NULL;
  // Operations issued so far, and `issued` as it was when the latest
  // completed flush began: equal means nothing is waiting for a flush.
  std::atomic<unsigned long> issued{0};
  std::atomic<unsigned long> flushed{0};
  // Per window, whom the operations since the last quiet went to: nobody,
  // one PE, or several; a single program thread flushes accordingly.
  std::atomic<int> heap_targets{no_target};
  std::atomic<int> static_targets{no_target};
  // When every PE is on this node: per PE, its wake-up flag (in the page
  // after its flags), set by a PE that sends it an operation through MPI,
  // so that its progress thread calls into MPI only then. Empty otherwise.
  std::vector<std::atomic<int> *> wake;
  static constexpr int no_target = -1;
  static constexpr int many_targets = -2;
};

extern State state;


// Counts an operation issued (after its MPI call).
// Open MPI 4.1's osc/ucx fails (MPI_Accumulate: MPI_ERR_OTHER, seen in 1 of
// ~15 runs of tests/pe/ctx_threads.c) when threads issue one-sided calls at
// once, so under SHMEM_THREAD_MULTIPLE they take turns: this holds a lock
// for the one-sided calls and their flushes (never across a collective or
// a wait), and nothing with a single program thread.
std::unique_lock<std::mutex> serialize_rma();

inline void note_issued(MPI_Win win, int pe) {
  if (!state.wake.empty()) {
    std::atomic<int> &wake = *state.wake[static_cast<std::size_t>(pe)];
    if (wake.load(std::memory_order_relaxed) == 0) wake.store(1, std::memory_order_relaxed);
  }
  std::atomic<int> &targets = win == state.heap_win ? state.heap_targets : state.static_targets;
  const int seen = targets.load(std::memory_order_relaxed);
  if (seen != pe) targets.store(seen == State::no_target ? pe : State::many_targets,
                                std::memory_order_relaxed);
  if (activity.concurrent)
    state.issued.fetch_add(1, std::memory_order_release);
  else
    state.issued.store(state.issued.load(std::memory_order_relaxed) + 1,
                       std::memory_order_relaxed);
}

// Copies of operands that live until the next quiet (operands.cpp). Hold
// the lock from hold_operands(count) (which first makes room for `count`
// copies) while copying with keep_operand and issuing the operation. A
// mark taken before a flush covers the copies of the operations issued so
// far; after the flush they may go.
constexpr std::size_t max_kept_bytes = 64;
std::unique_lock<std::mutex> hold_operands(std::size_t count);
const void *keep_operand(const void *value, std::size_t bytes); // nullptr stays
unsigned long pending_operands_mark();
void release_pending_operands(unsigned long mark);

// The library's progress thread (progress.cpp): it calls into MPI every
// `interval_us` so that operations targeting this PE complete while the
// program computes. Needs MPI_THREAD_MULTIPLE. With a wake-up flag (every
// PE on this node) it calls in only for a while after the flag was set.
// Makes a communicator on every PE, thread or not (interval 0).
void progress_start(unsigned interval_us, std::atomic<int> *wake);
void progress_stop();

// The window of the Life records (ending.cpp), in the access epoch; and
// its end. Collective.
void life_start();
void life_stop();

// state.quad, made by start_rma and freed by stop, unlike the reduction ops
// that live until MPI ends: MPICH warns at MPI_Finalize about every datatype
// left ("yaksa: 1 leaked handle pool objects"), not about ops.
void quad_type_start();
void quad_type_stop();

// A thread of this PE waits for other PEs while it lives (MPI collectives).
struct Blocking {
  Blocking() { transport::block(1); }
  ~Blocking() { transport::block(-1); }
  Blocking(const Blocking &) = delete;
  Blocking &operator=(const Blocking &) = delete;
};

inline MPI_Win window_of(Space space) {
  return space == Space::heap ? state.heap_win : state.static_win;
}

// Target displacement: offsets count from the start of the space, which
// lies a shift past the window base.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? state.heap_shift[pe] : state.static_shift[pe]) + offset;
}

} // namespace shmemi::mpi
