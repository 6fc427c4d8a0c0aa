/* The type tables of the OpenSHMEM 1.6 specification, each written once.
 *
 * Every table is an X-macro: TABLE(X, A) expands X(A, TYPE, TYPENAME) once
 * per row, in the spec's order. A is passed through untouched so one
 * expander can serve several routines. The tables stamp the C declarations,
 * the C11 generic selections, the C++ templates, the library's definitions
 * and the tests; nothing else lists types.
 *
 * Rows whose TYPE is an alias of an earlier row (int32_t is int on every
 * LP64 system) are kept: the typed names are distinct routines, and the
 * generic selections below take the first matching row.
 */
#ifndef SHMEM_TABLES_H
#define SHMEM_TABLES_H

/* Spec Table "Standard RMA Types and Names" (section RMA routines). */
#define SHMEMI_RMA_TYPES(X, A)                                                                     \
  X(A, float, float)                                                                               \
  X(A, double, double)                                                                             \
  X(A, long double, longdouble)                                                                    \
  X(A, char, char)                                                                                 \
  X(A, signed char, schar)                                                                         \
  X(A, short, short)                                                                               \
  X(A, int, int)                                                                                   \
  X(A, long, long)                                                                                 \
  X(A, long long, longlong)                                                                        \
  X(A, unsigned char, uchar)                                                                       \
  X(A, unsigned short, ushort)                                                                     \
  X(A, unsigned int, uint)                                                                         \
  X(A, unsigned long, ulong)                                                                       \
  X(A, unsigned long long, ulonglong)                                                              \
  X(A, int8_t, int8)                                                                               \
  X(A, int16_t, int16)                                                                             \
  X(A, int32_t, int32)                                                                             \
  X(A, int64_t, int64)                                                                             \
  X(A, uint8_t, uint8)                                                                             \
  X(A, uint16_t, uint16)                                                                           \
  X(A, uint32_t, uint32)                                                                           \
  X(A, uint64_t, uint64)                                                                           \
  X(A, size_t, size)                                                                               \
  X(A, ptrdiff_t, ptrdiff)

/* The SIZE variants of the RMA routines: X(A, BITS, BYTES). */
#define SHMEMI_RMA_SIZES(X, A)                                                                     \
  X(A, 8, 1)                                                                                       \
  X(A, 16, 2)                                                                                      \
  X(A, 32, 4)                                                                                      \
  X(A, 64, 8)                                                                                      \
  X(A, 128, 16)

/* Spec Table "Standard AMO Types and Names". */
#define SHMEMI_AMO_STANDARD_TYPES(X, A)                                                            \
  X(A, int, int)                                                                                   \
  X(A, long, long)                                                                                 \
  X(A, long long, longlong)                                                                        \
  X(A, unsigned int, uint)                                                                         \
  X(A, unsigned long, ulong)                                                                       \
  X(A, unsigned long long, ulonglong)                                                              \
  X(A, int32_t, int32)                                                                             \
  X(A, int64_t, int64)                                                                             \
  X(A, uint32_t, uint32)                                                                           \
  X(A, uint64_t, uint64)                                                                           \
  X(A, size_t, size)                                                                               \
  X(A, ptrdiff_t, ptrdiff)

/* Spec Table "Extended AMO Types and Names": the standard ones plus these. */
#define SHMEMI_AMO_FLOAT_TYPES(X, A)                                                               \
  X(A, float, float)                                                                               \
  X(A, double, double)

#define SHMEMI_AMO_EXTENDED_TYPES(X, A)                                                            \
  SHMEMI_AMO_FLOAT_TYPES(X, A)                                                                     \
  SHMEMI_AMO_STANDARD_TYPES(X, A)

/* Spec Table "Bitwise AMO Types and Names". */
#define SHMEMI_AMO_BITWISE_TYPES(X, A)                                                             \
  X(A, unsigned int, uint)                                                                         \
  X(A, unsigned long, ulong)                                                                       \
  X(A, unsigned long long, ulonglong)                                                              \
  X(A, int32_t, int32)                                                                             \
  X(A, int64_t, int64)                                                                             \
  X(A, uint32_t, uint32)                                                                           \
  X(A, uint64_t, uint64)

