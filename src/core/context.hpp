// The objects behind shmem_team_t and shmem_ctx_t (declared in shmem.h).
#pragma once

#include <shmem.h>

// A team is an arithmetic progression of world PEs.
struct shmemi_team {
  struct Comm; // the transport's communicator for the team (src/mpi_rma/team.cpp)

  int start = 0;  // world PE of team PE 0
  int stride = 1; // world PE distance between consecutive team PEs (may be < 0)
  int size = 0;   // number of PEs
  shmem_team_config_t config{}; // from the split's config and mask; zero: defaults
  Comm *comm = nullptr;         // owned; freed when the team is destroyed
  bool on_node = false;         // every member's heap is mapped here
  int slot = -1;                // its flags after each heap (core/sync.hpp), or none
};

// Every context shares the transport's windows: a context is its team and
// options (docs/design.md, "Contexts and threads").
struct shmemi_ctx {
  shmemi_team *team = nullptr; // PE numbers of operations are in this team;
                               // null once the team is destroyed
  long options = 0;            // SHMEM_CTX_* flags it was created with
};

namespace shmemi {

// The contexts made by shmem_ctx_create and shmem_team_create_ctx
// (core/context.cpp); safe to call from several threads.
shmem_ctx_t context_create(shmemi_team *team, long options);
// Forgets a context made by context_create and frees it; false if `ctx`
// is not one (never made, or destroyed already).
bool context_destroy(shmem_ctx_t ctx);
// shmem_team_destroy: frees the team's shareable contexts; its private
// ones (which only their thread may destroy) lose their team.
void contexts_of_team_stop(const shmemi_team *team);
// Finalize: frees every context.
void contexts_stop();

} // namespace shmemi
