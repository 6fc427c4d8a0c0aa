// The objects behind shmem_team_t and shmem_ctx_t (declared in shmem.h).
#pragma once

#include <shmem.h>

#include "core/checks.hpp"
#include "node/sync.hpp"
#include "transport/collectives.hpp"
#include "transport/data_path.hpp"

// A team is an arithmetic progression of world PEs (base/pes.hpp) that may
// meet on this node (node/sync.hpp).
struct shmemi_team : shmemi::node::Team {
  shmem_team_config_t config{};             // from the split's config and mask; zero: defaults
  shmemi::transport::Group *comm = nullptr; // owned; freed when the team is destroyed
};

// A context is its team, its options and the transport channel its
// operations go through: its own while the backend has one free, else the
// default context's (docs/decisions/contexts.md).
struct shmemi_ctx {
  shmemi_team *team = nullptr;                   // PE numbers of operations are in this team;
                                                 // null once the team is destroyed
  long options = 0;                              // SHMEM_CTX_* flags it was created with
  shmemi::transport::Channel *channel = nullptr; // set by init / context_create
};

namespace shmemi {

// A context argument: a live context whose team lives.
inline void require_ctx(const char *routine, shmem_ctx_t ctx) {
  require_ctx_handle(routine, ctx, ctx == SHMEM_CTX_INVALID ? nullptr : ctx->team);
}

// The world PE behind `pe` of the context's team, after checking the
// context and the PE (the library's state is the caller's: require_init).
inline int require_target(const char *routine, shmem_ctx_t ctx, int pe) {
  require_ctx(routine, ctx);
  const shmemi_team &team = *ctx->team;
  require_pe(routine, pe, team.size);
  return team.start + pe * team.stride;
}

// shmem_ctx_create and shmem_team_create_ctx (safe from several threads):
// 0 and the context in *out, or nonzero (and a warning naming `routine`)
// for options no context has.
int context_create(const char *routine, shmemi_team *team, long options, shmem_ctx_t *out);
// Completes the operations of a context made by context_create and frees
// it; false if `ctx` is not one (never made, or destroyed already).
bool context_destroy(const char *routine, shmem_ctx_t ctx);
// shmem_team_destroy: completes and frees the team's shareable contexts;
// its private ones (which only their thread may destroy) lose their team.
void contexts_of_team_stop(const shmemi_team *team);
// Finalize: completes and frees every context.
void contexts_stop();

} // namespace shmemi
