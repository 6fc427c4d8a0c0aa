#include "node/sync.hpp"

#include <atomic>
#include <cstring>
#include <mutex>

#include "base/report.hpp"
#include "node/node.hpp"
#include "node/wait.hpp"
#include "transport/transport.hpp"

namespace shmemi::node {

// One cache line per barrier round, written only by the member 2^round
// places below; this PE's count of the team's barriers; the posted value.
// Epochs only grow, so a flag that is ahead (its writer already in the
// next barrier) still means "arrived". Then the pushed collectives' lines
// (see Pushed), and the staged collectives' lines and buffers (see Staged).
struct alignas(64) FlagLine {
  std::uint64_t word;
};
struct alignas(4096) Slot {
  FlagLine round[24];
  FlagLine value;
  FlagLine epoch;
  FlagLine pushed;     // this PE's count of the team's pushed collectives
  FlagLine arrived[2]; // pushes received, by the parity of their count
  FlagLine staged;     // this PE's count of the team's staged collectives
  FlagLine posted;     // the latest of them whose data this PE's buffers hold
  FlagLine done;       // the latest of them this PE finished reading
  std::byte stage[stage_depth][stage_bytes];
};
static_assert(sizeof(Slot) == 20 << 10, "a slot is 5 pages: 32 lines, then the buffers");

namespace {

constexpr int slot_count = static_cast<int>(transport::flag_bytes / sizeof(Slot));
static_assert(slot_count >= 64, "the flag area holds 64 slots");

// Slots no team of this PE uses: bit s for slot s (the predefined teams'
// are never free). A free slot is all zero on this PE.
struct Free {
  std::mutex lock;
  std::uint64_t mask = ~std::uint64_t{0} << 2;
};
Free free_mask;

Slot *slot_of(int slot, int world_pe) {
  char *flags = mapping.heaps[static_cast<std::size_t>(world_pe)] + mapping.heap.size;
  return reinterpret_cast<Slot *>(flags) + slot;
}


void mark(int slot, bool free) {
  std::lock_guard<std::mutex> hold(free_mask.lock);
  const std::uint64_t bit = std::uint64_t{1} << slot;
  free_mask.mask = free ? free_mask.mask | bit : free_mask.mask & ~bit;
}

} // namespace

bool all_mapped(const PeSet &members) {
  for (int i = 0; i < members.size; ++i)
    if (mapping.heaps[static_cast<std::size_t>(team_world_pe(members, i))] == nullptr)
      return false;
  return true;
}

std::uint64_t free_slots() {
  std::lock_guard<std::mutex> hold(free_mask.lock);
  return free_mask.mask;
}

// Members creating other teams at the same time may differ in their free
// masks; the AND keeps the slots free on all of them.
int take_slot(std::uint64_t common, int size) {
  if (common == 0) {
    debug("shmem_team_split", "all %d flag slots are taken: this team of %d PEs meets "
                              "through MPI", slot_count, size);
    return -1;
  }
  const int slot = __builtin_ctzll(common);
  mark(slot, false);
  return slot;
}

// The other members may still be reading this PE's slot: a staged
// collective's posted line and buffer (a broadcast's root, or any member of
// a reduction, leaves as soon as it has posted and read) and its done line.
// Once this PE left a barrier of the team, nobody reads or writes its slot
// again (every member wrote its lines of that barrier before this PE could
// leave), so it is cleared only after one.
void release_slot(Team &team) {
  if (team.slot < 2) return;
  node_barrier(team);
  std::memset(static_cast<void *>(slot_of(team.slot, mapping.my_pe)), 0, sizeof(Slot));
  mark(team.slot, true);
  team.slot = -1;
}

void node_barrier(const Team &team) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (team.size > 1) {
    const int me = team_index(team, mapping.my_pe);
    Slot *mine = slot_of(team.slot, mapping.my_pe);
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

void post_value(const Team &team, std::uint64_t value) {
  __atomic_store_n(&slot_of(team.slot, mapping.my_pe)->value.word, value, __ATOMIC_RELAXED);
}

std::uint64_t posted_value(const Team &team, int world_pe) {
  return __atomic_load_n(&slot_of(team.slot, world_pe)->value.word, __ATOMIC_RELAXED);
}

Pushed::Pushed(const Team &team)
    : team_(team), number_(++slot_of(team.slot, mapping.my_pe)->pushed.word) {}

void Pushed::arrive(int member) {
  Slot *theirs = slot_of(team_.slot, team_world_pe(team_, member));
  __atomic_fetch_add(&theirs->arrived[number_ % 2].word, 1, __ATOMIC_RELEASE);
}

// Collectives 1, 3, 5, ... count in arrived[1], 2, 4, ... in arrived[0]:
// (number_ + 1) / 2 of them so far, each with a push from every other member.
void Pushed::wait() {
  const std::uint64_t expected =
      static_cast<std::uint64_t>(team_.size - 1) * ((number_ + 1) / 2);
  const std::uint64_t *arrived = &slot_of(team_.slot, mapping.my_pe)->arrived[number_ % 2].word;
  wait_for([&] { return __atomic_load_n(arrived, __ATOMIC_ACQUIRE) >= expected; });
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

Staged::Staged(const Team &team)
    : team_(team), mine_(slot_of(team.slot, mapping.my_pe)), number_(++mine_->staged.word) {}

Staged::~Staged() { __atomic_store_n(&mine_->done.word, number_, __ATOMIC_RELEASE); }

// The buffer was last used stage_depth staged collectives ago: every
// member must be done reading it.
void *Staged::mine() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (number_ > stage_depth) {
    for (int m = 0; m < team_.size; ++m) {
      const std::uint64_t *done = &slot_of(team_.slot, team_world_pe(team_, m))->done.word;
      wait_for([&] { return __atomic_load_n(done, __ATOMIC_ACQUIRE) >= number_ - stage_depth; });
    }
  }
  return mine_->stage[number_ % stage_depth];
}

void Staged::post() { __atomic_store_n(&mine_->posted.word, number_, __ATOMIC_RELEASE); }

// A member's `posted` may be ahead (it already staged later collectives,
// in its other buffers), never past number_ + stage_depth - 1 before this
// PE is done.
const void *Staged::of(int member) {
  Slot *theirs = slot_of(team_.slot, team_world_pe(team_, member));
  wait_for([&] { return __atomic_load_n(&theirs->posted.word, __ATOMIC_ACQUIRE) >= number_; });
  return theirs->stage[number_ % stage_depth];
}

} // namespace shmemi::node
