#include "core/coll.hpp"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "base/bytes.hpp"
#include "base/report.hpp"
#include "core/symmetric.hpp"
#include "node/coll.hpp"
#include "node/sync.hpp"

namespace shmemi {
namespace {

void started(const shmemi_team &team, Begun *begun, Engine engine, transport::Ticket ticket) {
  collectives_started.fetch_add(1, std::memory_order_relaxed);
  if (begun != nullptr) *begun = {engine, ticket, &team, team.comm};
}
void on_node(const shmemi_team &team, Begun *begun, transport::Ticket ticket) {
  started(team, begun, Engine::node, ticket);
}
void on_transport(const shmemi_team &team, Begun *begun, transport::Ticket ticket) {
  started(team, begun, Engine::transport, ticket);
}

// A team of one has nobody to wait for: its collectives complete at once.
Mode mode_for(const shmemi_team &team, Mode asked) {
  return team.size == 1 ? Mode::blocking : asked;
}

} // namespace

std::atomic<std::size_t> collectives_started{0};

void coll_complete(const shmemi_team *team) {
  const std::size_t done =
      node::complete(team) + transport::complete(team == nullptr ? nullptr : team->comm);
  collectives_started.fetch_sub(done, std::memory_order_relaxed);
}

bool coll_advance(const Begun &begun, bool wait) {
  if (begun.engine == Engine::none) return true;
  const transport::Advanced a = begun.engine == Engine::node
                                    ? node::advance(begun.team, begun.ticket, wait)
                                    : transport::advance(begun.comm, begun.ticket, wait);
  collectives_started.fetch_sub(a.done, std::memory_order_relaxed);
  return a.reached;
}

void coll_sync_start(const char *routine, const shmemi_team &team, Begun *begun) {
  if (mode_for(team, Mode::nonblocking) == Mode::blocking) return;
  const Call call(routine);
  if (node::stages(team)) return on_node(team, begun, node::sync_start(team));
  on_transport(team, begun, transport::sync_start(*team.comm));
}

void coll_sync(const char *routine, const shmemi_team &team) {
  if (node::meets_on_node(team)) return node::node_barrier(team);
  const Call call(routine);
  transport::team_sync(*team.comm);
}

void coll_broadcast(const char *routine, const shmemi_team &team, void *dest, const void *source,
                    std::size_t nelems, std::size_t elem_bytes, int root, RootDest root_dest,
                    Mode mode, Begun *begun) {
  const Call call(routine);
  require_root(routine, root, team.size);
  const std::size_t n = require_bytes(routine, "nelems", nelems, elem_bytes);
  // In place (dest == source) has one meaning, which programs rely on: the
  // source is read only on the root, where it already is the result, and
  // every other PE's copy is only written. Partial overlaps are refused.
  if (dest != source) require_disjoint(routine, "dest", dest, n, "source", source, n);
  if (n == 0) return;
  require_symmetric(routine, "dest", dest, n);
  require_symmetric(routine, "source", source, n);
  const bool blocking = mode_for(team, mode) == Mode::blocking;
  if (blocking && node::usable(team, dest) && node::usable(team, source))
    return node::broadcast(team, dest, source, n, root, root_dest == RootDest::updated);
  if (!blocking && node::startable(team, dest, source, n))
    return on_node(team, begun, node::broadcast_start(team, dest, source, n, root));
  void *buffer = dest;
  if (team_world_pe(team, root) == memory::mapping.my_pe) {
    if (root_dest == RootDest::untouched)
      buffer = const_cast<void *>(source); // MPI_Bcast only reads it at the root
    else if (dest != source)
      std::memmove(dest, source, n);
  }
  if (blocking) return transport::broadcast(*team.comm, buffer, n, root);
  on_transport(team, begun, transport::broadcast_start(*team.comm, buffer, n, root));
}

namespace {

// The nonblocking collect: dest is checked once the total is known, where
// the sizes differ only at completion.
void collect_started(const char *routine, const shmemi_team &team, void *dest, const void *source,
                     std::size_t n, bool fixed, Begun *begun) {
  auto check_total = [routine, dest](std::size_t total) {
    if (total > 0) require_symmetric(routine, "dest", dest, total);
  };
  if (fixed) check_total(n * static_cast<std::size_t>(team.size));
  on_transport(team, begun,
               transport::collect_start(*team.comm, dest, source, n, fixed, check_total));
}

} // namespace

void coll_collect(const char *routine, const shmemi_team &team, void *dest, const void *source,
                  std::size_t nelems, std::size_t elem_bytes, bool fixed, Mode mode, Begun *begun) {
  const Call call(routine);
  const std::size_t n = require_bytes(routine, "nelems", nelems, elem_bytes);
  // dest holds at least this PE's block (the others' sizes are known only
  // inside the collective).
  const std::size_t at_least =
      fixed ? require_bytes(routine, "nelems", n, static_cast<std::size_t>(team.size)) : n;
  require_disjoint(routine, "dest", dest, at_least, "source", source, n);
  if (n > 0) require_symmetric(routine, "source", source, n);
  if (mode_for(team, mode) == Mode::nonblocking)
    return collect_started(routine, team, dest, source, n, fixed, begun);
  // On a node the sizes come with the entry barrier, which every member
  // then leaves through the exit barrier, whatever the total.
  const bool on_node = node::usable(team, dest);
  const node::Sizes sizes =
      on_node ? node::gather_sizes(team, n, source)
              : node::Sizes{fixed ? std::vector<std::size_t>(static_cast<std::size_t>(team.size), n)
                                  : transport::gather_sizes(*team.comm, n),
                            false};
  const std::size_t total =
      fixed ? require_bytes(routine, "nelems", n, sizes.bytes.size())
            : std::accumulate(sizes.bytes.begin(), sizes.bytes.end(), std::size_t{0});
  if (total > 0) require_symmetric(routine, "dest", dest, total);
  if (on_node && sizes.mapped) return node::gather_blocks(team, dest, source, sizes.bytes);
  if (total > 0) transport::gather_blocks(*team.comm, dest, source, sizes.bytes);
  if (on_node) node::node_barrier(team);
}

void coll_alltoall(const char *routine, const shmemi_team &team, void *dest, const void *source,
                   std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t nelems,
                   std::size_t elem_bytes, Mode mode, Begun *begun) {
  const Call call(routine);
  require_unit_strides(routine, dst, sst);
  if (nelems == 0) return;
  const std::size_t count =
      require_bytes(routine, "nelems", nelems, static_cast<std::size_t>(team.size));
  const std::size_t dest_bytes = require_strided_bytes(routine, count, dst, elem_bytes);
  const std::size_t source_bytes = require_strided_bytes(routine, count, sst, elem_bytes);
  require_disjoint(routine, "dest", dest, dest_bytes, "source", source, source_bytes);
  require_symmetric(routine, "dest", dest, dest_bytes);
  require_symmetric(routine, "source", source, source_bytes);
  const transport::Exchange x{nelems, elem_bytes, dst, sst};
  if (mode_for(team, mode) == Mode::nonblocking)
    return on_transport(team, begun, transport::alltoall_start(*team.comm, dest, source, x));
  if (node::usable(team, dest) && node::usable(team, source))
    return node::alltoall(team, dest, source, x);
  transport::alltoall(*team.comm, dest, source, x);
}

namespace {

// The buffers of an element-wise collective (reductions, scans): `count`
// elements of `elem` (the count's argument name: count_arg).
struct Elementwise {
  void *dest;
  const void *source;
  const char *count_arg;
  std::size_t count;
  Elem elem;
};

// Reductions and scans: checked alike (symmetric buffers that are the same
// or disjoint), then run on the node or through the transport, started or
// to completion. `start(on_node)` starts the operation in that engine and
// returns its ticket; `run(on_node)` completes it there.
template <class Start, class Run>
void elementwise(const char *routine, const shmemi_team &team, const Elementwise &e, Mode mode,
                 Begun *begun, Start start, Run run) {
  const Call call(routine);
  const std::size_t n = require_bytes(routine, e.count_arg, e.count, e.elem.bytes);
  if (n == 0) return;
  require_symmetric(routine, "dest", e.dest, n);
  require_symmetric(routine, "source", e.source, n);
  require_same_or_disjoint(routine, e.dest, e.source, n);
  if (mode_for(team, mode) == Mode::nonblocking) {
    if (node::startable(team, e.dest, e.source, n)) return on_node(team, begun, start(true));
    return on_transport(team, begun, start(false));
  }
  run(node::usable(team, e.dest) && node::usable(team, e.source));
}

} // namespace

void coll_reduce(const char *routine, const shmemi_team &team, void *dest, const void *source,
                 std::size_t nreduce, Elem elem, Op op, Mode mode, Begun *begun) {
  elementwise(
      routine, team, {dest, source, "nreduce", nreduce, elem}, mode, begun,
      [&](bool on_node) {
        return on_node ? node::reduce_start(team, dest, source, nreduce, elem, op)
                       : transport::reduce_start(*team.comm, dest, source, nreduce, elem, op);
      },
      [&](bool on_node) {
        if (on_node) return node::reduce(team, dest, source, nreduce, elem, op);
        transport::reduce(*team.comm, dest, source, nreduce, elem, op);
      });
}

void coll_scan(const char *routine, const shmemi_team &team, void *dest, const void *source,
               std::size_t nelems, Elem elem, bool inclusive, Mode mode, Begun *begun) {
  elementwise(
      routine, team, {dest, source, "nelems", nelems, elem}, mode, begun,
      [&](bool on_node) {
        return on_node
                   ? node::sum_scan_start(team, dest, source, nelems, elem, inclusive)
                   : transport::sum_scan_start(*team.comm, dest, source, nelems, elem, inclusive);
      },
      [&](bool on_node) {
        if (on_node) return node::sum_scan(team, dest, source, nelems, elem, inclusive);
        transport::sum_scan(*team.comm, dest, source, nelems, elem, inclusive);
      });
}

// On one node the fences of the flag stores and loads also order what MPI
// wrote to static data (flushed by its writer before it arrived): MPI's
// memory model is the unified one here, where MPI_Win_sync is a memory
// barrier, which a node barrier need not pay for.
void sync_all(const char *routine) {
  if (node::meets_on_node(shmemi_team_world)) return node::node_barrier(shmemi_team_world);
  const Call call(routine);
  transport::sync_all();
}

void barrier_all(const char *routine) {
  coll_complete_if_started(nullptr);
  const Call call(routine);
  transport::quiet_all();
  sync_all(routine);
}

} // namespace shmemi
