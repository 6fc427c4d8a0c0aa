// Argument checks shared by the API routines. They cost a compare or two
// and are always on; each failure names the routine, the argument, its
// value and what was allowed, then ends the job.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/context.hpp"
#include "base/report.hpp"
#include "core/runtime.hpp"
#include "port/symmetric.hpp"

namespace shmemi {

[[noreturn]] void fail_not_initialized(const char *routine);
[[noreturn]] void fail_cmp(const char *routine, int cmp);
[[noreturn]] void fail_pe(const char *routine, int pe, int n_pes);
[[noreturn]] void fail_not_symmetric(const char *routine, const char *arg,
                                     const void *addr, std::size_t len);
[[noreturn]] void fail_ctx(const char *routine, shmem_ctx_t ctx);
[[noreturn]] void fail_null(const char *routine, const char *arg, std::size_t count);
[[noreturn]] void fail_overlap(const char *routine, const char *arg_a, const void *a,
                               std::size_t a_len, const char *arg_b, const void *b,
                               std::size_t b_len);

inline void require_init(const char *routine) {
  if (!runtime_ready()) [[unlikely]]
    fail_not_initialized(routine);
}

inline void require_pe(const char *routine, int pe) {
  if (pe < 0 || pe >= rt.n_pes) [[unlikely]]
    fail_pe(routine, pe, rt.n_pes);
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
  if (!symmetric_locate(rt.heap, rt.statics, addr, len, out)) [[unlikely]]
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

} // namespace shmemi
