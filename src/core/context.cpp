// The registry of created contexts, each with the transport channel its
// operations go through.
#include "core/context.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include "base/report.hpp"

shmemi_ctx shmemi_ctx_default{&shmemi_team_world, 0};

namespace shmemi {
namespace {

constexpr long known_options = SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE;

struct Registry {
  std::mutex lock;
  std::vector<std::unique_ptr<shmemi_ctx>> contexts;
};
Registry registry;

// Completes the context's operations and gives its channel back.
void release(shmemi_ctx &ctx) {
  transport::quiet(*ctx.channel);
  if (ctx.channel != &transport::default_channel()) transport::channel_close(*ctx.channel);
  ctx.channel = nullptr;
}

} // namespace

int context_create(const char *routine, shmemi_team *team, long options, shmem_ctx_t *out) {
  if (options & ~known_options) {
    warn(routine,
         "argument options = %#lx has bits of no context option: allowed are 0 and "
         "SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE (%#lx); no "
         "context created",
         options, known_options);
    return 1;
  }
  const bool one_thread = (options & SHMEM_CTX_PRIVATE) != 0;
  auto ctx =
      std::make_unique<shmemi_ctx>(shmemi_ctx{team, options, &transport::channel_open(one_thread)});
  std::lock_guard<std::mutex> hold(registry.lock);
  registry.contexts.push_back(std::move(ctx));
  *out = registry.contexts.back().get();
  return 0;
}

bool context_destroy(const char *routine, shmem_ctx_t ctx) {
  const Call call(routine);
  std::unique_ptr<shmemi_ctx> gone;
  {
    std::lock_guard<std::mutex> hold(registry.lock);
    auto &all = registry.contexts;
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const auto &c) { return c.get() == ctx; });
    if (it == all.end()) return false;
    gone = std::move(*it);
    all.erase(it);
  }
  release(*gone);
  return true;
}

void contexts_of_team_stop(const shmemi_team *team) {
  std::lock_guard<std::mutex> hold(registry.lock);
  auto &all = registry.contexts;
  for (const auto &ctx : all) {
    if (ctx->team != team) continue;
    if (ctx->options & SHMEM_CTX_PRIVATE)
      ctx->team = nullptr; // its thread destroys it
    else
      release(*ctx);
  }
  all.erase(std::remove_if(all.begin(), all.end(), [&](const auto &c) { return c->team == team; }),
            all.end());
}

void contexts_stop() {
  std::lock_guard<std::mutex> hold(registry.lock);
  for (const auto &ctx : registry.contexts) release(*ctx);
  registry.contexts.clear();
}

} // namespace shmemi
