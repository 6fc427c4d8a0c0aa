// Section 9.10: point-to-point synchronization, stamped from the spec's
// point-to-point synchronization type table.
#include "core/p2p.hpp"

using namespace shmemi;

namespace shmemi {
void fail_cmp(const char *routine, int cmp) {
  fatal(routine, "argument cmp = %d is not a comparison: allowed SHMEM_CMP_EQ (%d), _NE, _GT, "
                 "_LE, _LT or SHMEM_CMP_GE (%d)", cmp, SHMEM_CMP_EQ, SHMEM_CMP_GE);
}
} // namespace shmemi

// One ivar, or many with one value, or many with a value each.
#define SHMEMI_ONE(T, NAME) ivar_set<T>("shmem_" #NAME, ivar, 1, nullptr, cmp, nullptr, cmp_value)
#define SHMEMI_MANY(T, NAME) ivar_set<T>("shmem_" #NAME, ivars, nelems, status, cmp, nullptr, cmp_value)
#define SHMEMI_VECTOR(T, NAME) ivar_set<T>("shmem_" #NAME, ivars, nelems, status, cmp, cmp_values, zero_of<T>())

#define SHMEMI_DEF_P2P(A, T, N)                                                \
  void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value) noexcept {        \
    wait_all(SHMEMI_ONE(T, N##_wait_until));                                      \
  }                                                                            \
  void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, \
                                  T cmp_value) noexcept {                      \
    wait_all(SHMEMI_MANY(T, N##_wait_until_all));                                 \
  }                                                                            \
  size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, \
                                    T cmp_value) noexcept {                    \
    return wait_any(SHMEMI_MANY(T, N##_wait_until_any));                          \
  }                                                                            \
  size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, \
                                     const int *status, int cmp, T cmp_value) noexcept { \
    return wait_some(SHMEMI_MANY(T, N##_wait_until_some), indices);               \
  }                                                                            \
  void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                         const T *cmp_values) noexcept {       \
    wait_all(SHMEMI_VECTOR(T, N##_wait_until_all_vector));                        \
  }                                                                            \
  size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                           const T *cmp_values) noexcept {     \
    return wait_any(SHMEMI_VECTOR(T, N##_wait_until_any_vector));                 \
  }                                                                            \
  size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices, \
                                            const int *status, int cmp,        \
                                            const T *cmp_values) noexcept {    \
    return wait_some(SHMEMI_VECTOR(T, N##_wait_until_some_vector), indices);      \
  }                                                                            \
  int shmem_##N##_test(T *ivar, int cmp, T cmp_value) noexcept {               \
    transport::poll();                                                         \
    return SHMEMI_ONE(T, N##_test).all();                                         \
  }                                                                            \
  int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, \
                           T cmp_value) noexcept {                             \
    transport::poll();                                                         \
    return SHMEMI_MANY(T, N##_test_all).all();                                    \
  }                                                                            \
  size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, \
                              T cmp_value) noexcept {                          \
    transport::poll();                                                         \
    return SHMEMI_MANY(T, N##_test_any).any();                                    \
  }                                                                            \
  size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status, \
                               int cmp, T cmp_value) noexcept {                \
    transport::poll();                                                         \
    return SHMEMI_MANY(T, N##_test_some).some(indices);                           \
  }                                                                            \
  int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                  const T *cmp_values) noexcept {              \
    transport::poll();                                                         \
    return SHMEMI_VECTOR(T, N##_test_all_vector).all();                           \
  }                                                                            \
  size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                     const T *cmp_values) noexcept {           \
    transport::poll();                                                         \
    return SHMEMI_VECTOR(T, N##_test_any_vector).any();                           \
  }                                                                            \
  size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, \
                                      const int *status, int cmp,              \
                                      const T *cmp_values) noexcept {          \
    transport::poll();                                                         \
    return SHMEMI_VECTOR(T, N##_test_some_vector).some(indices);                  \
  }                                                                            \
  void shmem_##N##_wait(T *ivar, T cmp_value) noexcept {                       \
    const int cmp = SHMEM_CMP_NE;                                              \
    wait_all(SHMEMI_ONE(T, N##_wait));                                            \
  }

extern "C" {

SHMEMI_SYNC_TYPES(SHMEMI_DEF_P2P, ~)

void shmem_wait(long *ivar, long cmp_value) noexcept {
  shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value);
}
// Declared for C only (C++ has the generic template of the same name).
SHMEM_API void shmem_wait_until(long *ivar, int cmp, long cmp_value) noexcept {
  shmem_long_wait_until(ivar, cmp, cmp_value);
}

} // extern "C"
