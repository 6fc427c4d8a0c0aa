// Section 9.7: atomic memory operations, stamped from the spec's AMO type
// tables, with the deprecated names of 1.3 next to their successors.
#include "api/stamp.hpp"
#include "core/amo.hpp"

using namespace shmemi;

namespace {
constexpr AmoOp fetch = AmoOp::fetch, replace = AmoOp::replace, sum = AmoOp::sum,
                cswap = AmoOp::cswap;
// T(v) for T spelled in more than one word (long long).
template <class T> constexpr T val(int v) { return static_cast<T>(v); }
} // namespace

#define SHMEMI_DEF_AMO_EXTENDED(A, T, N)                                                           \
  SHMEMI_DEF_PAIR(T, N##_atomic_fetch, (const T *source, int pe),                                  \
                  amo_fetch<T>(routine, ctx, source, fetch, val<T>(0), val<T>(0), pe))             \
  SHMEMI_DEF_PAIR(void, N##_atomic_set, (T * dest, T value, int pe),                               \
                  amo_post<T>(routine, ctx, dest, replace, value, pe))                             \
  SHMEMI_DEF_PAIR(T, N##_atomic_swap, (T * dest, T value, int pe),                                 \
                  amo_fetch<T>(routine, ctx, dest, replace, value, val<T>(0), pe))                 \
  SHMEMI_DEF_PAIR(void, N##_atomic_fetch_nbi, (T * fetch_, const T *source, int pe),               \
                  amo_nbi<T>(routine, ctx, fetch_, source, fetch, val<T>(0), val<T>(0), pe))       \
  SHMEMI_DEF_PAIR(void, N##_atomic_swap_nbi, (T * fetch_, T * dest, T value, int pe),              \
                  amo_nbi<T>(routine, ctx, fetch_, dest, replace, value, val<T>(0), pe))           \
  SHMEMI_DEF_ONE(T, N##_fetch, (const T *source, int pe),                                          \
                 amo_fetch<T>(routine, ctx, source, fetch, val<T>(0), val<T>(0), pe))              \
  SHMEMI_DEF_ONE(void, N##_set, (T * dest, T value, int pe),                                       \
                 amo_post<T>(routine, ctx, dest, replace, value, pe))                              \
  SHMEMI_DEF_ONE(T, N##_swap, (T * dest, T value, int pe),                                         \
                 amo_fetch<T>(routine, ctx, dest, replace, value, val<T>(0), pe))

#define SHMEMI_DEF_AMO_STANDARD(A, T, N)                                                           \
  SHMEMI_DEF_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value, int pe),                 \
                  amo_fetch<T>(routine, ctx, dest, cswap, value, cond, pe))                        \
  SHMEMI_DEF_PAIR(T, N##_atomic_fetch_inc, (T * dest, int pe),                                     \
                  amo_fetch<T>(routine, ctx, dest, sum, val<T>(1), val<T>(0), pe))                 \
  SHMEMI_DEF_PAIR(void, N##_atomic_inc, (T * dest, int pe),                                        \
                  amo_post<T>(routine, ctx, dest, sum, val<T>(1), pe))                             \
  SHMEMI_DEF_PAIR(T, N##_atomic_fetch_add, (T * dest, T value, int pe),                            \
                  amo_fetch<T>(routine, ctx, dest, sum, value, val<T>(0), pe))                     \
  SHMEMI_DEF_PAIR(void, N##_atomic_add, (T * dest, T value, int pe),                               \
                  amo_post<T>(routine, ctx, dest, sum, value, pe))                                 \
  SHMEMI_DEF_PAIR(void, N##_atomic_compare_swap_nbi,                                               \
                  (T * fetch_, T * dest, T cond, T value, int pe),                                 \
                  amo_nbi<T>(routine, ctx, fetch_, dest, cswap, value, cond, pe))                  \
  SHMEMI_DEF_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch_, T * dest, int pe),                  \
                  amo_nbi<T>(routine, ctx, fetch_, dest, sum, val<T>(1), val<T>(0), pe))           \
  SHMEMI_DEF_PAIR(void, N##_atomic_fetch_add_nbi, (T * fetch_, T * dest, T value, int pe),         \
                  amo_nbi<T>(routine, ctx, fetch_, dest, sum, value, val<T>(0), pe))               \
  SHMEMI_DEF_ONE(T, N##_cswap, (T * dest, T cond, T value, int pe),                                \
                 amo_fetch<T>(routine, ctx, dest, cswap, value, cond, pe))                         \
  SHMEMI_DEF_ONE(T, N##_finc, (T * dest, int pe),                                                  \
                 amo_fetch<T>(routine, ctx, dest, sum, val<T>(1), val<T>(0), pe))                  \
  SHMEMI_DEF_ONE(void, N##_inc, (T * dest, int pe),                                                \
                 amo_post<T>(routine, ctx, dest, sum, val<T>(1), pe))                              \
  SHMEMI_DEF_ONE(T, N##_fadd, (T * dest, T value, int pe),                                         \
                 amo_fetch<T>(routine, ctx, dest, sum, value, val<T>(0), pe))                      \
  SHMEMI_DEF_ONE(void, N##_add, (T * dest, T value, int pe),                                       \
                 amo_post<T>(routine, ctx, dest, sum, value, pe))

#define SHMEMI_DEF_AMO_BITWISE_OP(T, N, NAME, OP)                                                  \
  SHMEMI_DEF_PAIR(T, N##_atomic_fetch_##NAME, (T * dest, T value, int pe),                         \
                  amo_fetch<T>(routine, ctx, dest, OP, value, val<T>(0), pe))                      \
  SHMEMI_DEF_PAIR(void, N##_atomic_##NAME, (T * dest, T value, int pe),                            \
                  amo_post<T>(routine, ctx, dest, OP, value, pe))                                  \
  SHMEMI_DEF_PAIR(void, N##_atomic_fetch_##NAME##_nbi, (T * fetch_, T * dest, T value, int pe),    \
                  amo_nbi<T>(routine, ctx, fetch_, dest, OP, value, val<T>(0), pe))

#define SHMEMI_DEF_AMO_BITWISE(A, T, N)                                                            \
  SHMEMI_DEF_AMO_BITWISE_OP(T, N, and, AmoOp::band)                                                \
  SHMEMI_DEF_AMO_BITWISE_OP(T, N, or, AmoOp::bor)                                                  \
  SHMEMI_DEF_AMO_BITWISE_OP(T, N, xor, AmoOp::bxor)

extern "C" {

SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_DEF_AMO_EXTENDED, ~)
SHMEMI_AMO_STANDARD_TYPES(SHMEMI_DEF_AMO_STANDARD, ~)
SHMEMI_AMO_BITWISE_TYPES(SHMEMI_DEF_AMO_BITWISE, ~)

// Declared for C only (C++ has the generic template of the same name).
SHMEMI_ENTRY(long, shmem_swap)(long *dest, long value, int pe) noexcept {
  return amo_fetch<long>("shmem_swap", SHMEM_CTX_DEFAULT, dest, replace, value, 0, pe);
}

} // extern "C"
