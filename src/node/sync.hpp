// Synchronization through shared memory. Every PE's region has room for
// flags (room_bytes, memory::node_room) cut into slots; a team whose PEs all
// share this node's memory owns one slot on each member and meets through
// it (a dissemination barrier: ceil(log2 n) rounds of one store and one
// wait). Teams elsewhere meet through MPI.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/pes.hpp"

namespace shmemi::node {

struct Slot; // node/sync.cpp

// The room this layer needs in every PE's region: 64 slots of 20 KiB.
constexpr std::size_t room_bytes = std::size_t{1280} << 10;

// A team as the node sees it: its members, and how they meet here.
struct Team : PeSet {
  bool on_node = false; // every member's heap is mapped here
  int slot = -1;        // its flags after each heap, or none
};

// The world team's and the shared team's slots, set by teams_start.
constexpr int world_slot = 0;
constexpr int shared_slot = 1;

// The predefined teams' slots, ready (node::start).
void slots_start();
// Every member's heap is mapped here.
bool all_mapped(const PeSet &members);
// The slots no team of this PE uses (bit s: slot s); a new team takes one
// free on every member: the AND of the members' masks (a transport
// reduction, core/team.cpp).
std::uint64_t free_slots();
// Takes the lowest slot of `common` for a team of `size` PEs; -1 if none
// is free (the team then meets through the transport).
int take_slot(std::uint64_t common, int size);
// Team destroy, collective over the team: once every member is done with
// this PE's part of the slot, it is cleared and free again.
void release_slot(Team &team);

// The team meets through shared memory: a slot, or a team of one.
inline bool meets_on_node(const Team &team) {
  return team.on_node && (team.slot >= 0 || team.size == 1);
}

// All members of a team that meets_on_node meet; stores before the call
// are visible to every member after it.
void node_barrier(const Team &team);
// The value this PE posts in its slot for one collective (collect's sizes),
// and another member's; read it only between two node_barriers.
void post_value(const Team &team, std::uint64_t value);
std::uint64_t posted_value(const Team &team, int world_pe);

// Collectives in which every member writes its data into every other
// member's memory (alltoall): a member copies its blocks, then counts one
// push arrived on each of the others, and is done once all the others'
// pushes of this collective arrived here. Nobody waits to start, and
// nobody is done before every member started: a member can be at most one
// pushed collective ahead of another (it cannot finish n + 1 before the
// other pushed n + 1), so arrivals are counted apart by the parity of n.
// Every member constructs one Pushed per collective, in the same order.
class Pushed {
public:
  explicit Pushed(const Team &team);
  void arrive(int member); // this PE's data is in member's memory
  void wait();             // every other member's data is in this PE's

private:
  const Team &team_;
  std::uint64_t number_;
};

// Small collectives of a team with a slot meet through a ring of
// stage_depth staging buffers per member, used in turn: a member that
// contributes data copies it into its next buffer and posts it, the readers
// wait for the post and copy out. One store and one wait per member replace
// the two barriers around the reads of members' heaps. A buffer is reused
// once every member is done with the collective stage_depth before, so a
// broadcast's root runs up to that many collectives ahead of its readers:
// where PEs outnumber cores, a reader then takes several in one turn on a
// core instead of one (docs/bench/crowd.md). Every member constructs one
// Staged per collective, in the same order; it counts as done when
// destroyed.
constexpr std::size_t stage_depth = 16;
constexpr std::size_t stage_bytes = 1024;
class Staged {
public:
  explicit Staged(const Team &team);
  ~Staged();
  Staged(const Staged &) = delete;
  Staged &operator=(const Staged &) = delete;
  void *mine();               // this PE's buffer (stage_bytes) to fill
  void post();                // then publish it
  const void *of(int member); // a member's posted buffer (waits for it)
  bool posted(int member);    // whether of(member) would return at once

private:
  const Team &team_;
  Slot *mine_;
  std::uint64_t number_;
};

} // namespace shmemi::node
