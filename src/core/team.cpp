#include "core/team.hpp"

#include "core/context.hpp"
#include "core/runtime.hpp"

shmemi_team shmemi_team_world;
shmemi_team shmemi_team_shared;

namespace shmemi {

void teams_start() {
  shmemi_team_world = {0, 1, rt.n_pes};
  shmemi_team_shared = {rt.my_pe, 1, 1};
}

void teams_stop() {
  shmemi_team_world = {};
  shmemi_team_shared = {};
}

} // namespace shmemi
