// Argument checks shared by the API routines. They cost a compare or two
// and are always on; each failure names the routine, the argument, its
// value and what was allowed, then ends the job.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/context.hpp"
#include "base/report.hpp"
#include "core/runtime.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"

namespace shmemi {

[[noreturn]] void fail_not_initialized(const char *routine);
[[noreturn]] void fail_cmp(const char *routine, int cmp);
[[noreturn]] void fail_pe(const char *routine, int pe, int n_pes);
[[noreturn]] void fail_not_symmetric(const char *routine, const char *arg, const void *addr,
                                     std::size_t len);
[[noreturn]] void fail_ctx(const char *routine, shmem_ctx_t ctx);
[[noreturn]] void fail_null(const char *routine, const char *arg, std::size_t count);
[[noreturn]] void fail_overlap(const char *routine, const char *arg_a, const void *a,
                               std::size_t a_len, const char *arg_b, const void *b,
                               std::size_t b_len);

inline void require_init(const char *routine) {
  if (!runtime_ready()) [[unlikely]]
    fail_not_initialized(routine);
}

inline void require_ctx(const char *routine, shmem_ctx_t ctx) {
  if (ctx == SHMEM_CTX_INVALID || ctx->team == nullptr) [[unlikely]]
    fail_ctx(routine, ctx);
}

inline void require_buffer(const char *routine, const char *arg, const void *addr,
                           std::size_t len) {
  if (addr == nullptr && len > 0) [[unlikely]]
    fail_null(routine, arg, len);
}

inline SymAddr require_symmetric(const char *routine, const char *arg, const void *addr,
                                 std::size_t len) {
  SymAddr out;
  if (!memory::locate(addr, len, out)) [[unlikely]]
    fail_not_symmetric(routine, arg, addr, len);
  return out;
}

// Spec, "Invoking OpenSHMEM Operations": a buffer a routine writes must not
// overlap its other buffer arguments. Empty buffers overlap nothing.
inline void require_disjoint(const char *routine, const char *arg_a, const void *a,
                             std::size_t a_len, const char *arg_b, const void *b,
                             std::size_t b_len) {
  const auto x = reinterpret_cast<std::uintptr_t>(a);
  const auto y = reinterpret_cast<std::uintptr_t>(b);
  if (a_len != 0 && b_len != 0 && (x >= y ? x - y < b_len : y - x < a_len)) [[unlikely]]
    fail_overlap(routine, arg_a, a, a_len, arg_b, b, b_len);
}

// The world PE behind `pe` of the context's team, after checking the
// library state, the context and the PE.
inline int require_target(const char *routine, shmem_ctx_t ctx, int pe) {
  require_init(routine);
  require_ctx(routine, ctx);
  const shmemi_team &team = *ctx->team;
  if (pe < 0 || pe >= team.size) [[unlikely]]
    fail_pe(routine, pe, team.size);
  return team.start + pe * team.stride;
}

// The checks of single routine families (the entry points in src/api call
// them; shared ones above).

[[noreturn]] void fail_negative(const char *routine, const char *arg, int value);
[[noreturn]] void fail_null_out(const char *routine, const char *arg, const char *type);
[[noreturn]] void fail_destroy_default(const char *routine);
[[noreturn]] void fail_not_live(const char *routine, shmem_ctx_t ctx);
[[noreturn]] void fail_config_mask(const char *routine, const char *arg, long mask);
[[noreturn]] void fail_null_config(const char *routine, long mask);
[[noreturn]] void fail_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst,
                               std::size_t bsize);

// A count of type int (the active-set reductions' nreduce): 0 or more,
// returned as a size_t.
inline std::size_t require_count(const char *routine, const char *arg, int count) {
  if (count < 0) [[unlikely]]
    fail_negative(routine, arg, count);
  return static_cast<std::size_t>(count);
}

// The ctx output of shmem_ctx_create and shmem_team_create_ctx: any pointer
// but NULL. It holds SHMEM_CTX_INVALID until a context is made.
inline void require_ctx_out(const char *routine, shmem_ctx_t *ctx) {
  if (ctx == nullptr) [[unlikely]]
    fail_null_out(routine, "ctx", "shmem_ctx_t");
  *ctx = SHMEM_CTX_INVALID;
}

// A team output (shmem_ctx_get_team's team): any pointer but NULL. It holds
// SHMEM_TEAM_INVALID until the routine has a team for it.
inline void require_team_out(const char *routine, const char *arg, shmem_team_t *team) {
  if (team == nullptr) [[unlikely]]
    fail_null_out(routine, arg, "shmem_team_t");
  *team = SHMEM_TEAM_INVALID;
}

// shmem_ctx_destroy's ctx before the destruction: any but SHMEM_CTX_DEFAULT,
// which is the library's.
inline void require_destroyable(const char *routine, shmem_ctx_t ctx) {
  if (ctx == SHMEM_CTX_DEFAULT) [[unlikely]]
    fail_destroy_default(routine);
}

// shmem_ctx_destroy's ctx after it: `destroyed` (context_destroy's answer)
// is false for a handle of no live context.
inline void require_destroyed(const char *routine, shmem_ctx_t ctx, bool destroyed) {
  if (!destroyed) [[unlikely]]
    fail_not_live(routine, ctx);
}

// A team configuration mask: 0 or SHMEM_TEAM_NUM_CONTEXTS.
inline void require_config_mask(const char *routine, const char *arg, long mask) {
  if (mask & ~SHMEM_TEAM_NUM_CONTEXTS) [[unlikely]]
    fail_config_mask(routine, arg, mask);
}

// A config argument (team or session) under its config_mask: NULL only
// when the mask is 0.
inline void require_config(const char *routine, const void *config, long mask) {
  if (mask != 0 && config == nullptr) [[unlikely]]
    fail_null_config(routine, mask);
}

// ibput/ibget: "The stride must be greater than or equal to bsize", for
// both strides (all in elements).
inline void require_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst,
                            std::size_t bsize) {
  const auto block = static_cast<std::ptrdiff_t>(bsize);
  if (dst < block || sst < block) [[unlikely]]
    fail_strides(routine, dst, sst, bsize);
}

// The buffers of the wait and test routines, in bytes; no ivars (0 bytes)
// allow any pointers. Spec: the ivars (argument `arg`) are remotely
// accessible (symmetric); status (NULL: no mask) and indices (the some
// routines' output; 0 bytes for the others) overlap neither them nor each
// other.
inline void require_wait_buffers(const char *routine, const char *arg, const void *ivars,
                                 std::size_t ivars_bytes, const int *status,
                                 std::size_t status_bytes, const std::size_t *indices,
                                 std::size_t indices_bytes) {
  if (ivars_bytes == 0) return;
  if (status == nullptr) status_bytes = 0;
  require_symmetric(routine, arg, ivars, ivars_bytes);
  require_disjoint(routine, arg, ivars, ivars_bytes, "status", status, status_bytes);
  require_buffer(routine, "indices", indices, indices_bytes);
  require_disjoint(routine, "indices", indices, indices_bytes, arg, ivars, ivars_bytes);
  require_disjoint(routine, "indices", indices, indices_bytes, "status", status, status_bytes);
}

} // namespace shmemi
