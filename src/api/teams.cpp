// Section 9.4: team management, and shmem_team_ptr (section 9.1).
#include "api/stamp.hpp"
#include "core/checks.hpp"
#include "core/runtime.hpp"
#include "core/team.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(int, shmem_team_my_pe)(shmem_team_t team) noexcept {
  require_init("shmem_team_my_pe");
  if (team == SHMEM_TEAM_INVALID) return -1;
  return team_index(require_team("shmem_team_my_pe", team), rt.my_pe);
}

SHMEMI_ENTRY(int, shmem_team_n_pes)(shmem_team_t team) noexcept {
  require_init("shmem_team_n_pes");
  if (team == SHMEM_TEAM_INVALID) return -1;
  return require_team("shmem_team_n_pes", team).size;
}

SHMEMI_ENTRY(int, shmem_team_get_config)
(shmem_team_t team, long config_mask, shmem_team_config_t *config) noexcept {
  const char *const routine = "shmem_team_get_config";
  require_init(routine);
  if (team == SHMEM_TEAM_INVALID) return 1;
  const shmemi_team &t = require_team(routine, team);
  require_config_mask(routine, "config_mask", config_mask);
  require_config(routine, config, config_mask);
  if (config_mask == 0) return 0;
  config->num_contexts = t.config.num_contexts;
  return 0;
}

SHMEMI_ENTRY(int, shmem_team_translate_pe)
(shmem_team_t src_team, int src_pe, shmem_team_t dest_team) noexcept {
  const char *const routine = "shmem_team_translate_pe";
  require_init(routine);
  if (src_team == SHMEM_TEAM_INVALID || dest_team == SHMEM_TEAM_INVALID) return -1;
  const shmemi_team &src = require_team(routine, src_team);
  const shmemi_team &dst = require_team(routine, dest_team);
  if (src_pe < 0 || src_pe >= src.size) return -1;
  return team_index(dst, team_world_pe(src, src_pe));
}

SHMEMI_ENTRY(int, shmem_team_split_strided)
(shmem_team_t parent_team, int start, int stride, int size, const shmem_team_config_t *config,
 long config_mask, shmem_team_t *new_team) noexcept {
  require_init("shmem_team_split_strided");
  return team_split_strided("shmem_team_split_strided", parent_team, start, stride, size, config,
                            config_mask, new_team);
}

SHMEMI_ENTRY(int, shmem_team_split_2d)
(shmem_team_t parent_team, int xrange, const shmem_team_config_t *xaxis_config, long xaxis_mask,
 shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config, long yaxis_mask,
 shmem_team_t *yaxis_team) noexcept {
  require_init("shmem_team_split_2d");
  return team_split_2d("shmem_team_split_2d", parent_team, xrange,
                       {xaxis_config, xaxis_mask, xaxis_team},
                       {yaxis_config, yaxis_mask, yaxis_team});
}

SHMEMI_ENTRY(void, shmem_team_destroy)(shmem_team_t team) noexcept {
  require_init("shmem_team_destroy");
  team_destroy("shmem_team_destroy", team);
}

// The team PE's world number, then shmem_ptr decides what loads and stores
// reach.
SHMEMI_ENTRY(void *, shmem_team_ptr)(shmem_team_t team, const void *dest, int pe) noexcept {
  require_init("shmem_team_ptr");
  if (team == SHMEM_TEAM_INVALID) return nullptr;
  const shmemi_team &t = require_team("shmem_team_ptr", team);
  if (pe < 0 || pe >= t.size) return nullptr;
  return pshmem_ptr(dest, team_world_pe(t, pe));
}

} // extern "C"
