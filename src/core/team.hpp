// Teams: the world team, the shared (on-node) team and user-made teams.
#pragma once

namespace shmemi {

// Called by the runtime once the transport is up / before it goes down.
void teams_start();
void teams_stop();

} // namespace shmemi
