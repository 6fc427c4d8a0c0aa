// Section 9.11 (memory ordering) and the world barriers of section 9.9.
#include "api/stamp.hpp"
#include "core/coll.hpp"
#include "core/order.hpp"
#include "core/runtime.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(void, shmem_quiet)(void) noexcept { quiet("shmem_quiet", SHMEM_CTX_DEFAULT); }

SHMEMI_ENTRY(void, shmem_ctx_quiet)(shmem_ctx_t ctx) noexcept { quiet("shmem_ctx_quiet", ctx); }

SHMEMI_ENTRY(void, shmem_fence)(void) noexcept { fence("shmem_fence", SHMEM_CTX_DEFAULT); }

SHMEMI_ENTRY(void, shmem_ctx_fence)(shmem_ctx_t ctx) noexcept { fence("shmem_ctx_fence", ctx); }

SHMEMI_ENTRY(void, shmem_barrier_all)(void) noexcept {
  require_init("shmem_barrier_all");
  barrier_all("shmem_barrier_all");
}

SHMEMI_ENTRY(void, shmem_sync_all)(void) noexcept {
  require_init("shmem_sync_all");
  sync_all("shmem_sync_all");
}

// Profiling tools that wrap the library give `level` a meaning; here it
// has none.
SHMEMI_ENTRY(void, shmem_pcontrol)(int, ...) noexcept {}

// Deprecated cache control: nothing to do on cache-coherent machines.
SHMEMI_ENTRY(void, shmem_clear_cache_inv)(void) noexcept {}
SHMEMI_ENTRY(void, shmem_set_cache_inv)(void) noexcept {}
SHMEMI_ENTRY(void, shmem_clear_cache_line_inv)(void *) noexcept {}
SHMEMI_ENTRY(void, shmem_set_cache_line_inv)(void *) noexcept {}
SHMEMI_ENTRY(void, shmem_udcflush)(void) noexcept {}
SHMEMI_ENTRY(void, shmem_udcflush_line)(void *) noexcept {}

} // extern "C"
