#include "node/coll.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "base/combine.hpp"
#include "node/node.hpp"
#include "node/sync.hpp"

namespace shmemi::node {
namespace {

// `local` (shared) as mapped from world PE pe's memory.
char *peer(const void *local, int world_pe) {
  SymAddr at{};
  memory::locate(local, 1, at);
  return memory::address(at, world_pe);
}

char *member_data(const Team &team, const void *local, int member) {
  return peer(local, team_world_pe(team, member));
}

// The high bit of a posted size: that member's source is not shared.
constexpr std::uint64_t unmapped_bit = std::uint64_t{1} << 63;

// Element-wise collectives: dest[i] = fold of members [0, end) of
// source[i]; end differs by PE for scans. `end` 0 gives zeros.
struct Fold {
  Elem elem;
  Op op;
  int end;
};

// Elements [first, first + count) of the fold into acc; 16 KiB at a time,
// so that acc stays in the cache while every member's data streams by.
void fold_range(const Team &team, char *acc, const void *source, std::size_t first,
                std::size_t count, const Fold &f) {
  const std::size_t per = std::max<std::size_t>(1, (std::size_t{16} << 10) / f.elem.bytes);
  for (std::size_t at = first; at < first + count; at += per) {
    const std::size_t n = std::min(per, first + count - at);
    char *out = acc + (at - first) * f.elem.bytes;
    const std::size_t offset = at * f.elem.bytes;
    if (f.end == 0) {
      std::memset(out, 0, n * f.elem.bytes);
      continue;
    }
    std::memcpy(out, member_data(team, source, 0) + offset, n * f.elem.bytes);
    for (int m = 1; m < f.end; ++m)
      combine(f.elem, f.op, out, member_data(team, source, m) + offset, n);
  }
}

// Small data through the staging buffers, in two halves (a nonblocking
// collective posts at its start and reads at its completion): dest may be
// the source, since the others read this PE's buffer.
void post_source(Staged &staged, const void *source, std::size_t bytes) {
  std::memcpy(staged.mine(), source, bytes);
  staged.post();
}

void fold_staged(Staged &staged, void *dest, std::size_t bytes, const Fold &f) {
  if (f.end == 0) {
    std::memset(dest, 0, bytes);
    return;
  }
  std::memcpy(dest, staged.of(0), bytes);
  for (int m = 1; m < f.end; ++m) combine(f.elem, f.op, dest, staged.of(m), bytes / f.elem.bytes);
}

bool stageable(const Team &team, std::size_t bytes) {
  return team.slot >= 0 && bytes <= stage_bytes;
}

void settle(const Team &team, std::size_t keep);

void elementwise_staged(const Team &team, void *dest, const void *source, std::size_t bytes,
                        const Fold &f) {
  settle(team, 0);
  Staged staged(team);
  post_source(staged, source, bytes);
  fold_staged(staged, dest, bytes, f);
}

// Out of place: one pass. In place, the other members may still be reading
// this PE's source: each piece goes through a buffer and lands after the
// next barrier.
void elementwise(const Team &team, void *dest, const void *source, std::size_t nelems,
                 const Fold &f) {
  char *d = static_cast<char *>(dest);
  if (stageable(team, nelems * f.elem.bytes))
    return elementwise_staged(team, dest, source, nelems * f.elem.bytes, f);
  if (dest != source) {
    node_barrier(team);
    fold_range(team, d, source, 0, nelems, f);
    node_barrier(team);
    return;
  }
  alignas(64) char piece[std::size_t{16} << 10];
  const std::size_t per = std::max<std::size_t>(1, sizeof piece / f.elem.bytes);
  for (std::size_t first = 0; first < nelems; first += per) {
    const std::size_t n = std::min(per, nelems - first);
    node_barrier(team);
    fold_range(team, piece, source, first, n, f);
    node_barrier(team);
    std::memcpy(d + first * f.elem.bytes, piece, n * f.elem.bytes);
  }
}

} // namespace

bool usable(const Team &team, const void *buffer) {
  return meets_on_node(team) && memory::shared(buffer, 1);
}

void broadcast(const Team &team, void *dest, const void *source, std::size_t nbytes, int root,
               bool root_copies) {
  const bool at_root = team_world_pe(team, root) == memory::mapping.my_pe;
  if (stageable(team, nbytes)) {
    settle(team, 0);
    Staged staged(team);
    if (!at_root) return (void)std::memcpy(dest, staged.of(root), nbytes);
    std::memcpy(staged.mine(), source, nbytes);
    staged.post();
    if (root_copies && dest != source) std::memmove(dest, source, nbytes);
    return;
  }
  node_barrier(team);
  if (!at_root) std::memcpy(dest, member_data(team, source, root), nbytes);
  node_barrier(team);
  if (at_root && root_copies && dest != source) std::memmove(dest, source, nbytes);
}

Sizes gather_sizes(const Team &team, std::size_t mine, const void *source) {
  const bool mapped = mine == 0 || memory::shared(source, mine);
  post_value(team, mine | (mapped ? 0 : unmapped_bit));
  node_barrier(team);
  Sizes sizes{std::vector<std::size_t>(static_cast<std::size_t>(team.size)), true};
  for (int m = 0; m < team.size; ++m) {
    const std::uint64_t posted = posted_value(team, team_world_pe(team, m));
    sizes.bytes[static_cast<std::size_t>(m)] = posted & ~unmapped_bit;
    sizes.mapped = sizes.mapped && !(posted & unmapped_bit);
  }
  return sizes;
}

void gather_blocks(const Team &team, void *dest, const void *source,
                   const std::vector<std::size_t> &sizes) {
  char *d = static_cast<char *>(dest);
  for (int m = 0; m < team.size; ++m) {
    const std::size_t bytes = sizes[static_cast<std::size_t>(m)];
    if (bytes > 0) std::memcpy(d, member_data(team, source, m), bytes);
    d += bytes;
  }
  node_barrier(team);
}

// Each member writes its blocks into the others' dest (ready, by the
// spec, when any member calls) and is done when the others' have arrived:
// no barrier, and a PE that waits lets the others push without it.
void alltoall(const Team &team, void *dest, const void *source, const transport::Exchange &x) {
  const int me = team_index(team, memory::mapping.my_pe);
  const auto eb = static_cast<std::ptrdiff_t>(x.elem_bytes);
  const auto block = static_cast<std::ptrdiff_t>(x.nelems);
  const bool contiguous = x.dst_stride == 1 && x.src_stride == 1;
  std::optional<Pushed> pushed;
  if (team.size > 1) pushed.emplace(team);
  for (int k = 0; k < team.size; ++k) {
    const int m = (me + k) % team.size; // members written in a ring: no hot spot
    const char *from = static_cast<const char *>(source) + m * block * x.src_stride * eb;
    char *to = member_data(team, dest, m) + me * block * x.dst_stride * eb;
    if (contiguous) {
      std::memcpy(to, from, x.nelems * x.elem_bytes);
    } else {
      for (std::ptrdiff_t e = 0; e < block; ++e)
        std::memcpy(to + e * x.dst_stride * eb, from + e * x.src_stride * eb, x.elem_bytes);
    }
    if (m != me) pushed->arrive(m);
  }
  if (pushed) pushed->wait();
}

void reduce(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
            Op op) {
  elementwise(team, dest, source, nelems, {elem, op, team.size});
}

void sum_scan(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
              bool inclusive) {
  const int me = team_index(team, memory::mapping.my_pe);
  elementwise(team, dest, source, nelems, {elem, Op::sum, inclusive ? me + 1 : me});
}

// ---- nonblocking staged collectives ----------------------------------------

namespace {

// A started collective: its Staged (done when destroyed), and what its
// completion reads into dest: nothing (a broadcast's root), the root's
// buffer (the other members of a broadcast), or the fold of the members'
// buffers (reductions, scans); a sync reads nothing but waits for every
// member's post.
enum class Reads : unsigned char { nothing, root, fold, all };
struct Started {
  const Team *team;
  Ticket ticket;
  std::unique_ptr<Staged> staged;
  Reads reads;
  void *dest;
  std::size_t bytes;
  int root;
  Fold fold;
};

struct Outstanding {
  std::mutex lock;
  std::deque<Started> list;           // in start order
  std::atomic<std::size_t> length{0}; // list.size(), read without the lock
  Ticket last = 0;                    // the latest start's ticket
};
Outstanding outstanding;

void finish(Started &op) {
  if (op.reads == Reads::root) std::memcpy(op.dest, op.staged->of(op.root), op.bytes);
  if (op.reads == Reads::fold) fold_staged(*op.staged, op.dest, op.bytes, op.fold);
  for (int m = 0; op.reads == Reads::all && m < op.team->size; ++m) op.staged->of(m);
  op.staged.reset();
}

// Whether finish(op) would not wait: every member it reads has posted.
bool ready(const Started &op) {
  if (op.reads == Reads::root) return op.staged->posted(op.root);
  const int members = op.reads == Reads::fold  ? op.fold.end
                      : op.reads == Reads::all ? op.team->size
                                               : 0;
  for (int m = 0; m < members; ++m)
    if (!op.staged->posted(m)) return false;
  return true;
}

// Completes this PE's started collectives on `team` (all teams: nullptr),
// oldest first, until at most `keep` of that team remain.
std::size_t complete_locked(const Team *team, std::size_t keep) {
  std::size_t left = 0;
  if (team != nullptr)
    for (const Started &op : outstanding.list) left += op.team == team;
  std::size_t done = 0;
  for (auto it = outstanding.list.begin(); it != outstanding.list.end();) {
    if (team != nullptr && (it->team != team || left <= keep)) {
      ++it;
      continue;
    }
    finish(*it);
    it = outstanding.list.erase(it);
    ++done;
    if (team != nullptr) --left;
  }
  outstanding.length.store(outstanding.list.size(), std::memory_order_relaxed);
  return done;
}

std::size_t settled = 0; // completed by settle(): counted by the next complete()

// Before a staged collective: Staged n reuses the buffer of n - stage_depth, which
// every member, this PE too, must have finished reading. A blocking one
// with nothing started pays one load, no lock.
void settle(const Team &team, std::size_t keep) {
  if (outstanding.length.load(std::memory_order_relaxed) <= keep) return;
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  if (!outstanding.list.empty()) settled += complete_locked(&team, keep);
}

// A Staged for a new collective of the team (at most stage_depth - 1 others left).
std::unique_ptr<Staged> next_staged(const Team &team) {
  settle(team, stage_depth - 1);
  return std::make_unique<Staged>(team);
}

Ticket keep(Started op) {
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  op.ticket = ++outstanding.last;
  outstanding.list.push_back(std::move(op));
  outstanding.length.store(outstanding.list.size(), std::memory_order_relaxed);
  return outstanding.last;
}

} // namespace

bool startable(const Team &team, const void *dest, const void *source, std::size_t bytes) {
  return usable(team, dest) && usable(team, source) && stageable(team, bytes);
}

bool stages(const Team &team) { return meets_on_node(team) && stageable(team, 0); }

Ticket sync_start(const Team &team) {
  std::unique_ptr<Staged> staged = next_staged(team);
  staged->mine();
  staged->post();
  return keep({&team, 0, std::move(staged), Reads::all, nullptr, 0, -1, {}});
}

Ticket broadcast_start(const Team &team, void *dest, const void *source, std::size_t nbytes,
                       int root) {
  std::unique_ptr<Staged> staged = next_staged(team);
  if (team_world_pe(team, root) != memory::mapping.my_pe)
    return keep({&team, 0, std::move(staged), Reads::root, dest, nbytes, root, {}});
  post_source(*staged, source, nbytes);
  if (dest != source) std::memmove(dest, source, nbytes);
  return keep({&team, 0, std::move(staged), Reads::nothing, dest, 0, root, {}});
}

namespace {

// A fold of the first `pes` members' sources (in team order) into dest.
Ticket fold_start(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
                  Op op, int pes) {
  std::unique_ptr<Staged> staged = next_staged(team);
  post_source(*staged, source, nelems * elem.bytes);
  return keep(
      {&team, 0, std::move(staged), Reads::fold, dest, nelems * elem.bytes, -1, {elem, op, pes}});
}

} // namespace

Ticket reduce_start(const Team &team, void *dest, const void *source, std::size_t nelems, Elem elem,
                    Op op) {
  return fold_start(team, dest, source, nelems, elem, op, team.size);
}

Ticket sum_scan_start(const Team &team, void *dest, const void *source, std::size_t nelems,
                      Elem elem, bool inclusive) {
  const int me = team_index(team, memory::mapping.my_pe);
  return fold_start(team, dest, source, nelems, elem, Op::sum, inclusive ? me + 1 : me);
}

std::size_t complete(const Team *team) {
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  std::size_t done = std::exchange(settled, 0);
  if (!outstanding.list.empty()) done += complete_locked(team, 0);
  return done;
}

transport::Advanced advance(const Team *team, Ticket ticket, bool wait) {
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  transport::Advanced a{std::exchange(settled, 0), true};
  for (auto it = outstanding.list.begin(); it != outstanding.list.end();) {
    if (it->ticket > ticket) break;
    if (it->team != team) {
      ++it;
      continue;
    }
    if (!wait && !ready(*it)) {
      a.reached = false;
      break;
    }
    finish(*it);
    it = outstanding.list.erase(it);
    ++a.done;
  }
  outstanding.length.store(outstanding.list.size(), std::memory_order_relaxed);
  return a;
}

} // namespace shmemi::node
