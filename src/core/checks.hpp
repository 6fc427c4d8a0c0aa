// Argument checks shared by the API routines. They cost a compare or two
// and are always on; each failure names the routine, the argument, its
// value and what was allowed, then ends the job. Predicates over plain
// values only: the routines that own a state (runtime, contexts, teams,
// symmetric memory) pass what they read of it, so that this header
// includes nothing of core and every part of core may include it.
#pragma once

#include <shmem.h>

#include <cstddef>
#include <cstdint>

#include "base/bytes.hpp"
#include "base/report.hpp" // for the callers that report, as the API routines do
#include "base/symmetric.hpp"

namespace shmemi {

[[noreturn]] void fail_not_initialized(const char *routine);
// A call from a thread the thread level does not allow (once per PE).
void warn_thread_not_allowed(const char *routine, int level);
[[noreturn]] void fail_cmp(const char *routine, int cmp);
[[noreturn]] void fail_pe(const char *routine, int pe, int n_pes);
// heap and statics: the spaces a symmetric address may be in.
[[noreturn]] void fail_not_symmetric(const char *routine, const char *arg, const void *addr,
                                     std::size_t len, const Region &heap, const Region &statics);
[[noreturn]] void fail_ctx(const char *routine, shmem_ctx_t ctx);
[[noreturn]] void fail_null(const char *routine, const char *arg, std::size_t count);
[[noreturn]] void fail_overlap(const char *routine, const char *arg_a, const void *a,
                               std::size_t a_len, const char *arg_b, const void *b,
                               std::size_t b_len);

// A context handle and its team: null for SHMEM_CTX_INVALID and for a
// context whose team was destroyed.
inline void require_ctx_handle(const char *routine, shmem_ctx_t ctx, const void *team) {
  if (team == nullptr) [[unlikely]]
    fail_ctx(routine, ctx);
}

// A PE number of a team (or active set) of n_pes PEs.
inline void require_pe(const char *routine, int pe, int n_pes) {
  if (pe < 0 || pe >= n_pes) [[unlikely]]
    fail_pe(routine, pe, n_pes);
}

inline void require_buffer(const char *routine, const char *arg, const void *addr,
                           std::size_t len) {
  if (addr == nullptr && len > 0) [[unlikely]]
    fail_null(routine, arg, len);
}

// [addr, addr + len) inside the heap or the static data, which are
// symmetric; returns where it lies.
inline SymAddr require_symmetric_in(const char *routine, const char *arg, const void *addr,
                                    std::size_t len, const Region &heap, const Region &statics) {
  SymAddr out;
  if (!symmetric_locate(heap, statics, addr, len, out)) [[unlikely]]
    fail_not_symmetric(routine, arg, addr, len, heap, statics);
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

[[noreturn]] void fail_too_large(const char *routine, const char *arg, std::size_t count,
                                 std::size_t size);
[[noreturn]] void fail_strided_extent(const char *routine, std::ptrdiff_t stride);
[[noreturn]] void fail_root(const char *routine, int root, int n_pes);
[[noreturn]] void fail_partial_overlap(const char *routine, const void *dest, const void *source,
                                       std::size_t nbytes);
[[noreturn]] void fail_unit_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst);
[[noreturn]] void fail_sig_op(const char *routine, int sig_op);
[[noreturn]] void fail_null_pe_list(const char *routine, std::size_t npes);
[[noreturn]] void fail_misaligned(const char *routine, const char *arg, const void *addr,
                                  std::size_t size);
[[noreturn]] void fail_not_heap_block(const char *routine, const void *ptr, const Region &heap);
[[noreturn]] void fail_thread_level(const char *routine, int requested);
[[noreturn]] void fail_invalid_team(const char *routine);
[[noreturn]] void fail_not_team(const char *routine, shmem_team_t team);
[[noreturn]] void fail_destroy_predefined(const char *routine, shmem_team_t team);
[[noreturn]] void fail_not_in_active_set(const char *routine, int my_pe, int start, int log_stride,
                                         int size);

// count * size, or a fatal error naming the routine and the argument.
inline std::size_t require_bytes(const char *routine, const char *arg, std::size_t count,
                                 std::size_t size) {
  std::size_t out = 0;
  if (!product_fits(count, size, out)) [[unlikely]]
    fail_too_large(routine, arg, count, size);
  return out;
}

// Bytes from the first to the end of the last of `count` (>= 1) elements
// that are `stride` elements apart.
inline std::size_t require_strided_bytes(const char *routine, std::size_t count,
                                         std::ptrdiff_t stride, std::size_t elem_bytes) {
  std::size_t elems = 0;
  if (__builtin_mul_overflow(count - 1, static_cast<std::size_t>(stride), &elems) ||
      __builtin_add_overflow(elems, std::size_t{1}, &elems)) [[unlikely]]
    fail_strided_extent(routine, stride);
  return require_bytes(routine, "nelems", elems, elem_bytes);
}

// A collective's root: a PE of the team or active set.
inline void require_root(const char *routine, int root, int n_pes) {
  if (root < 0 || root >= n_pes) [[unlikely]]
    fail_root(routine, root, n_pes);
}

// Reductions and scans: "the same symmetric address, or ... do not overlap".
inline void require_same_or_disjoint(const char *routine, const void *dest, const void *source,
                                     std::size_t nbytes) {
  const auto d = reinterpret_cast<std::uintptr_t>(dest);
  const auto s = reinterpret_cast<std::uintptr_t>(source);
  if (d != s && d < s + nbytes && s < d + nbytes) [[unlikely]]
    fail_partial_overlap(routine, dest, source, nbytes);
}

// alltoalls: both strides at least 1 (in elements).
inline void require_unit_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst) {
  if (dst < 1 || sst < 1) [[unlikely]]
    fail_unit_strides(routine, dst, sst);
}

