// Fortran atomics (1.3 section 8.5), waits (8.7) and locks (8.9), stamped
// from table.hpp. Every AMO is on the default context and blocking, as the
// C routines of the same names.
#include "core/amo.hpp"
#include "core/lock.hpp"
#include "fortran/entry.hpp"
#include "fortran/table.hpp"

using namespace shmemi;
using namespace shmemi::fortran;

#define SHMEMI_F_AMO(T, OP, OPERAND, COMPARE)                                                      \
  amo_fetch<T>(routine, SHMEM_CTX_DEFAULT, dest, AmoOp::OP, OPERAND, COMPARE, *pe)

// swap, fetch and set: every kind.
#define SHMEMI_F_DEF_AMO_ANY(P, T, FTYPE)                                                          \
  SHMEMI_F_DEF(T, P##_swap, (T * dest, const T *value, const fint *pe),                            \
               SHMEMI_F_AMO(T, replace, *value, T()))                                              \
  SHMEMI_F_DEF(T, P##_fetch, (const T *dest, const fint *pe), SHMEMI_F_AMO(T, fetch, T(), T()))    \
  SHMEMI_F_DEF(void, P##_set, (T * dest, const T *value, const fint *pe),                          \
               amo_post<T>(routine, SHMEM_CTX_DEFAULT, dest, AmoOp::replace, *value, *pe))

// The rest: integers only.
#define SHMEMI_F_DEF_AMO_INT(P, T, FTYPE)                                                          \
  SHMEMI_F_DEF_AMO_ANY(P, T, FTYPE)                                                                \
  SHMEMI_F_DEF(T, P##_cswap, (T * dest, const T *cond, const T *value, const fint *pe),            \
               SHMEMI_F_AMO(T, cswap, *value, *cond))                                              \
  SHMEMI_F_DEF(T, P##_fadd, (T * dest, const T *value, const fint *pe),                            \
               SHMEMI_F_AMO(T, sum, *value, T()))                                                  \
  SHMEMI_F_DEF(T, P##_finc, (T * dest, const fint *pe), SHMEMI_F_AMO(T, sum, T(1), T()))           \
  SHMEMI_F_DEF(void, P##_add, (T * dest, const T *value, const fint *pe),                          \
               amo_post<T>(routine, SHMEM_CTX_DEFAULT, dest, AmoOp::sum, *value, *pe))             \
  SHMEMI_F_DEF(void, P##_inc, (T * dest, const fint *pe),                                          \
               amo_post<T>(routine, SHMEM_CTX_DEFAULT, dest, AmoOp::sum, T(1), *pe))

SHMEMI_F_AMO_INTS(SHMEMI_F_DEF_AMO_INT)
SHMEMI_F_AMO_REALS(SHMEMI_F_DEF_AMO_ANY)
// SHMEM_SWAP: on a default INTEGER.
SHMEMI_F_DEF(fint, shmem_swap, (fint * dest, const fint *value, const fint *pe),
             SHMEMI_F_AMO(fint, replace, *value, 0))

// SHMEM_WAIT returns when ivar differs from cmp_value; SHMEM_WAIT_UNTIL when
// the comparison holds. The C routines of the same element size check and
// wait.
#define SHMEMI_F_DEF_WAIT(P, T)                                                                    \
  SHMEMI_F_DEF(void, P##_wait, (T * ivar, const T *cmp_value),                                     \
               wait_until(ivar, SHMEM_CMP_NE, *cmp_value))                                         \
  SHMEMI_F_DEF(void, P##_wait_until, (T * ivar, const fint *cmp, const T *cmp_value),              \
               wait_until(ivar, *cmp, *cmp_value))

namespace {
void wait_until(std::int32_t *ivar, int cmp, std::int32_t value) {
  pshmem_int32_wait_until(ivar, cmp, value);
}
void wait_until(std::int64_t *ivar, int cmp, std::int64_t value) {
  pshmem_int64_wait_until(ivar, cmp, value);
}
} // namespace

SHMEMI_F_WAITS(SHMEMI_F_DEF_WAIT)

// Locks are default INTEGERs in Fortran: a 32-bit lock word.
SHMEMI_F_DEF(void, shmem_set_lock, (fint * lock), lock_set(routine, lock))
SHMEMI_F_DEF(void, shmem_clear_lock, (fint * lock), lock_clear(routine, lock))
SHMEMI_F_DEF(fint, shmem_test_lock, (fint * lock), lock_test(routine, lock))
