// The registry of created contexts. A context owns no transport resource,
// so creating one only allocates, and never fails for lack of windows.
#include "core/context.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace shmemi {
namespace {

struct Registry {
  std::mutex lock;
  std::vector<std::unique_ptr<shmemi_ctx>> contexts;
};
Registry registry;

} // namespace

shmem_ctx_t context_create(shmemi_team *team, long options) {
  auto ctx = std::make_unique<shmemi_ctx>(shmemi_ctx{team, options});
  std::lock_guard<std::mutex> hold(registry.lock);
  registry.contexts.push_back(std::move(ctx));
  return registry.contexts.back().get();
}

bool context_destroy(shmem_ctx_t ctx) {
  std::lock_guard<std::mutex> hold(registry.lock);
  auto &all = registry.contexts;
  const auto it = std::find_if(all.begin(), all.end(), [&](const auto &c) { return c.get() == ctx; });
  if (it == all.end()) return false;
  all.erase(it);
  return true;
}

void contexts_of_team_stop(const shmemi_team *team) {
  std::lock_guard<std::mutex> hold(registry.lock);
  auto &all = registry.contexts;
  for (const auto &ctx : all)
    if (ctx->team == team && (ctx->options & SHMEM_CTX_PRIVATE)) ctx->team = nullptr;
  all.erase(std::remove_if(all.begin(), all.end(),
                           [&](const auto &c) { return c->team == team; }),
            all.end());
}

void contexts_stop() {
  std::lock_guard<std::mutex> hold(registry.lock);
  registry.contexts.clear();
}

} // namespace shmemi
