// The channels behind contexts and their completion: each channel is a pair
// of windows over the same memory, so MPI_Win_flush on one completes only
// the operations issued on it, and a context's quiet does not wait for
// another context's transfers (docs/decisions/contexts.md).
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "mpi_rma/channels.hpp"
#include "mpi_rma/memory_sync.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/operands.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"
#include "transport/data_path.hpp"

namespace shmemi::mpi_rma {

bool windows_unified = false;

namespace {

std::vector<std::unique_ptr<Channel>> channels;
std::mutex channels_lock; // channel_open/close
// The channels have windows: some data moves through MPI (channels_start).
bool windowed = false;

bool unified_model(MPI_Win win) {
  int *model = nullptr, found = 0;
  SHMEMI_MPI(MPI_Win_get_attr(win, MPI_WIN_MODEL, &model, &found));
  return found && *model == MPI_WIN_UNIFIED;
}

// Opens the access epoch of both windows of `ch`.
void open_epochs(const Channel &ch) {
  for (MPI_Win win : {ch.heap_win, ch.static_win}) {
    SHMEMI_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
    SHMEMI_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
    windows_unified = windows_unified && unified_model(win);
  }
}

bool all_flushed(const Channel &ch, unsigned long upto) {
  return ch.flushed.load(std::memory_order_acquire) >= upto;
}

void raise_flushed(Channel &ch, unsigned long upto) {
  unsigned long seen = ch.flushed.load(std::memory_order_relaxed);
  while (seen < upto && !ch.flushed.compare_exchange_weak(seen, upto, std::memory_order_release,
                                                          std::memory_order_relaxed)) {
  }
}

// Flushes what was issued on `win`: nothing, one PE (MPI_Win_flush is
// cheaper than flush_all, which also waited for other windows' transfers
// on both MPIs here, see tests/pe/ctx_independent.c) or all. On a channel
// several threads use, their notes may be in flight, so under MULTIPLE it
// flushes all.
[[gnu::always_inline]] inline void flush_targets(const Channel &ch, MPI_Win win,
                                                 std::atomic<int> &targets) {
  int target = targets.load(std::memory_order_relaxed);
  if (!activity.concurrent) { // one program thread: no read-modify-write
    if (target == Channel::no_target) return;
    targets.store(Channel::no_target, std::memory_order_relaxed);
  } else {
    target = targets.exchange(Channel::no_target, std::memory_order_relaxed);
  }
  if ((activity.concurrent && !ch.one_thread) || target == Channel::many_targets)
    SHMEMI_MPI(MPI_Win_flush_all(win));
  else if (target != Channel::no_target)
    SHMEMI_MPI(MPI_Win_flush(target, win));
}

// quiet with one program thread: nobody else issues, flushes or frees
// copies, so plain loads and stores (each atomic read-modify-write is a
// sizeable part of a put + quiet between nodes: docs/bench/notes.md, "The
// library's work around each MPI call"). The emptied ring starts over at
// its first slot: a put + quiet loop touches one cache line of it instead
// of sweeping all 4096 slots (256 KiB) through the program's cache.
[[gnu::always_inline]] inline void quiet_alone(Channel &ch, unsigned long upto) {
  flush_targets(ch, ch.heap_win, ch.heap_targets);
  flush_targets(ch, ch.static_win, ch.static_targets);
  ch.operands.first = ch.operands.next = 0;
  ch.flushed.store(upto, std::memory_order_release);
}

} // namespace

// The default channel first, with the windows of `first`, then the others
// with windows of their own; every window in its access epoch from here.
void channels_start(unsigned wanted, bool with_windows, const WindowPair &first) {
  unsigned extra = 0; // window creation is collective: the same number everywhere
  SHMEMI_MPI(MPI_Allreduce(&wanted, &extra, 1, MPI_UNSIGNED, MPI_MIN, world.comm));
  windowed = with_windows;
  channels.clear();
  channels.push_back(std::make_unique<Channel>());
  channels[0]->heap_win = first.heap;
  channels[0]->static_win = first.statics;
  channels.resize(1 + extra);
  for (unsigned c = 1; c <= extra; ++c) {
    channels[c] = std::make_unique<Channel>();
    create_heap_window(channels[c]->heap_win);
    create_static_window(channels[c]->static_win);
  }
  windows_unified = true;
  if (windowed)
    for (const auto &ch : channels) open_epochs(*ch);
}

void channels_stop() {
  if (windowed)
    for (const auto &ch : channels)
      for (MPI_Win *win : {&ch->heap_win, &ch->static_win}) {
        SHMEMI_MPI(MPI_Win_unlock_all(*win));
        SHMEMI_MPI(MPI_Win_free(win));
      }
  windowed = false;
  channels.clear();
}

// memory_sync (memory_sync.hpp) where some window is not unified.
void sync_windows() {
  if (!windowed) return;
  for (const auto &ch : channels)
    for (MPI_Win win : {ch->heap_win, ch->static_win}) SHMEMI_MPI(MPI_Win_sync(win));
}

} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

Channel &default_channel() { return *channels.front(); }

Channel &channel_open(bool one_thread) {
  const std::lock_guard<std::mutex> hold(channels_lock);
  for (std::size_t c = 1; c < channels.size(); ++c)
    if (!channels[c]->taken) {
      channels[c]->taken = true;
      channels[c]->one_thread = one_thread;
      return *channels[c];
    }
  return default_channel();
}

void channel_close(Channel &ch) {
  const std::lock_guard<std::mutex> hold(channels_lock);
  ch.taken = false;
}

namespace {

// Completes what was issued on the channel before the call, by any thread;
// a flush that began after all of it (another thread's) is enough. The
// caller fenced the stores to mapped heaps.
void quiet_channel(Channel &ch) {
  const unsigned long upto = ch.issued.load(std::memory_order_acquire);
  if (all_flushed(ch, upto)) return;
  if (!activity.concurrent) return quiet_alone(ch, upto);
  const unsigned long mark = pending_operands_mark(ch);
  {
    const auto turn = serialize_rma();
    flush_targets(ch, ch.heap_win, ch.heap_targets);
    flush_targets(ch, ch.static_win, ch.static_targets);
  }
  release_pending_operands(ch, mark);
  raise_flushed(ch, upto);
}

} // namespace

void quiet(Channel &ch) {
  std::atomic_thread_fence(std::memory_order_seq_cst); // the stores to mapped heaps
  quiet_channel(ch);
}

// One fence for all channels: barrier_all had one per channel (5, a locked
// instruction each). Idle channels are skipped inline: a call for each
// showed in the instructions of a forced inter-node barrier_all
// (docs/bench/notes.md, "The library's work around each MPI call").
void quiet_all() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  for (const auto &ch : channels)
    if (!all_flushed(*ch, ch->issued.load(std::memory_order_acquire))) quiet_channel(*ch);
}

void flush(Channel &ch, int pe) {
  if (all_flushed(ch, ch.issued.load(std::memory_order_acquire))) return;
  const auto turn = serialize_rma();
  SHMEMI_MPI(MPI_Win_flush(pe, ch.heap_win));
  SHMEMI_MPI(MPI_Win_flush(pe, ch.static_win));
}

// MPI orders only accumulates; puts and gets to one target may overtake
// each other, so ordering them takes their completion.
void fence(Channel &ch) { quiet(ch); }

} // namespace shmemi::transport
