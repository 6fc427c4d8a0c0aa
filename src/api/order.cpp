// Section 9.11 (memory ordering) and the world barriers of section 9.9.
#include "api/stamp.hpp"
#include "core/checks.hpp"
#include "core/sync.hpp"
#include "mpi_rma/transport.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(void, shmem_quiet)(void) noexcept {
  require_init("shmem_quiet");
  transport::quiet();
}

// Spec: on SHMEM_CTX_INVALID, ctx_quiet and ctx_fence perform no operation.
SHMEMI_ENTRY(void, shmem_ctx_quiet)(shmem_ctx_t ctx) noexcept {
  require_init("shmem_ctx_quiet");
  if (ctx == SHMEM_CTX_INVALID) return;
  require_ctx("shmem_ctx_quiet", ctx);
  transport::quiet();
}

SHMEMI_ENTRY(void, shmem_fence)(void) noexcept {
  require_init("shmem_fence");
  transport::fence();
}

SHMEMI_ENTRY(void, shmem_ctx_fence)(shmem_ctx_t ctx) noexcept {
  require_init("shmem_ctx_fence");
  if (ctx == SHMEM_CTX_INVALID) return;
  require_ctx("shmem_ctx_fence", ctx);
  transport::fence();
}

SHMEMI_ENTRY(void, shmem_barrier_all)(void) noexcept {
  require_init("shmem_barrier_all");
  barrier_all();
}

SHMEMI_ENTRY(void, shmem_sync_all)(void) noexcept {
  require_init("shmem_sync_all");
  sync_all();
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