// A signal operation: SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD.
inline void require_sig_op(const char *routine, int sig_op) {
  if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD) [[unlikely]]
    fail_sig_op(routine, sig_op);
}

// shmem_pe_quiet's target_pes: NULL only when npes is 0.
inline void require_pe_list(const char *routine, const int *target_pes, std::size_t npes) {
  if (target_pes == nullptr && npes != 0) [[unlikely]]
    fail_null_pe_list(routine, npes);
}

// An AMO's dest: aligned to its type's size (a power of two).
inline void require_aligned(const char *routine, const char *arg, const void *addr,
                            std::size_t size) {
  if ((reinterpret_cast<std::uintptr_t>(addr) & (size - 1)) != 0) [[unlikely]]
    fail_misaligned(routine, arg, addr, size);
}

// shmem_free and shmem_realloc's ptr: a live block of the heap, which is
// the case when `block_bytes` (the allocator's size of the block at ptr's
// offset in the heap; 0 for a ptr outside it) is not 0.
inline void require_live_block(const char *routine, const void *ptr, const Region &heap,
                               std::size_t block_bytes) {
  if (block_bytes == 0) [[unlikely]]
    fail_not_heap_block(routine, ptr, heap);
}

// shmem_init_thread's requested: a thread level.
inline void require_thread_level(const char *routine, int requested) {
  if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE) [[unlikely]]
    fail_thread_level(routine, requested);
}

// A team handle: valid means live (predefined, or split off and not
// destroyed).
inline void require_team_handle(const char *routine, shmem_team_t team, bool valid) {
  if (team == SHMEM_TEAM_INVALID) [[unlikely]]
    fail_invalid_team(routine);
  if (!valid) [[unlikely]]
    fail_not_team(routine, team);
}
// A split's config and config_mask (their argument names differ between
// the split routines): with SHMEM_TEAM_NUM_CONTEXTS, a config whose
// num_contexts is 0 or more.
void require_team_config(const char *routine, const char *config_arg,
                         const shmem_team_config_t *config, const char *mask_arg, long mask);
// An active set (PE_start, logPE_stride, PE_size) of the world's n_pes PEs.
void require_active_set(const char *routine, int start, int log_stride, int size, int n_pes);
// This PE (my_pe) a member of the active set: index is its index there, -1
// for none.
inline void require_in_active_set(const char *routine, int index, int my_pe, int start,
                                  int log_stride, int size) {
  if (index < 0) [[unlikely]]
    fail_not_in_active_set(routine, my_pe, start, log_stride, size);
}

// shmem_wait_until's and shmem_test's cmp: a comparison constant.
inline void require_cmp(const char *routine, int cmp) {
  if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE) [[unlikely]]
    fail_cmp(routine, cmp);
}

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
// accessible (symmetric: in heap or statics); status (NULL: no mask) and
// indices (the some routines' output; 0 bytes for the others) overlap
// neither them nor each other.
inline void require_wait_buffers(const char *routine, const char *arg, const void *ivars,
                                 std::size_t ivars_bytes, const int *status,
                                 std::size_t status_bytes, const std::size_t *indices,
                                 std::size_t indices_bytes, const Region &heap,
                                 const Region &statics) {
  if (ivars_bytes == 0) return;
  if (status == nullptr) status_bytes = 0;
  require_symmetric_in(routine, arg, ivars, ivars_bytes, heap, statics);
  require_disjoint(routine, arg, ivars, ivars_bytes, "status", status, status_bytes);
  require_buffer(routine, "indices", indices, indices_bytes);
  require_disjoint(routine, "indices", indices, indices_bytes, arg, ivars, ivars_bytes);
  require_disjoint(routine, "indices", indices, indices_bytes, "status", status, status_bytes);
}

} // namespace shmemi
