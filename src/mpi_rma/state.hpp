// The MPI objects behind the transport, shared by the files of this layer.
#pragma once

#include <mpi.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "mpi_rma/mpi_check.hpp"
#include "port/symmetric.hpp"
#include "port/transport.hpp"

namespace shmemi::mpi {

// Copies of operands that MPI may still read (operands.cpp): operations
// whose source the caller may reuse on return (blocking small puts, AMOs)
// are issued from a copy kept until the channel's next quiet. The copies
// live in a ring of fixed slots (a put + quiet takes and frees one: no
// allocation on the path), numbered by sequence: [first, next) are kept.
// Under SHMEM_THREAD_MULTIPLE `lock` covers copying the operands and
// issuing the operation, so every copy below a mark belongs to an issued
// operation; a single program thread takes no lock.
constexpr std::size_t max_kept_bytes = 64;
struct OperandRing {
  struct alignas(8) Slot {
    std::array<std::byte, max_kept_bytes> bytes;
  };
  static constexpr std::size_t slots = 4096;
  std::mutex lock;
  std::array<Slot, slots> ring; // 256 KiB, touched as used
  unsigned long first = 0;
  unsigned long next = 0;
};

} // namespace shmemi::mpi

// A channel: a pair of windows over every PE's heap and static data, what
// was issued on them, and the operand copies those operations still read.
struct shmemi::transport::Channel {
  MPI_Win heap_win = MPI_WIN_NULL;   // over every heap, displacement unit 1
  MPI_Win static_win = MPI_WIN_NULL; // over the whole pages of data+bss
  // Operations issued so far, and `issued` as it was when the latest
  // completed flush began: equal means nothing is waiting for a flush.
  std::atomic<unsigned long> issued{0};
  std::atomic<unsigned long> flushed{0};
  // Per window, whom the operations since the last quiet went to: nobody,
  // one PE, or several; a single program thread flushes accordingly.
  std::atomic<int> heap_targets{no_target};
  std::atomic<int> static_targets{no_target};
  shmemi::mpi::OperandRing operands;
  bool taken = false;      // handed out by channel_open (not the default channel)
  bool one_thread = false; // taken for a private context: one thread issues on it
  static constexpr int no_target = -1;
  static constexpr int many_targets = -2;
};

