/* Section 9.10: point-to-point synchronization. Included by shmem.h. */
#ifndef SHMEM_P2P_H
#define SHMEM_P2P_H

/* The wait and test routines on one ivar, or on many (all, any, some) with
 * one comparison value or a vector of them. */
#define SHMEMI_P2P_MANY(T) (T * ivars, size_t nelems, const int *status, int cmp, T cmp_value)
#define SHMEMI_P2P_SOME(T)                                                                         \
  (T * ivars, size_t nelems, size_t * indices, const int *status, int cmp, T cmp_value)
#define SHMEMI_P2P_MANY_V(T)                                                                       \
  (T * ivars, size_t nelems, const int *status, int cmp, const T *cmp_values)
#define SHMEMI_P2P_SOME_V(T)                                                                       \
  (T * ivars, size_t nelems, size_t * indices, const int *status, int cmp, const T *cmp_values)
#define SHMEMI_DECL_P2P(A, T, N)                                                                   \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_wait_until)(T * ivar, int cmp, T cmp_value)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_wait_until_all) SHMEMI_P2P_MANY(T) SHMEMI_NOEXCEPT;       \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_wait_until_any) SHMEMI_P2P_MANY(T) SHMEMI_NOEXCEPT;     \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_wait_until_some) SHMEMI_P2P_SOME(T) SHMEMI_NOEXCEPT;    \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_wait_until_all_vector) SHMEMI_P2P_MANY_V(T)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_wait_until_any_vector) SHMEMI_P2P_MANY_V(T)             \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_wait_until_some_vector) SHMEMI_P2P_SOME_V(T)            \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API int SHMEMI_NAME(shmem_##N##_test)(T * ivar, int cmp, T cmp_value) SHMEMI_NOEXCEPT;     \
  SHMEM_API int SHMEMI_NAME(shmem_##N##_test_all) SHMEMI_P2P_MANY(T) SHMEMI_NOEXCEPT;              \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_test_any) SHMEMI_P2P_MANY(T) SHMEMI_NOEXCEPT;           \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_test_some) SHMEMI_P2P_SOME(T) SHMEMI_NOEXCEPT;          \
  SHMEM_API int SHMEMI_NAME(shmem_##N##_test_all_vector) SHMEMI_P2P_MANY_V(T) SHMEMI_NOEXCEPT;     \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_test_any_vector) SHMEMI_P2P_MANY_V(T) SHMEMI_NOEXCEPT;  \
  SHMEM_API size_t SHMEMI_NAME(shmem_##N##_test_some_vector) SHMEMI_P2P_SOME_V(T) SHMEMI_NOEXCEPT; \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_##N##_wait)(T * ivar, T cmp_value)            \
      SHMEMI_NOEXCEPT;

/* Every type of the table, and the deprecated untyped forms on long. */
#define SHMEMI_DECLS_P2P                                                                           \
  SHMEMI_SYNC_TYPES(SHMEMI_DECL_P2P, ~)                                                            \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_wait)(long *ivar, long cmp_value)             \
      SHMEMI_NOEXCEPT;

/* In C++ the template serves this one; pshmem_wait_until is always declared. */
#define SHMEMI_DECLS_P2P_LONG                                                                      \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_wait_until)(long *ivar, int cmp,              \
                                                                 long cmp_value) SHMEMI_NOEXCEPT;

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_P2P
#if !defined(SHMEMI_HAVE_CXX_GENERICS)
SHMEMI_DECLS_P2P_LONG
#endif

#ifdef __cplusplus
}
#endif

#if defined(SHMEMI_HAVE_C11_GENERICS)
#define SHMEMI_C11_P2P(SUFFIX, ...)                                                                \
  SHMEMI_C11_SELECT(SHMEMI_SYNC_TYPES, SHMEMI_ARG1(__VA_ARGS__, ~), shmem_, SUFFIX)(__VA_ARGS__)
