#include "core/order.hpp"

#include "base/report.hpp"
#include "core/coll.hpp"
#include "core/runtime.hpp"

namespace shmemi {

namespace {

// The context's channel after the checks; null for SHMEM_CTX_INVALID, on
// which the spec makes these routines no-ops.
transport::Channel *channel_of(const char *routine, shmem_ctx_t ctx) {
  require_init(routine);
  if (ctx == SHMEM_CTX_INVALID) return nullptr;
  require_ctx(routine, ctx);
  return ctx->channel;
}

} // namespace

void quiet(const char *routine, shmem_ctx_t ctx) {
  transport::Channel *channel = channel_of(routine, ctx);
  if (channel == nullptr) return;
  const Call call(routine);
  transport::quiet(*channel);
  // The nonblocking collectives of the context's team; the default
  // context's quiet, and any of the world team's, completes them all.
  coll_complete_if_started(ctx == SHMEM_CTX_DEFAULT || ctx->team == &shmemi_team_world ? nullptr
                                                                                       : ctx->team);
}

void fence(const char *routine, shmem_ctx_t ctx) {
  transport::Channel *channel = channel_of(routine, ctx);
  if (channel == nullptr) return;
  const Call call(routine);
  transport::fence(*channel);
}

// One flush per PE, or one quiet of the channel when the list is as long as
// the context's team (no more calls than the flushes).
void pe_quiet(const char *routine, shmem_ctx_t ctx, const int *target_pes, std::size_t npes) {
  require_init(routine);
  if (npes == 0 || ctx == SHMEM_CTX_INVALID) return;
  require_pe_list(routine, target_pes, npes);
  const Call call(routine);
  require_ctx(routine, ctx);
  const bool all = npes >= static_cast<std::size_t>(ctx->team->size);
  for (std::size_t i = 0; i < npes; ++i) {
    const int pe = require_target(routine, ctx, target_pes[i]);
    if (!all) transport::flush(*ctx->channel, pe);
  }
  if (all) transport::quiet(*ctx->channel);
}

} // namespace shmemi
