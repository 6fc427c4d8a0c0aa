#include "core/team.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

#include "base/report.hpp"
#include "core/coll.hpp"
#include "core/runtime.hpp"
#include "node/sync.hpp"
#include "transport/collectives.hpp"
#include "transport/data_path.hpp"

shmemi_team shmemi_team_world;
shmemi_team shmemi_team_shared;

namespace shmemi {
namespace {

using ActiveSetKey = std::tuple<int, int, int>; // start, stride, size

// Teams made by splits (in creation order) and the active sets met so far
// (in a map, so that every PE frees them in one global order).
struct Registry {
  std::mutex lock;
  std::vector<std::unique_ptr<shmemi_team>> teams;
  std::map<ActiveSetKey, std::unique_ptr<shmemi_team>> active_sets;
  // The active set met last (active_set). Sets live until teams_stop,
  // which clears this first.
  std::atomic<const shmemi_team *> last_set{nullptr};
};
Registry registry;

shmemi_team team_of(PeSet members, const shmem_team_config_t &config, transport::Group *comm) {
  shmemi_team team;
  static_cast<PeSet &>(team) = members;
  team.config = config;
  team.comm = comm;
  return team;
}

// A team meets on this node when every member's heap is mapped here and a
// slot is free on all of them: collective over the team (a transport
// reduction of the members' free slots). The predefined teams pass their
// own slot, and nothing is collective.
void claim_slot(shmemi_team &team, int predefined = -1) {
  team.on_node = node::all_mapped(team);
  if (!team.on_node || team.size == 1) return;
  team.slot = predefined >= 0
                  ? predefined
                  : node::take_slot(transport::team_and(*team.comm, node::free_slots()), team.size);
}

// Collective over the new team's members (claim_slot).
shmem_team_t add_team(shmemi_team team) {
  claim_slot(team);
  std::lock_guard<std::mutex> hold(registry.lock);
  registry.teams.push_back(std::make_unique<shmemi_team>(team));
  return registry.teams.back().get();
}

bool is_progression(const std::vector<int> &pes) {
  for (std::size_t i = 2; i < pes.size(); ++i)
    if (pes[i] - pes[i - 1] != pes[1] - pes[0]) return false;
  return true;
}

// A team is an arithmetic progression of world PEs. The node's PEs are one
// under block or round-robin placement; otherwise the shared team is this
// PE alone.
shmemi_team make_shared_team() {
  std::vector<int> pes;
  transport::Group *node = transport::group_node(pes);
  if (is_progression(pes)) {
    const int stride = pes.size() > 1 ? pes[1] - pes[0] : 1;
    return team_of({pes.front(), stride, static_cast<int>(pes.size())}, {}, node);
  }
  transport::group_free(node);
  debug("shmem_init",
        "the %zu PEs on this node are not evenly spaced in the world team; "
        "SHMEM_TEAM_SHARED holds this PE alone",
        pes.size());
  return team_of({rt.my_pe, 1, 1}, {}, transport::group_self());
}

// A team's configuration from a split's config and mask arguments (the
// argument names differ between the split routines).
shmem_team_config_t team_config(const char *routine, const char *config_arg,
                                const shmem_team_config_t *config, const char *mask_arg,
                                long mask) {
  require_team_config(routine, config_arg, config, mask_arg, mask);
  shmem_team_config_t out{}; // the defaults: num_contexts = 0
  if (mask & SHMEM_TEAM_NUM_CONTEXTS) out.num_contexts = config->num_contexts;
  return out;
}

// The spec's valid triplets: size >= 1 members, all within the parent's
// n PEs, without wrap-around; stride 0 only for a single PE.
const char *triplet_error(int n, int start, int stride, int size) {
  if (size < 1) return "size must be at least 1";
  if (start < 0 || start >= n) return "start is not a PE of the parent team";
  if (stride == 0) return size == 1 ? nullptr : "stride 0 allows size 1 only";
  const long long last = start + static_cast<long long>(size - 1) * stride;
  return last >= 0 && last < n ? nullptr : "the last PE falls outside the parent team";
}

std::unique_ptr<shmemi_team> take_team(const char *routine, shmem_team_t team) {
  std::lock_guard<std::mutex> hold(registry.lock);
  auto &teams = registry.teams;
  const auto it =
      std::find_if(teams.begin(), teams.end(), [&](const auto &t) { return t.get() == team; });
  // destroyed by another thread meanwhile
  require_team_handle(routine, team, it != teams.end());
  std::unique_ptr<shmemi_team> owned = std::move(*it);
  teams.erase(it);
  return owned;
}

// shmem_team_destroy's team: a live team, not a predefined one.
void require_team_destroyable(const char *routine, shmem_team_t team) {
  if (team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED) [[unlikely]]
    fail_destroy_predefined(routine, team);
  if (!team_valid(team)) [[unlikely]]
    fail_not_team(routine, team);
}

} // namespace

bool team_valid(shmem_team_t team) {
  if (team == SHMEM_TEAM_INVALID) return false;
  if (team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED) return team->size > 0;
  std::lock_guard<std::mutex> hold(registry.lock);
  return std::any_of(registry.teams.begin(), registry.teams.end(),
                     [&](const auto &t) { return t.get() == team; });
}

const shmemi_team &require_team(const char *routine, shmem_team_t team) {
  require_team_handle(routine, team, team_valid(team));
  return *team;
}

int team_split_strided(const char *routine, shmem_team_t parent, int start, int stride, int size,
                       const shmem_team_config_t *config, long mask, shmem_team_t *new_team) {
  const Call call(routine);
  require_team_out(routine, "new_team", new_team);
  if (parent == SHMEM_TEAM_INVALID) return 1;
  const shmemi_team &p = require_team(routine, parent);
  const shmem_team_config_t cfg = team_config(routine, "config", config, "config_mask", mask);
  if (const char *why = triplet_error(p.size, start, stride, size)) {
    debug(routine,
          "no team for start = %d, stride = %d, size = %d in a parent team of %d "
          "PEs: %s",
          start, stride, size, p.size, why);
    return 1;
  }
  const int unit = size == 1 ? 1 : stride; // a single PE has no stride
  const int index = team_index({start, unit, size}, team_index(p, rt.my_pe));
  transport::Group *comm = transport::group_split(*p.comm, index >= 0 ? 0 : -1, index);
  if (index >= 0)
    *new_team = add_team(team_of({team_world_pe(p, start), p.stride * unit, size}, cfg, comm));
  return 0;
}

// The parent's PEs as a grid of rows of xrange: the x-axis team is this
// PE's row, the y-axis team its column.
int team_split_2d(const char *routine, shmem_team_t parent, int xrange, AxisConfig x,
                  AxisConfig y) {
  const Call call(routine);
  require_team_out(routine, "xaxis_team", x.team);
  require_team_out(routine, "yaxis_team", y.team);
  if (parent == SHMEM_TEAM_INVALID) return 1;
  const shmemi_team &p = require_team(routine, parent);
  const shmem_team_config_t xcfg =
      team_config(routine, "xaxis_config", x.config, "xaxis_mask", x.mask);
  const shmem_team_config_t ycfg =
      team_config(routine, "yaxis_config", y.config, "yaxis_mask", y.mask);
  if (xrange < 1) {
    debug(routine, "no teams for xrange = %d: it must be at least 1", xrange);
    return 1;
  }
  const int width = std::min(xrange, p.size);
  const int me = team_index(p, rt.my_pe);
  const int col = me % width, row = me / width;
  transport::Group *row_comm = transport::group_split(*p.comm, row, col);
  transport::Group *col_comm = transport::group_split(*p.comm, col, row);
  const int row_size = std::min(width, p.size - row * width);
  const int col_size = (p.size - col + width - 1) / width;
  *x.team = add_team(team_of({team_world_pe(p, row * width), p.stride, row_size}, xcfg, row_comm));
  *y.team = add_team(team_of({team_world_pe(p, col), p.stride * width, col_size}, ycfg, col_comm));
  return 0;
}

void team_destroy(const char *routine, shmem_team_t team) {
  const Call call(routine);
  if (team == SHMEM_TEAM_INVALID) return;
  require_team_destroyable(routine, team);
  std::unique_ptr<shmemi_team> gone = take_team(routine, team);
  coll_complete_if_started(gone.get());
  contexts_of_team_stop(gone.get());
  node::release_slot(*gone);
  transport::group_free(gone->comm);
}

namespace {

// An active set not met last: checked, then found or made.
[[gnu::noinline]] const shmemi_team &find_active_set(const char *routine, int PE_start,
                                                     int logPE_stride, int PE_size) {
  const Call call(routine);
  require_active_set(routine, PE_start, logPE_stride, PE_size, rt.n_pes);
  const int stride = PE_size == 1 ? 1 : 1 << logPE_stride;
  require_in_active_set(routine, team_index({PE_start, stride, PE_size}, rt.my_pe), rt.my_pe,
                        PE_start, logPE_stride, PE_size);
  std::lock_guard<std::mutex> hold(registry.lock);
  std::unique_ptr<shmemi_team> &set = registry.active_sets[{PE_start, stride, PE_size}];
  if (!set) {
    set = std::make_unique<shmemi_team>(
        team_of({PE_start, stride, PE_size}, {},
                transport::group_of_progression(PE_start, stride, PE_size)));
    claim_slot(*set);
  }
  registry.last_set.store(set.get(), std::memory_order_release);
  return *set;
}

} // namespace

// The set met last needs no lookup, and its arguments were checked then:
// the checks, the lock and the map were a large share of the instructions the
// library added to a forced inter-node 8-byte shmem_broadcast64 (callgrind;
// docs/bench/notes.md, "The library's work around each MPI call"); the slow
// path apart keeps this one's prologue short.
const shmemi_team &active_set(const char *routine, int PE_start, int logPE_stride, int PE_size) {
  const shmemi_team *last = registry.last_set.load(std::memory_order_acquire);
  if (last && logPE_stride >= 0 && logPE_stride <= 30 && last->start == PE_start &&
      last->size == PE_size && last->stride == (PE_size == 1 ? 1 : 1 << logPE_stride))
    return *last;
  return find_active_set(routine, PE_start, logPE_stride, PE_size);
}

void teams_start() {
  shmemi_team_world = team_of({0, 1, rt.n_pes}, {}, transport::group_world());
  claim_slot(shmemi_team_world, node::world_slot);
  shmemi_team_shared = make_shared_team();
  claim_slot(shmemi_team_shared, node::shared_slot);
}

void teams_stop() {
  std::lock_guard<std::mutex> hold(registry.lock);
  registry.last_set.store(nullptr, std::memory_order_release);
  for (const auto &team : registry.teams) transport::group_free(team->comm);
  registry.teams.clear();
  for (const auto &entry : registry.active_sets) transport::group_free(entry.second->comm);
  registry.active_sets.clear();
  transport::group_free(shmemi_team_shared.comm);
  transport::group_free(shmemi_team_world.comm);
  shmemi_team_world = {};
  shmemi_team_shared = {};
}

} // namespace shmemi
