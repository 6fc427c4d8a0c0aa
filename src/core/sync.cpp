#include "core/sync.hpp"

#include <atomic>
#include <cstring>
#include <mutex>

#include "base/report.hpp"
#include "core/runtime.hpp"
#include "core/team.hpp"
#include "core/wait.hpp"
#include "port/collectives.hpp"
#include "port/transport.hpp"

namespace shmemi {

// One cache line per barrier round, written only by the member 2^round
// places below; this PE's count of the team's barriers; the posted value.
// Epochs only grow, so a flag that is ahead (its writer already in the
// next barrier) still means "arrived". Then the staged collectives' lines
// and buffers (see Staged).
struct alignas(64) FlagLine {
  std::uint64_t word;
};
struct Slot {
  FlagLine round[27];
  FlagLine value;
  FlagLine epoch;
  FlagLine staged;  // this PE's count of the team's staged collectives
  FlagLine posted;  // the latest of them whose data this PE's buffer holds
  FlagLine done;    // the latest of them this PE finished reading
  std::byte stage[2][stage_bytes];
};
static_assert(sizeof(Slot) == 4096, "a slot is a page");

namespace {

constexpr int slot_count = static_cast<int>(transport::flag_bytes / sizeof(Slot));
static_assert(slot_count >= 64, "the flag area holds 64 slots");

// Slots no team of this PE uses: bit s for slot s (the predefined teams'
// are never free). A free slot is all zero on this PE.
struct Free {
  std::mutex lock;
  std::uint64_t mask = ~std::uint64_t{0} << 2;
};
Free free_slots;

Slot *slot_of(int slot, int world_pe) {
  char *flags = rt.heaps[static_cast<std::size_t>(world_pe)] + rt.heap.size;
  return reinterpret_cast<Slot *>(flags) + slot;
}

bool all_mapped(const shmemi_team &team) {
  for (int i = 0; i < team.size; ++i)
    if (rt.heaps[static_cast<std::size_t>(team_world_pe(team, i))] == nullptr) return false;
  return true;
}

std::uint64_t take_free_mask() {
  std::lock_guard<std::mutex> hold(free_slots.lock);
  return free_slots.mask;
}

void mark(int slot, bool free) {
  std::lock_guard<std::mutex> hold(free_slots.lock);
  const std::uint64_t bit = std::uint64_t{1} << slot;
  free_slots.mask = free ? free_slots.mask | bit : free_slots.mask & ~bit;
}

} // namespace

void claim_slot(shmemi_team &team, int predefined) {
  team.on_node = all_mapped(team);
  if (!team.on_node || team.size == 1) return;
  if (predefined >= 0) {
    team.slot = predefined;
    return;
  }
  // Members creating other teams at the same time may differ in their free
  // masks; the reduction keeps the slots free on all of them.
  const std::uint64_t common = transport::team_and(*team.comm, take_free_mask());
  if (common == 0) {
    debug("shmem_team_split", "all %d flag slots are taken: this team of %d PEs meets "
                              "through MPI", slot_count, team.size);
    return;
  }
  team.slot = __builtin_ctzll(common);
  mark(team.slot, false);
}

// The other members may still be reading this PE's slot: a staged
// collective's posted line and buffer (a broadcast's root, or any member of
// a reduction, leaves as soon as it has posted and read) and its done line.
// Once this PE left a barrier of the team, nobody reads or writes its slot
// again (every member wrote its lines of that barrier before this PE could
// leave), so it is cleared only after one.
void release_slot(shmemi_team &team) {
  if (team.slot < 2) return;
  node_barrier(team);
  std::memset(static_cast<void *>(slot_of(team.slot, rt.my_pe)), 0, sizeof(Slot));
  mark(team.slot, true);
  team.slot = -1;
}

void node_barrier(const shmemi_team &team) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (team.size > 1) {
    const int me = team_index(team, rt.my_pe);
    Slot *mine = slot_of(team.slot, rt.my_pe);
    const std::uint64_t epoch = ++mine->epoch.word;
    int round = 0;
    for (int distance = 1; distance < team.size; distance *= 2, ++round) {
      const int to = team_world_pe(team, (me + distance) % team.size);
      __atomic_store_n(&slot_of(team.slot, to)->round[round].word, epoch, __ATOMIC_RELEASE);
      const std::uint64_t *flag = &mine->round[round].word;
      wait_for([&] { return __atomic_load_n(flag, __ATOMIC_ACQUIRE) >= epoch; });
    }
  }
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

void post_value(const shmemi_team &team, std::uint64_t value) {
  __atomic_store_n(&slot_of(team.slot, rt.my_pe)->value.word, value, __ATOMIC_RELAXED);
}

std::uint64_t posted_value(const shmemi_team &team, int world_pe) {
  return __atomic_load_n(&slot_of(team.slot, world_pe)->value.word, __ATOMIC_RELAXED);
}

Staged::Staged(const shmemi_team &team)
    : team_(team), mine_(slot_of(team.slot, rt.my_pe)), number_(++mine_->staged.word) {}

Staged::~Staged() { __atomic_store_n(&mine_->done.word, number_, __ATOMIC_RELEASE); }

// The buffer was last used two staged collectives ago: every member must be
// done reading it.
void *Staged::mine() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (number_ > 2) {
    for (int m = 0; m < team_.size; ++m) {
      const std::uint64_t *done = &slot_of(team_.slot, team_world_pe(team_, m))->done.word;
      wait_for([&] { return __atomic_load_n(done, __ATOMIC_ACQUIRE) >= number_ - 2; });
    }
  }
  return mine_->stage[number_ % 2];
}

void Staged::post() { __atomic_store_n(&mine_->posted.word, number_, __ATOMIC_RELEASE); }

// A member's `posted` may be ahead (it already staged the next collective,
// in its other buffer), never past number_ + 1 before this PE is done.
const void *Staged::of(int member) {
  Slot *theirs = slot_of(team_.slot, team_world_pe(team_, member));
  wait_for([&] { return __atomic_load_n(&theirs->posted.word, __ATOMIC_ACQUIRE) >= number_; });
  return theirs->stage[number_ % 2];
}

// On one node the fences of the flag stores and loads also order what MPI
// wrote to static data (flushed by its writer before it arrived): MPI's
// memory model is the unified one here, where MPI_Win_sync is a memory
// barrier, and it cost 0.5 us per barrier with Open MPI's osc/ucx.
void sync_all() {
  if (meets_on_node(shmemi_team_world)) return node_barrier(shmemi_team_world);
  transport::sync_all();
}

void barrier_all() {
  transport::quiet_all();
  sync_all();
}

} // namespace shmemi
