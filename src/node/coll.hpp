// Collectives of teams that meet on this node (node/sync.hpp) on symmetric
// buffers that the node's PEs map from each other (memory::shared: the
// heap, and global and static variables where the node shares them):
// between two node barriers each PE reads the other members' data through
// shared memory and writes only its own memory.
// Broadcasts and reductions of at most stage_bytes go through the slot's
// staging buffers instead (node/sync.hpp, Staged).
// Buffers are this PE's addresses; arguments are checked by the caller.
#pragma once

#include <cstddef>
#include <vector>

#include "node/sync.hpp"
#include "transport/collectives.hpp"

namespace shmemi::node {

// The collective can run here: the team meets on this node and `buffer`
// (symmetric, so in the same space on every member) is in memory the
// node's PEs map from each other (memory::shared).
bool usable(const Team &team, const void *buffer);

// Root's source to every member's dest (and the root's too if root_copies).
void broadcast(const Team &team, void *dest, const void *source, std::size_t nbytes, int root,
               bool root_copies);

// collect's first step, with the entry barrier: every member's size, and
// whether every member's source is in memory the node's PEs map from each
// other (else MPI moves the data).
struct Sizes {
  std::vector<std::size_t> bytes;
  bool mapped;
};
Sizes gather_sizes(const Team &team, std::size_t mine, const void *source);
// The second step: the blocks in team order, then the exit barrier.
void gather_blocks(const Team &team, void *dest, const void *source,
                   const std::vector<std::size_t> &sizes);

void alltoall(const Team &team, void *dest, const void *source, const transport::Exchange &x);
void reduce(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem, Op op);
void sum_scan(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
              bool inclusive);

// Nonblocking broadcasts, reductions and scans of at most stage_bytes on a
// team with a slot (startable): the start posts this PE's data in its
// staging buffer, the completion reads the others'. Staged collectives
// reuse a buffer every stage_depth-th time, so a start (blocking or not)
// first completes this PE's started ones of the team but the latest
// stage_depth - 1: the start of the team's staged collective n waits until
// every member completed n - stage_depth (at the latest when it starts n).
bool startable(const Team &team, const void *dest, const void *source, std::size_t bytes);
// The team meets on this node and has a slot: its syncs can be staged.
bool stages(const Team &team);
// A start returns its ticket (transport::Ticket), which grows with every start.
using transport::Ticket;
// Posts this PE's arrival; completion waits for every member's (a team sync).
Ticket sync_start(const Team &team);
Ticket broadcast_start(const Team &team, void *dest, const void *source, std::size_t nbytes,
                       int root);
Ticket reduce_start(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
                    Op op);
Ticket sum_scan_start(const Team &team, void *dest, const void *source, std::size_t nelems,
                      Elem elem, bool inclusive);
// Completes this PE's started ones on `team` (all teams: nullptr), oldest
// first; returns how many completed since the last call.
std::size_t complete(const Team *team);
// Completes this PE's started ones on `team` up to the one of `ticket`,
// oldest first: all (wait), or while every member they read has posted
// (!wait). Counts, as complete(), those completed since the last call.
// `team` is only compared, never read.
transport::Advanced advance(const Team *team, Ticket ticket, bool wait);

} // namespace shmemi::node