/* Spec Table "Point-to-Point Synchronization Types and Names". */
#define SHMEMI_SYNC_TYPES(X, A)                                                                    \
  X(A, short, short)                                                                               \
  X(A, int, int)                                                                                   \
  X(A, long, long)                                                                                 \
  X(A, long long, longlong)                                                                        \
  X(A, unsigned short, ushort)                                                                     \
  X(A, unsigned int, uint)                                                                         \
  X(A, unsigned long, ulong)                                                                       \
  X(A, unsigned long long, ulonglong)                                                              \
  X(A, int32_t, int32)                                                                             \
  X(A, int64_t, int64)                                                                             \
  X(A, uint32_t, uint32)                                                                           \
  X(A, uint64_t, uint64)                                                                           \
  X(A, size_t, size)                                                                               \
  X(A, ptrdiff_t, ptrdiff)

/* Spec Table "Reduction Types, Names, and Supporting Operations for
 * Team-Based Reductions", one table per column of operations. */
#define SHMEMI_TEAM_REDUCE_BITWISE_TYPES(X, A)                                                     \
  X(A, unsigned char, uchar)                                                                       \
  X(A, unsigned short, ushort)                                                                     \
  X(A, unsigned int, uint)                                                                         \
  X(A, unsigned long, ulong)                                                                       \
  X(A, unsigned long long, ulonglong)                                                              \
  X(A, int8_t, int8)                                                                               \
  X(A, int16_t, int16)                                                                             \
  X(A, int32_t, int32)                                                                             \
  X(A, int64_t, int64)                                                                             \
  X(A, uint8_t, uint8)                                                                             \
  X(A, uint16_t, uint16)                                                                           \
  X(A, uint32_t, uint32)                                                                           \
  X(A, uint64_t, uint64)                                                                           \
  X(A, size_t, size)

#define SHMEMI_TEAM_REDUCE_MINMAX_TYPES(X, A)                                                      \
  X(A, char, char)                                                                                 \
  X(A, signed char, schar)                                                                         \
  X(A, short, short)                                                                               \
  X(A, int, int)                                                                                   \
  X(A, long, long)                                                                                 \
  X(A, long long, longlong)                                                                        \
  X(A, ptrdiff_t, ptrdiff)                                                                         \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(X, A)                                                           \
  X(A, float, float)                                                                               \
  X(A, double, double)                                                                             \
  X(A, long double, longdouble)

#define SHMEMI_COMPLEX_TYPES(X, A)                                                                 \
  X(A, SHMEMI_COMPLEXD, complexd)                                                                  \
  X(A, SHMEMI_COMPLEXF, complexf)

#define SHMEMI_TEAM_REDUCE_ARITH_TYPES(X, A)                                                       \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(X, A)                                                            \
  SHMEMI_COMPLEX_TYPES(X, A)

/* Spec Table "Reduction Types, Names and Supporting Operations for
 * Active-Set-Based Reductions" (the deprecated *_to_all routines). */
#define SHMEMI_ASET_REDUCE_BITWISE_TYPES(X, A)                                                     \
  X(A, short, short)                                                                               \
  X(A, int, int)                                                                                   \
  X(A, long, long)                                                                                 \
  X(A, long long, longlong)

#define SHMEMI_ASET_REDUCE_MINMAX_TYPES(X, A)                                                      \
  SHMEMI_ASET_REDUCE_BITWISE_TYPES(X, A)                                                           \
  X(A, float, float)                                                                               \
  X(A, double, double)                                                                             \
  X(A, long double, longdouble)

#define SHMEMI_ASET_REDUCE_ARITH_TYPES(X, A)                                                       \
  SHMEMI_ASET_REDUCE_MINMAX_TYPES(X, A)                                                            \
  SHMEMI_COMPLEX_TYPES(X, A)

/* C has _Complex; C++ spells the same layout with the GNU __complex__. */
#ifdef __cplusplus
#define SHMEMI_COMPLEXD __complex__ double
#define SHMEMI_COMPLEXF __complex__ float
#else
#define SHMEMI_COMPLEXD double _Complex
#define SHMEMI_COMPLEXF float _Complex
#endif

#endif /* SHMEM_TABLES_H */
