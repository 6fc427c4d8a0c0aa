// Teams: the world team, the shared (on-node) team, user-made teams, and
// the active sets of the deprecated collectives, which are teams too.
#pragma once

#include "core/context.hpp"
#include "core/runtime.hpp"

namespace shmemi {

// Called by the runtime once the transport is up / before it goes down.
void teams_start();
void teams_stop();

// Predefined, or created by a split and not yet destroyed.
bool team_valid(shmem_team_t team);
// The team behind a handle passed to `routine`; SHMEM_TEAM_INVALID or a
// handle of no live team ends the job with a message naming the routine.
const shmemi_team &require_team(const char *routine, shmem_team_t team);

// The split routines of section 9.4: 0 on success, nonzero (and
// SHMEM_TEAM_INVALID handles) when the arguments name no valid team.
int team_split_strided(const char *routine, shmem_team_t parent, int start, int stride, int size,
                       const shmem_team_config_t *config, long mask, shmem_team_t *new_team);
struct AxisConfig {
  const shmem_team_config_t *config;
  long mask;
  shmem_team_t *team;
};
int team_split_2d(const char *routine, shmem_team_t parent, int xrange, AxisConfig x, AxisConfig y);
void team_destroy(const char *routine, shmem_team_t team);

// The active set (PE_start, 2^logPE_stride, PE_size) as a team with its own
// communicator, made on first use by its members and kept until finalize.
// Bad triplets, and callers outside the set, end the job with a message.
const shmemi_team &active_set(const char *routine, int PE_start, int logPE_stride, int PE_size);

// The set of PEs a collective runs on, from its team argument or from its
// active-set triplet (PE_start, logPE_stride, PE_size); checked.
inline const shmemi_team &collective_team(const char *routine, shmem_team_t team) {
  require_init(routine);
  return require_team(routine, team);
}
struct ActiveSet {
  int start;
  int log_stride;
  int size;
};
inline const shmemi_team &collective_set(const char *routine, ActiveSet set) {
  require_init(routine);
  return active_set(routine, set.start, set.log_stride, set.size);
}

} // namespace shmemi