namespace shmemi::mpi {
using transport::Channel;

struct State {
  MPI_Comm comm = MPI_COMM_NULL;  // the library's duplicate of MPI_COMM_WORLD
  int my_pe = -1;
  int n_pes = 0;
  MPI_Comm node = MPI_COMM_NULL;     // the PEs whose heaps are mapped here
  std::vector<int> node_pes;         // their world PE numbers, in node rank order
  MPI_Win node_win = MPI_WIN_NULL;   // MPI_Win_allocate_shared over `node`
  // The default channel first, then those channel_open hands out; all of
  // them over the same memory: this PE's `heap_window` (its heap after
  // heap_shift[my_pe]) and `static_pages` (its data+bss after
  // static_shift[my_pe]).
  std::vector<std::unique_ptr<Channel>> channels;
  Region heap_window;
  Region static_pages;
  std::vector<MPI_Aint> heap_shift;   // each PE's heap start minus its window base
  std::vector<MPI_Aint> static_shift; // each PE's data+bss start minus its window base
  std::mutex channels_lock;           // channel_open/close
  // Every window has the unified memory model (world.cpp, memory_sync).
  bool unified = false;
  MPI_Win life_win = MPI_WIN_NULL;    // the end of the job's records (ending.cpp)
  std::uint64_t *life = nullptr;      // this PE's, in life_win (null: none yet)
  // Reduction elements of Kind::quad (coll.cpp): MPI has no binary128 type
  // (MPI_LONG_DOUBLE is x87 extended precision on x86_64), so 16 opaque
  // bytes, which only the library's ops combine.
  MPI_Datatype quad = MPI_DATATYPE_NULL;
  // When every PE is on this node: per PE, its wake-up flag (in the page
  // after its flags), set by a PE that sends it an operation through MPI,
  // so that its progress thread calls into MPI only then. Empty otherwise.
  std::vector<std::atomic<int> *> wake;
};

extern State state;


// Open MPI 4.1's osc/ucx fails (MPI_Accumulate: MPI_ERR_OTHER, seen in 1 of
// ~15 runs of tests/pe/ctx_threads.c) when threads issue one-sided calls at
// once, on any windows, so under SHMEM_THREAD_MULTIPLE they take turns
// there: this holds a lock for the one-sided calls and their flushes (never
// across a collective or a wait). Nothing with a single program thread, nor
// on MPICH, whose MPI_THREAD_MULTIPLE has no such fault.
extern std::mutex rma_turns; // world.cpp
inline std::unique_lock<std::mutex> serialize_rma() {
#ifdef OPEN_MPI
  if (activity.concurrent) return std::unique_lock<std::mutex>(rma_turns);
#endif
  return {};
}

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
// noting it cost a forced inter-node get ~15 instructions, and the quiet
// after it a flush of nothing.
inline void note_issued(Channel &ch, MPI_Win win, int pe) {
  wake_target(pe);
  std::atomic<int> &targets = win == ch.heap_win ? ch.heap_targets : ch.static_targets;
  const int seen = targets.load(std::memory_order_relaxed);
  if (seen != pe) targets.store(seen == Channel::no_target ? pe : Channel::many_targets,
                                std::memory_order_relaxed);
  if (activity.concurrent && !ch.one_thread)
    ch.issued.fetch_add(1, std::memory_order_release);
  else
    ch.issued.store(ch.issued.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

// The channel's operand copies (operands.cpp). Hold the lock from
// hold_operands(count) (which first makes room for `count` copies) while
// copying with keep_operand and issuing the operation. A mark taken before
// a flush covers the copies of the operations issued so far; after the
// flush they may go. With one program thread they take no lock and make no
// call (a put + quiet between nodes is a few hundred cycles; each call and
// lock showed in its profile).
std::unique_lock<std::mutex> hold_operands_locked(Channel &ch, std::size_t count);
inline std::unique_lock<std::mutex> hold_operands(Channel &ch, std::size_t count) {
  if (!activity.concurrent && ch.operands.next - ch.operands.first + count <= OperandRing::slots)
    return {};
  return hold_operands_locked(ch, count);
}
inline const void *keep_operand(Channel &ch, const void *value, std::size_t bytes) { // nullptr stays
  if (value == nullptr) return nullptr;
  OperandRing &ring = ch.operands;
  OperandRing::Slot &slot = ring.ring[ring.next++ % OperandRing::slots];
  if (bytes == 8) // the common operand: an inline copy, not a call
    std::memcpy(slot.bytes.data(), value, 8);
  else
    std::memcpy(slot.bytes.data(), value, bytes);
  return slot.bytes.data();
}
unsigned long pending_operands_mark(Channel &ch);
void release_pending_operands(Channel &ch, unsigned long mark);

// The library's progress thread (progress.cpp): it calls into MPI every
// `interval_us` so that operations targeting this PE complete while the
// program computes. Needs MPI_THREAD_MULTIPLE. With a wake-up flag (every
// PE on this node) it calls in only for a while after the flag was set.
// Makes a communicator on every PE, thread or not (interval 0).
void progress_start(unsigned interval_us, std::atomic<int> *wake);
void progress_stop();
// Nonblocking collectives started and not completed (coll_nbi.cpp): while
// there are any, the thread calls in after every interval in which the
// program made no MPI call, also where every PE is on this node, so that a
// PE that computes long does not hold back the members waiting for its part.
extern std::atomic<unsigned> collectives_in_flight;

// The window of the Life records (ending.cpp), in the access epoch; and
// its end. Collective.
void life_start();
void life_stop();

// One word of this PE's Life record, at `offset` bytes.
inline std::uint64_t *life_word(std::size_t offset) {
  return state.life + offset / sizeof(std::uint64_t);
}

// transport::block: counts a thread of this PE that starts (delta 1) or
// stops (-1) waiting for other PEs, and the wait itself, in this PE's Life
// record, which only its threads write: with one program thread loads and
// stores, under SHMEM_THREAD_MULTIPLE atomic adds. Inline: every MPI
// collective passes here twice (as calls, 26 of the library's 311
// instructions around a forced inter-node MPI_Allreduce).
[[gnu::always_inline]] inline void count_blocked(int delta) {
  if (state.life == nullptr) return;
  std::uint64_t *blocked = life_word(offsetof(transport::Life, blocked));
  std::uint64_t *waits = life_word(offsetof(transport::Life, waits));
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

// A thread of this PE waits for other PEs while it lives (MPI collectives).
// It cannot re-check anything there, so the end of a job takes the CPU time
// it spends inside as its confirmation (progress.cpp, sample_cpu): nothing
// more on this path.
struct Blocking {
  Blocking() { count_blocked(1); }
  ~Blocking() { count_blocked(-1); }
  Blocking(const Blocking &) = delete;
  Blocking &operator=(const Blocking &) = delete;
};

inline MPI_Win window_of(const Channel &ch, Space space) {
  return space == Space::heap ? ch.heap_win : ch.static_win;
}

// The windows of every channel (channels.cpp): made collectively by
// start_rma over the memory in state.heap_window and state.static_pages
// (the default channel's are made by world.cpp), freed by stop.
void channels_start(unsigned wanted);
void create_heap_window(MPI_Win &win);   // world.cpp
void create_static_window(MPI_Win &win); // world.cpp
void channels_stop();
// The local and the RMA view of symmetric memory agree: a CPU fence where
// every window is unified, else MPI_Win_sync on each (sync_windows,
// channels.cpp). Collectives do it before and after they touch symmetric
// buffers; inline, since the unified case is no instruction on x86. In the
// unified model (both MPIs here) the window is the memory itself and
// MPI_Win_sync is a memory barrier, but Open MPI's osc/ucx also fences its
// UCX worker there (ucp_worker_fence, and progress): 4 of them made a
// forced inter-node barrier_all cost 1.1-1.4 us against MPI_Barrier's
// 0.46-0.55. The collective that follows or precedes is the
// synchronization between PEs (its own flags order its messages), so an
// acquire-release fence is the barrier the model asks for: an
// instruction on weakly ordered CPUs, none on x86, where the sequentially
// consistent one was a locked instruction (20-40 cycles) twice per
// collective.
void sync_windows();
inline void memory_sync() {
  if (state.unified)
    std::atomic_thread_fence(std::memory_order_acq_rel);
  else
    sync_windows();
}

// Target displacement: offsets count from the start of the space, which
// lies a shift past the window base.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? state.heap_shift[pe] : state.static_shift[pe]) + offset;
}

} // namespace shmemi::mpi
