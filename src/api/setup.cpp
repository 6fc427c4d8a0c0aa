// Section 9.1: library setup, exit, and query routines.
#include <cstdio>
#include <cstring>

#include "api/stamp.hpp"
#include "core/checks.hpp"
#include "core/memory.hpp"
#include "core/runtime.hpp"
#include "core/start.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(void, shmem_init)(void) noexcept {
  runtime_init("shmem_init", SHMEM_THREAD_SINGLE, nullptr);
}

SHMEMI_ENTRY(int, shmem_init_thread)(int requested, int *provided) noexcept {
  runtime_init("shmem_init_thread", requested, provided);
  return 0;
}

SHMEMI_ENTRY(void, shmem_query_thread)(int *provided) noexcept {
  require_init("shmem_query_thread");
  if (provided) *provided = rt.thread_level;
}

SHMEMI_ENTRY(void, shmem_finalize)(void) noexcept {
  if (runtime_finalized_again("shmem_finalize")) return;
  require_init("shmem_finalize");
  runtime_finalize();
}

SHMEMI_ENTRY(void, shmem_query_initialized)(int *initialized) noexcept {
  if (initialized) *initialized = runtime_ready() ? 1 : 0;
}

SHMEMI_ENTRY(int, shmem_my_pe)(void) noexcept {
  require_init("shmem_my_pe");
  return rt.my_pe;
}

SHMEMI_ENTRY(int, shmem_n_pes)(void) noexcept {
  require_init("shmem_n_pes");
  return rt.n_pes;
}

SHMEMI_ENTRY(void, shmem_global_exit)(int status) noexcept { abort_job(status); }

SHMEMI_ENTRY(int, shmem_pe_accessible)(int pe) noexcept {
  require_init("shmem_pe_accessible");
  return pe >= 0 && pe < rt.n_pes;
}

SHMEMI_ENTRY(int, shmem_addr_accessible)(const void *addr, int pe) noexcept {
  require_init("shmem_addr_accessible");
  return pshmem_pe_accessible(pe) && symmetric(addr);
}

SHMEMI_ENTRY(void *, shmem_ptr)(const void *dest, int pe) noexcept {
  require_init("shmem_ptr");
  return local_pointer(dest, pe);
}

SHMEMI_ENTRY(void, shmem_info_get_version)(int *major, int *minor) noexcept {
  if (major) *major = SHMEM_MAJOR_VERSION;
  if (minor) *minor = SHMEM_MINOR_VERSION;
}

SHMEMI_ENTRY(void, shmem_info_get_name)(char *name) noexcept {
  static_assert(sizeof SHMEM_VENDOR_STRING <= SHMEM_MAX_NAME_LEN);
  if (name) std::memcpy(name, SHMEM_VENDOR_STRING, sizeof SHMEM_VENDOR_STRING);
}

// Deprecated since 1.2. start_pes may be called more than once and needs
// no finalize (the exit hook finishes).
SHMEMI_ENTRY(void, start_pes)(int) noexcept {
  if (!runtime_ready()) pshmem_init();
}
SHMEMI_ENTRY(int, _my_pe)(void) noexcept { return pshmem_my_pe(); }
SHMEMI_ENTRY(int, _num_pes)(void) noexcept { return pshmem_n_pes(); }

} // extern "C"
