#include "node/sync.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

#include "base/report.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"
#include "node/wait.hpp"
#include "transport/data_path.hpp"

namespace shmemi::node {

// One cache line per barrier round, written only by the member 2^round
// places below; this PE's count of the team's barriers; the posted value.
// Epochs only grow, so a flag that is ahead (its writer already in the
// next barrier) still means "arrived". Then the pushed collectives' lines
// (see Pushed), and the staged collectives' lines and buffers (see Staged).
struct alignas(64) FlagLine {
  std::uint64_t word;
};
// A staging buffer and, in front of the data and written once the data is
// in, the number of the staged collective it holds: a reader of up to 56
// bytes waits on the line that holds them.
struct alignas(64) Stage {
  std::uint64_t number;
  std::byte data[stage_bytes];
};
struct alignas(4096) Slot {
  FlagLine round[24];
  FlagLine value;
  FlagLine epoch;
  FlagLine pushed;     // this PE's count of the team's pushed collectives
  FlagLine arrived[2]; // pushes received, by the parity of their count
  FlagLine staged;     // this PE's count of the team's staged collectives
  FlagLine done;       // the latest of them this PE finished reading
  FlagLine all_done;   // the least `done` of the members when this PE last looked
  Stage stage[stage_depth];
};
static_assert(sizeof(Slot) == 20 << 10, "a slot is 5 pages: 32 lines, then the buffers");

namespace {

constexpr int slot_count = static_cast<int>(room_bytes / sizeof(Slot));
static_assert(slot_count >= 64, "the flag area holds 64 slots");

// Slots no team of this PE uses: bit s for slot s (the predefined teams'
// are never free). A free slot is all zero on this PE.
struct Free {
  std::mutex lock;
  std::uint64_t mask = ~std::uint64_t{0} << 2;
};
Free free_mask;

Slot *slot_of(int slot, int world_pe) {
  return reinterpret_cast<Slot *>(memory::node_room(world_pe)) + slot;
}

void mark(int slot, bool free) {
  std::lock_guard<std::mutex> hold(free_mask.lock);
  const std::uint64_t bit = std::uint64_t{1} << slot;
  free_mask.mask = free ? free_mask.mask | bit : free_mask.mask & ~bit;
}

} // namespace

bool all_mapped(const PeSet &members) {
  for (int i = 0; i < members.size; ++i)
    if (memory::mapping.heaps[static_cast<std::size_t>(team_world_pe(members, i))] == nullptr)
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
    debug(Call::routine_or(__func__),
          "all %d flag slots are taken: this team of %d PEs meets "
          "through MPI",
          slot_count, size);
    return -1;
  }
  const int slot = __builtin_ctzll(common);
  mark(slot, false);
  return slot;
}

// A slot is all zero before a team takes it: release_slot clears what a
// team used, and a region the memory layer made is new memory. A region
// the transport allocated is mapped by no other PE (MPI's), so no team of
// several PEs takes a slot in it, or new too (the unit tests' fake
// transport); only the predefined teams' slots are cleared, in case.
void slots_start() {
  if (memory::mapping.new_memory) return;
  for (int slot : {world_slot, shared_slot})
    std::memset(static_cast<void *>(slot_of(slot, memory::mapping.my_pe)), 0, sizeof(Slot));
}

// The other members may still be reading this PE's slot: a staged
// collective's buffer (a broadcast's root, or any member of
// a reduction, leaves as soon as it has posted and read) and its done line.
// Once this PE left a barrier of the team, nobody reads or writes its slot
// again (every member wrote its lines of that barrier before this PE could
// leave), so it is cleared only after one.
void release_slot(Team &team) {
  if (team.slot < 2) return;
  node_barrier(team);
  std::memset(static_cast<void *>(slot_of(team.slot, memory::mapping.my_pe)), 0, sizeof(Slot));
  mark(team.slot, true);
  team.slot = -1;
}

void node_barrier(const Team &team) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (team.size > 1) {
    const int me = team_index(team, memory::mapping.my_pe);
    Slot *mine = slot_of(team.slot, memory::mapping.my_pe);
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
  __atomic_store_n(&slot_of(team.slot, memory::mapping.my_pe)->value.word, value, __ATOMIC_RELAXED);
}

std::uint64_t posted_value(const Team &team, int world_pe) {
  return __atomic_load_n(&slot_of(team.slot, world_pe)->value.word, __ATOMIC_RELAXED);
}

Pushed::Pushed(const Team &team)
    : team_(team), number_(++slot_of(team.slot, memory::mapping.my_pe)->pushed.word) {}

void Pushed::arrive(int member) {
  Slot *theirs = slot_of(team_.slot, team_world_pe(team_, member));
  __atomic_fetch_add(&theirs->arrived[number_ % 2].word, 1, __ATOMIC_RELEASE);
}

// Collectives 1, 3, 5, ... count in arrived[1], 2, 4, ... in arrived[0]:
// (number_ + 1) / 2 of them so far, each with a push from every other member.
void Pushed::wait() {
  const std::uint64_t expected = static_cast<std::uint64_t>(team_.size - 1) * ((number_ + 1) / 2);
  const std::uint64_t *arrived =
      &slot_of(team_.slot, memory::mapping.my_pe)->arrived[number_ % 2].word;
  wait_for([&] { return __atomic_load_n(arrived, __ATOMIC_ACQUIRE) >= expected; });
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

Staged::Staged(const Team &team)
    : team_(team), mine_(slot_of(team.slot, memory::mapping.my_pe)), number_(++mine_->staged.word) {
}

Staged::~Staged() { __atomic_store_n(&mine_->done.word, number_, __ATOMIC_RELEASE); }

// The buffer was last used stage_depth staged collectives ago: every
// member must be done reading it. What the members had done when this PE
// last looked often tells already (a root looks about once per
// stage_depth broadcasts).
void *Staged::mine() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (number_ > stage_depth && mine_->all_done.word < number_ - stage_depth) {
    std::uint64_t least = ~std::uint64_t{0};
    for (int m = 0; m < team_.size; ++m) {
      const std::uint64_t *done = &slot_of(team_.slot, team_world_pe(team_, m))->done.word;
      std::uint64_t seen = 0;
      wait_for([&] {
        return (seen = __atomic_load_n(done, __ATOMIC_ACQUIRE)) >= number_ - stage_depth;
      });
      least = std::min(least, seen);
    }
    mine_->all_done.word = least;
  }
  return mine_->stage[number_ % stage_depth].data;
}

void Staged::post() {
  __atomic_store_n(&mine_->stage[number_ % stage_depth].number, number_, __ATOMIC_RELEASE);
}

// The member's buffer holds collective number_, or one stage_depth or more
// before it: it cannot post number_ + stage_depth there before this PE is
// done with number_.
const void *Staged::of(int member) {
  wait_for([&] { return posted(member); });
  return slot_of(team_.slot, team_world_pe(team_, member))->stage[number_ % stage_depth].data;
}

bool Staged::posted(int member) {
  const Stage &theirs =
      slot_of(team_.slot, team_world_pe(team_, member))->stage[number_ % stage_depth];
  return __atomic_load_n(&theirs.number, __ATOMIC_ACQUIRE) >= number_;
}

} // namespace shmemi::node