#define shmem_wait_until(...) SHMEMI_C11_P2P(_wait_until, __VA_ARGS__)
#define shmem_wait_until_all(...) SHMEMI_C11_P2P(_wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) SHMEMI_C11_P2P(_wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) SHMEMI_C11_P2P(_wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) SHMEMI_C11_P2P(_wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) SHMEMI_C11_P2P(_wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) SHMEMI_C11_P2P(_wait_until_some_vector, __VA_ARGS__)
#define shmem_test(...) SHMEMI_C11_P2P(_test, __VA_ARGS__)
#define shmem_test_all(...) SHMEMI_C11_P2P(_test_all, __VA_ARGS__)
#define shmem_test_any(...) SHMEMI_C11_P2P(_test_any, __VA_ARGS__)
#define shmem_test_some(...) SHMEMI_C11_P2P(_test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) SHMEMI_C11_P2P(_test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) SHMEMI_C11_P2P(_test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) SHMEMI_C11_P2P(_test_some_vector, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
#define SHMEMI_CXX_P2P(RET, NAME, PARAMS, ARGS)                                                    \
  SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_SYNC_TYPES, RET, NAME, PARAMS, ARGS)
SHMEMI_CXX_P2P(void, wait_until, (T * ivar, int cmp, SHMEMI_V cmp_value), (ivar, cmp, cmp_value))
SHMEMI_CXX_P2P(void, wait_until_all,
               (T * ivars, size_t nelems, const int *status, int cmp, SHMEMI_V cmp_value),
               (ivars, nelems, status, cmp, cmp_value))
SHMEMI_CXX_P2P(size_t, wait_until_any,
               (T * ivars, size_t nelems, const int *status, int cmp, SHMEMI_V cmp_value),
               (ivars, nelems, status, cmp, cmp_value))
SHMEMI_CXX_P2P(size_t, wait_until_some,
               (T * ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                SHMEMI_V cmp_value),
               (ivars, nelems, indices, status, cmp, cmp_value))
SHMEMI_CXX_P2P(void, wait_until_all_vector,
               (T * ivars, size_t nelems, const int *status, int cmp, const T *cmp_values),
               (ivars, nelems, status, cmp, cmp_values))
SHMEMI_CXX_P2P(size_t, wait_until_any_vector,
               (T * ivars, size_t nelems, const int *status, int cmp, const T *cmp_values),
               (ivars, nelems, status, cmp, cmp_values))
SHMEMI_CXX_P2P(size_t, wait_until_some_vector,
               (T * ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                const T *cmp_values),
               (ivars, nelems, indices, status, cmp, cmp_values))
SHMEMI_CXX_P2P(int, test, (T * ivar, int cmp, SHMEMI_V cmp_value), (ivar, cmp, cmp_value))
SHMEMI_CXX_P2P(int, test_all,
               (T * ivars, size_t nelems, const int *status, int cmp, SHMEMI_V cmp_value),
               (ivars, nelems, status, cmp, cmp_value))
SHMEMI_CXX_P2P(size_t, test_any,
               (T * ivars, size_t nelems, const int *status, int cmp, SHMEMI_V cmp_value),
               (ivars, nelems, status, cmp, cmp_value))
SHMEMI_CXX_P2P(size_t, test_some,
               (T * ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                SHMEMI_V cmp_value),
               (ivars, nelems, indices, status, cmp, cmp_value))
SHMEMI_CXX_P2P(int, test_all_vector,
               (T * ivars, size_t nelems, const int *status, int cmp, const T *cmp_values),
               (ivars, nelems, status, cmp, cmp_values))
SHMEMI_CXX_P2P(size_t, test_any_vector,
               (T * ivars, size_t nelems, const int *status, int cmp, const T *cmp_values),
               (ivars, nelems, status, cmp, cmp_values))
SHMEMI_CXX_P2P(size_t, test_some_vector,
               (T * ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                const T *cmp_values),
               (ivars, nelems, indices, status, cmp, cmp_values))
#endif

#endif /* SHMEM_P2P_H */
