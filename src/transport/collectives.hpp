// The data path's collectives, over groups of PEs, for teams and active
// sets. A group is the opaque Group. Buffers are this PE's local addresses
// (symmetric memory, exposed by start_rma) and sizes are in bytes unless an
// element type is given (Elem and Op: base/combine.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "base/combine.hpp" // Elem, Op

namespace shmemi::transport {

struct Group; // a group of world PEs and the backend's means to reach them

// Groups. Each returned Group belongs to the caller, who frees it with
// group_free (collective over its members).
Group *group_world(); // every PE in world order; all PEs call
// The PEs sharing this node's memory, in world order; `world_pes` receives
// their world PE numbers. All PEs call.
Group *group_node(std::vector<int> &world_pes);
Group *group_self(); // this PE alone; local
// Collective over `parent`: the PEs giving the same color >= 0 form one new
// group, ordered by key; a negative color gets nullptr.
Group *group_split(const Group &parent, int color, int key);
// The world PEs start + i * stride, i < size; only those PEs call.
Group *group_of_progression(int start, int stride, int size);
void group_free(Group *comm);

// The bitwise and of every member's `mine` (collective).
std::uint64_t team_and(const Group &team, std::uint64_t mine);

// All team members meet; stores before it are visible after it.
void team_sync(const Group &team);
// `buffer` is the source at team PE root and the destination elsewhere.
void broadcast(const Group &team, void *buffer, std::size_t nbytes, int root);
// Each team PE's size in bytes (collective), for collect.
std::vector<std::size_t> gather_sizes(const Group &team, std::size_t mine);
// dest receives every team PE's source in team order; sizes[i] bytes from
// team PE i (the same vector on every member).
void gather_blocks(const Group &team, void *dest, const void *source,
                   const std::vector<std::size_t> &sizes);

// An all-to-all exchange of nelems elements per pair of PEs. Element e of
// the block for team PE j is source[(j * nelems + e) * src_stride]; the
// block from team PE i lands at dest[(i * nelems + e) * dst_stride].
struct Exchange {
  std::size_t nelems;
  std::size_t elem_bytes;
  std::ptrdiff_t dst_stride; // in elements, >= 1
  std::ptrdiff_t src_stride; // in elements, >= 1
};
void alltoall(const Group &team, void *dest, const void *source, const Exchange &x);

// dest and source are the same address or disjoint.
void reduce(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem,
            Op op);
// Prefix sums in team order; the exclusive scan gives zero on team PE 0.
void sum_scan(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem,
              bool inclusive);

// Nonblocking forms (the shmemx_ *_nbi and *_nb routines): each starts the
// collective and returns its ticket, which grows with every start; complete()
// or advance() finishes it, and until then its buffers belong to the
// operation. Every member starts a team's collectives in one order.
using Ticket = std::uint64_t;
Ticket sync_start(const Group &team);
Ticket broadcast_start(const Group &team, void *buffer, std::size_t nbytes, int root);
// fixed: every member gives `mine` bytes (fcollect); otherwise the sizes are
// exchanged first and `check_total` sees their sum before dest is written.
Ticket collect_start(const Group &team, void *dest, const void *source, std::size_t mine,
                     bool fixed, std::function<void(std::size_t)> check_total);
Ticket alltoall_start(const Group &team, void *dest, const void *source, const Exchange &x);
Ticket reduce_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                    Elem elem, Op op);
Ticket sum_scan_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                      Elem elem, bool inclusive);
// Completes the collectives started on `team` (on every team: nullptr), in
// the order they were started; returns how many.
std::size_t complete(const Group *team);
// What advance() did: how many of the team's collectives it completed, and
// whether the one of the ticket is complete (by this call or before).
struct Advanced {
  std::size_t done;
  bool reached;
};
// Completes the collectives started on `team` up to the one of `ticket`, in
// start order: all of them (wait), or those already over and no further
// than the first still running (!wait). `team` is only compared, never read.
Advanced advance(const Group *team, Ticket ticket, bool wait);

} // namespace shmemi::transport
