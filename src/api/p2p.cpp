// Section 9.10: point-to-point synchronization, stamped from the spec's
// point-to-point synchronization type table.
#include "api/stamp.hpp"
#include "core/p2p.hpp"

using namespace shmemi;

// One ivar; many with one value; many with a value each; the some forms.
#define SHMEMI_ONE(T, NAME)                                                                        \
  ivar_set<T>({"shmem_" #NAME, "ivar", 1, nullptr, nullptr, 0}, ivar, cmp, nullptr, cmp_value)
#define SHMEMI_MANY(T, NAME)                                                                       \
  ivar_set<T>({"shmem_" #NAME, "ivars", nelems, status, nullptr, 0}, ivars, cmp, nullptr, cmp_value)
#define SHMEMI_SOME(T, NAME)                                                                       \
  ivar_set<T>({"shmem_" #NAME, "ivars", nelems, status, indices, nelems}, ivars, cmp, nullptr,     \
              cmp_value)
#define SHMEMI_VECTOR(T, NAME)                                                                     \
  ivar_set<T>({"shmem_" #NAME, "ivars", nelems, status, nullptr, 0}, ivars, cmp, cmp_values,       \
              zero_of<T>())
#define SHMEMI_SOME_VECTOR(T, NAME)                                                                \
  ivar_set<T>({"shmem_" #NAME, "ivars", nelems, status, indices, nelems}, ivars, cmp, cmp_values,  \
              zero_of<T>())

// The parameter lists are those of the declarations (shmem/p2p.h).
#define SHMEMI_DEF_P2P(A, T, N)                                                                    \
  SHMEMI_ENTRY(void, shmem_##N##_wait_until)(T * ivar, int cmp, T cmp_value) noexcept {            \
    wait_all(SHMEMI_ONE(T, N##_wait_until));                                                       \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_##N##_wait_until_all) SHMEMI_P2P_MANY(T) noexcept {                     \
    wait_all(SHMEMI_MANY(T, N##_wait_until_all));                                                  \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_wait_until_any) SHMEMI_P2P_MANY(T) noexcept {                   \
    return wait_any(SHMEMI_MANY(T, N##_wait_until_any));                                           \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_wait_until_some) SHMEMI_P2P_SOME(T) noexcept {                  \
    return wait_some(SHMEMI_SOME(T, N##_wait_until_some), indices);                                \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_##N##_wait_until_all_vector) SHMEMI_P2P_MANY_V(T) noexcept {            \
    wait_all(SHMEMI_VECTOR(T, N##_wait_until_all_vector));                                         \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_wait_until_any_vector) SHMEMI_P2P_MANY_V(T) noexcept {          \
    return wait_any(SHMEMI_VECTOR(T, N##_wait_until_any_vector));                                  \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_wait_until_some_vector) SHMEMI_P2P_SOME_V(T) noexcept {         \
    return wait_some(SHMEMI_SOME_VECTOR(T, N##_wait_until_some_vector), indices);                  \
  }                                                                                                \
  SHMEMI_ENTRY(int, shmem_##N##_test)(T * ivar, int cmp, T cmp_value) noexcept {                   \
    return test_all(SHMEMI_ONE(T, N##_test));                                                      \
  }                                                                                                \
  SHMEMI_ENTRY(int, shmem_##N##_test_all) SHMEMI_P2P_MANY(T) noexcept {                            \
    return test_all(SHMEMI_MANY(T, N##_test_all));                                                 \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_test_any) SHMEMI_P2P_MANY(T) noexcept {                         \
    return test_any(SHMEMI_MANY(T, N##_test_any));                                                 \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_test_some) SHMEMI_P2P_SOME(T) noexcept {                        \
    return test_some(SHMEMI_SOME(T, N##_test_some), indices);                                      \
  }                                                                                                \
  SHMEMI_ENTRY(int, shmem_##N##_test_all_vector) SHMEMI_P2P_MANY_V(T) noexcept {                   \
    return test_all(SHMEMI_VECTOR(T, N##_test_all_vector));                                        \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_test_any_vector) SHMEMI_P2P_MANY_V(T) noexcept {                \
    return test_any(SHMEMI_VECTOR(T, N##_test_any_vector));                                        \
  }                                                                                                \
  SHMEMI_ENTRY(size_t, shmem_##N##_test_some_vector) SHMEMI_P2P_SOME_V(T) noexcept {               \
    return test_some(SHMEMI_SOME_VECTOR(T, N##_test_some_vector), indices);                        \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_##N##_wait)(T * ivar, T cmp_value) noexcept {                           \
    const int cmp = SHMEM_CMP_NE;                                                                  \
    wait_all(SHMEMI_ONE(T, N##_wait));                                                             \
  }

extern "C" {

SHMEMI_SYNC_TYPES(SHMEMI_DEF_P2P, ~)

SHMEMI_ENTRY(void, shmem_wait)(long *ivar, long cmp_value) noexcept {
  const int cmp = SHMEM_CMP_NE;
  wait_all(SHMEMI_ONE(long, wait));
}
// Declared for C only (C++ has the generic template of the same name).
SHMEMI_ENTRY(void, shmem_wait_until)(long *ivar, int cmp, long cmp_value) noexcept {
  wait_all(SHMEMI_ONE(long, wait_until));
}

} // extern "C"
