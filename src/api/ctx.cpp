// Section 9.5: contexts and sessions, and shmem_pe_quiet (section 9.11).
// Session hints are accepted and ignored.
#include "api/stamp.hpp"
#include "core/checks.hpp"
#include "core/order.hpp"
#include "core/runtime.hpp"
#include "core/team.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(int, shmem_ctx_create)(long options, shmem_ctx_t *ctx) noexcept {
  const char *const routine = "shmem_ctx_create";
  require_init(routine);
  require_ctx_out(routine, ctx);
  return context_create(routine, SHMEM_TEAM_WORLD, options, ctx);
}

SHMEMI_ENTRY(int, shmem_team_create_ctx)
(shmem_team_t team, long options, shmem_ctx_t *ctx) noexcept {
  const char *const routine = "shmem_team_create_ctx";
  require_init(routine);
  require_ctx_out(routine, ctx);
  if (team == SHMEM_TEAM_INVALID) return 1;
  require_team(routine, team);
  return context_create(routine, team, options, ctx);
}

SHMEMI_ENTRY(void, shmem_ctx_destroy)(shmem_ctx_t ctx) noexcept {
  const char *const routine = "shmem_ctx_destroy";
  require_init(routine);
  if (ctx == SHMEM_CTX_INVALID) return;
  require_destroyable(routine, ctx);
  require_destroyed(routine, ctx, context_destroy(routine, ctx));
}

SHMEMI_ENTRY(int, shmem_ctx_get_team)(shmem_ctx_t ctx, shmem_team_t *team) noexcept {
  const char *const routine = "shmem_ctx_get_team";
  require_init(routine);
  require_team_out(routine, "team", team);
  if (ctx == SHMEM_CTX_INVALID) return 1;
  require_ctx(routine, ctx);
  *team = ctx->team;
  return 0;
}

SHMEMI_ENTRY(void, shmem_ctx_session_start)
(shmem_ctx_t ctx, long options, const shmem_ctx_session_config_t *config,
 long config_mask) noexcept {
  const char *const routine = "shmem_ctx_session_start";
  require_init(routine);
  if (ctx == SHMEM_CTX_INVALID) return;
  require_ctx(routine, ctx);
  require_config(routine, config, config_mask);
  debug(routine, "session hints options = %#lx, config_mask = %#lx are accepted and ignored",
        options, config_mask);
}

SHMEMI_ENTRY(void, shmem_ctx_session_stop)(shmem_ctx_t ctx) noexcept {
  require_init("shmem_ctx_session_stop");
  if (ctx == SHMEM_CTX_INVALID) return;
  require_ctx("shmem_ctx_session_stop", ctx);
}

SHMEMI_ENTRY(void, shmem_pe_quiet)(const int *target_pes, size_t npes) noexcept {
  pe_quiet("shmem_pe_quiet", SHMEM_CTX_DEFAULT, target_pes, npes);
}

SHMEMI_ENTRY(void, shmem_ctx_pe_quiet)
(shmem_ctx_t ctx, const int *target_pes, size_t npes) noexcept {
  pe_quiet("shmem_ctx_pe_quiet", ctx, target_pes, npes);
}

} // extern "C"
