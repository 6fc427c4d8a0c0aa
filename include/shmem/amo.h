/* Section 9.7: atomic memory operations. Included by shmem.h. */
#ifndef SHMEM_AMO_H
#define SHMEM_AMO_H

/* fetch, set and swap: the extended AMO types. */
#define SHMEMI_DECL_AMO_EXTENDED(A, T, N)                                                          \
  SHMEMI_DECL_PAIR(T, N##_atomic_fetch, (const T *source, int pe))                                 \
  SHMEMI_DECL_PAIR(void, N##_atomic_set, (T * dest, T value, int pe))                              \
  SHMEMI_DECL_PAIR(T, N##_atomic_swap, (T * dest, T value, int pe))                                \
  SHMEMI_DECL_PAIR(void, N##_atomic_fetch_nbi, (T * fetch, const T *source, int pe))               \
  SHMEMI_DECL_PAIR(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value, int pe))              \
  SHMEMI_DEPRECATED SHMEM_API T SHMEMI_NAME(shmem_##N##_fetch)(const T *source, int pe)            \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_##N##_set)(T * dest, T value, int pe)         \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API T SHMEMI_NAME(shmem_##N##_swap)(T * dest, T value, int pe)           \
      SHMEMI_NOEXCEPT;

/* compare_swap, inc and add: the standard AMO types. */
#define SHMEMI_DECL_AMO_STANDARD(A, T, N)                                                          \
  SHMEMI_DECL_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value, int pe))                \
  SHMEMI_DECL_PAIR(T, N##_atomic_fetch_inc, (T * dest, int pe))                                    \
  SHMEMI_DECL_PAIR(void, N##_atomic_inc, (T * dest, int pe))                                       \
  SHMEMI_DECL_PAIR(T, N##_atomic_fetch_add, (T * dest, T value, int pe))                           \
  SHMEMI_DECL_PAIR(void, N##_atomic_add, (T * dest, T value, int pe))                              \
  SHMEMI_DECL_PAIR(void, N##_atomic_compare_swap_nbi,                                              \
                   (T * fetch, T * dest, T cond, T value, int pe))                                 \
  SHMEMI_DECL_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest, int pe))                  \
  SHMEMI_DECL_PAIR(void, N##_atomic_fetch_add_nbi, (T * fetch, T * dest, T value, int pe))         \
  SHMEMI_DEPRECATED SHMEM_API T SHMEMI_NAME(shmem_##N##_cswap)(T * dest, T cond, T value, int pe)  \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API T SHMEMI_NAME(shmem_##N##_finc)(T * dest, int pe) SHMEMI_NOEXCEPT;   \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_##N##_inc)(T * dest, int pe) SHMEMI_NOEXCEPT; \
  SHMEMI_DEPRECATED SHMEM_API T SHMEMI_NAME(shmem_##N##_fadd)(T * dest, T value, int pe)           \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_##N##_add)(T * dest, T value, int pe)         \
      SHMEMI_NOEXCEPT;

/* and, or, xor: the bitwise AMO types. */
#define SHMEMI_DECL_AMO_BITWISE_OP(T, N, OP)                                                       \
  SHMEMI_DECL_PAIR(T, N##_atomic_fetch_##OP, (T * dest, T value, int pe))                          \
  SHMEMI_DECL_PAIR(void, N##_atomic_##OP, (T * dest, T value, int pe))                             \
  SHMEMI_DECL_PAIR(void, N##_atomic_fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe))
#define SHMEMI_DECL_AMO_BITWISE(A, T, N)                                                           \
  SHMEMI_DECL_AMO_BITWISE_OP(T, N, and)                                                            \
  SHMEMI_DECL_AMO_BITWISE_OP(T, N, or)                                                             \
  SHMEMI_DECL_AMO_BITWISE_OP(T, N, xor)

/* Every AMO of the three tables. */
#define SHMEMI_DECLS_AMO                                                                           \
  SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_DECL_AMO_EXTENDED, ~)                                           \
  SHMEMI_AMO_STANDARD_TYPES(SHMEMI_DECL_AMO_STANDARD, ~)                                           \
  SHMEMI_AMO_BITWISE_TYPES(SHMEMI_DECL_AMO_BITWISE, ~)

/* The SGI-era untyped swap on long: declared for C programs without
 * generics only (C++ has the template below); pshmem_swap always. */
#define SHMEMI_DECLS_AMO_LONG                                                                      \
  SHMEMI_DEPRECATED SHMEM_API long SHMEMI_NAME(shmem_swap)(long *dest, long value, int pe)         \
      SHMEMI_NOEXCEPT;

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_AMO
#if !defined(SHMEMI_HAVE_CXX_GENERICS)
SHMEMI_DECLS_AMO_LONG
#endif

#ifdef __cplusplus
}
#endif

#if defined(SHMEMI_HAVE_C11_GENERICS)
#define shmem_atomic_fetch(...)                                                                    \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, _atomic_fetch, __VA_ARGS__)
#define shmem_atomic_set(...)                                                                      \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, _atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...)                                                                     \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, _atomic_swap, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...)                                                                \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, _atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...)                                                                 \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, _atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap(...)                                                             \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...)                                                                \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...)                                                                      \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...)                                                                \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...)                                                                      \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_add, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                                         \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...)                                                            \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                                            \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_STANDARD_TYPES, _atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and(...)                                                                \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...)                                                                 \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...)                                                                \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_and(...) SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_and, __VA_ARGS__)
#define shmem_atomic_or(...) SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_or, __VA_ARGS__)
#define shmem_atomic_xor(...) SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_xor, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                                            \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                                             \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                                            \
  SHMEMI_C11_GENERIC(SHMEMI_AMO_BITWISE_TYPES, _atomic_fetch_xor_nbi, __VA_ARGS__)
/* Deprecated generic names: no ctx forms. */
#define SHMEMI_C11_PLAIN(TABLE, SUFFIX, ...)                                                       \
  SHMEMI_C11_SELECT(TABLE, SHMEMI_ARG1(__VA_ARGS__, ~), shmem_, SUFFIX)(__VA_ARGS__)
#define shmem_fetch(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, _fetch, __VA_ARGS__)
#define shmem_set(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, _set, __VA_ARGS__)
#define shmem_swap(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, _swap, __VA_ARGS__)
#define shmem_cswap(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_STANDARD_TYPES, _cswap, __VA_ARGS__)
#define shmem_finc(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_STANDARD_TYPES, _finc, __VA_ARGS__)
#define shmem_inc(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_STANDARD_TYPES, _inc, __VA_ARGS__)
#define shmem_fadd(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_STANDARD_TYPES, _fadd, __VA_ARGS__)
#define shmem_add(...) SHMEMI_C11_PLAIN(SHMEMI_AMO_STANDARD_TYPES, _add, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
#define SHMEMI_CXX_AMO_EXTENDED(RET, NAME, PARAMS, ARGS)                                           \
  SHMEMI_CXX_GENERIC(SHMEMI_AMO_EXTENDED_TYPES, RET, NAME, PARAMS, ARGS)
#define SHMEMI_CXX_AMO_STANDARD(RET, NAME, PARAMS, ARGS)                                           \
  SHMEMI_CXX_GENERIC(SHMEMI_AMO_STANDARD_TYPES, RET, NAME, PARAMS, ARGS)
#define SHMEMI_CXX_AMO_BITWISE(RET, NAME, PARAMS, ARGS)                                            \
  SHMEMI_CXX_GENERIC(SHMEMI_AMO_BITWISE_TYPES, RET, NAME, PARAMS, ARGS)
SHMEMI_CXX_AMO_EXTENDED(T, atomic_fetch, (const T *source, int pe), (source, pe))
SHMEMI_CXX_AMO_EXTENDED(void, atomic_set, (T * dest, SHMEMI_V value, int pe), (dest, value, pe))
SHMEMI_CXX_AMO_EXTENDED(T, atomic_swap, (T * dest, SHMEMI_V value, int pe), (dest, value, pe))
SHMEMI_CXX_AMO_EXTENDED(void, atomic_fetch_nbi, (T * fetch, const T *source, int pe),
                        (fetch, source, pe))
SHMEMI_CXX_AMO_EXTENDED(void, atomic_swap_nbi, (T * fetch, T *dest, SHMEMI_V value, int pe),
                        (fetch, dest, value, pe))
SHMEMI_CXX_AMO_STANDARD(T, atomic_compare_swap, (T * dest, SHMEMI_V cond, SHMEMI_V value, int pe),
                        (dest, cond, value, pe))
SHMEMI_CXX_AMO_STANDARD(T, atomic_fetch_inc, (T * dest, int pe), (dest, pe))
SHMEMI_CXX_AMO_STANDARD(void, atomic_inc, (T * dest, int pe), (dest, pe))
SHMEMI_CXX_AMO_STANDARD(T, atomic_fetch_add, (T * dest, SHMEMI_V value, int pe), (dest, value, pe))
SHMEMI_CXX_AMO_STANDARD(void, atomic_add, (T * dest, SHMEMI_V value, int pe), (dest, value, pe))
SHMEMI_CXX_AMO_STANDARD(void, atomic_compare_swap_nbi,
                        (T * fetch, T *dest, SHMEMI_V cond, SHMEMI_V value, int pe),
                        (fetch, dest, cond, value, pe))
SHMEMI_CXX_AMO_STANDARD(void, atomic_fetch_inc_nbi, (T * fetch, T *dest, int pe), (fetch, dest, pe))
SHMEMI_CXX_AMO_STANDARD(void, atomic_fetch_add_nbi, (T * fetch, T *dest, SHMEMI_V value, int pe),
                        (fetch, dest, value, pe))
#define SHMEMI_CXX_AMO_BITWISE_OP(OP)                                                              \
  SHMEMI_CXX_AMO_BITWISE(T, atomic_fetch_##OP, (T * dest, SHMEMI_V value, int pe),                 \
                         (dest, value, pe))                                                        \
  SHMEMI_CXX_AMO_BITWISE(void, atomic_##OP, (T * dest, SHMEMI_V value, int pe), (dest, value, pe)) \
  SHMEMI_CXX_AMO_BITWISE(void, atomic_fetch_##OP##_nbi,                                            \
                         (T * fetch, T * dest, SHMEMI_V value, int pe), (fetch, dest, value, pe))
SHMEMI_CXX_AMO_BITWISE_OP(and)
SHMEMI_CXX_AMO_BITWISE_OP(or)
SHMEMI_CXX_AMO_BITWISE_OP(xor)
/* The deprecated names: the typed functions they call are deprecated, the
 * warning belongs at the user's call of the template, not in here. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, T, fetch, (const T *source, int pe),
                         (source, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, void, set, (T * dest, SHMEMI_V value, int pe),
                         (dest, value, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_EXTENDED_TYPES, T, swap, (T * dest, SHMEMI_V value, int pe),
                         (dest, value, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_STANDARD_TYPES, T, cswap,
                         (T * dest, SHMEMI_V cond, SHMEMI_V value, int pe), (dest, cond, value, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_STANDARD_TYPES, T, finc, (T * dest, int pe), (dest, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_STANDARD_TYPES, void, inc, (T * dest, int pe), (dest, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_STANDARD_TYPES, T, fadd, (T * dest, SHMEMI_V value, int pe),
                         (dest, value, pe))
SHMEMI_CXX_GENERIC_PLAIN(SHMEMI_AMO_STANDARD_TYPES, void, add, (T * dest, SHMEMI_V value, int pe),
                         (dest, value, pe))
#pragma GCC diagnostic pop
#endif

#endif /* SHMEM_AMO_H */
