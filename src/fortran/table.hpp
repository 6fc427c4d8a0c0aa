// The Fortran routines of the OpenSHMEM 1.3 specification, each family
// written once. The tables stamp the library's definitions (src/fortran/*.cpp)
// and the declarations of shmem.fh (src/fortran/make_fh.cpp); nothing else
// lists Fortran routines. Names are lower case without the compiler's
// trailing underscore; element sizes are in bits, as the C routines that
// carry them are named.
#pragma once

// Contiguous RMA: X(PUT, GET, BITS). Each also has PUT##_nbi and GET##_nbi.
// In Fortran 4 and 8 count bytes, 32/64/128 bits; COMPLEX is the default
// kind (two REAL*4), INTEGER, LOGICAL and REAL are default kinds (4 bytes);
// CHARACTER and mem count bytes. SHMEM_PUT/SHMEM_GET are the deprecated
// 64-bit forms.
#define SHMEMI_F_CONTIG(X)                                                                         \
  X(shmem_character_put, shmem_character_get, 8)                                                   \
  X(shmem_complex_put, shmem_complex_get, 64)                                                      \
  X(shmem_double_put, shmem_double_get, 64)                                                        \
  X(shmem_integer_put, shmem_integer_get, 32)                                                      \
  X(shmem_logical_put, shmem_logical_get, 32)                                                      \
  X(shmem_real_put, shmem_real_get, 32)                                                            \
  X(shmem_put4, shmem_get4, 32)                                                                    \
  X(shmem_put8, shmem_get8, 64)                                                                    \
  X(shmem_put32, shmem_get32, 32)                                                                  \
  X(shmem_put64, shmem_get64, 64)                                                                  \
  X(shmem_put128, shmem_get128, 128)                                                               \
  X(shmem_putmem, shmem_getmem, 8)                                                                 \
  X(shmem_put, shmem_get, 64)

// Strided RMA: X(IPUT, IGET, BITS).
#define SHMEMI_F_STRIDED(X)                                                                        \
  X(shmem_complex_iput, shmem_complex_iget, 64)                                                    \
  X(shmem_double_iput, shmem_double_iget, 64)                                                      \
  X(shmem_integer_iput, shmem_integer_iget, 32)                                                    \
  X(shmem_logical_iput, shmem_logical_iget, 32)                                                    \
  X(shmem_real_iput, shmem_real_iget, 32)                                                          \
  X(shmem_iput4, shmem_iget4, 32)                                                                  \
  X(shmem_iput8, shmem_iget8, 64)                                                                  \
  X(shmem_iput32, shmem_iget32, 32)                                                                \
  X(shmem_iput64, shmem_iget64, 64)                                                                \
  X(shmem_iput128, shmem_iget128, 128)

// AMO kinds: X(PREFIX, C TYPE, FORTRAN TYPE). SHMEM_SWAP is the default
// INTEGER's swap; the integers have every AMO, the reals swap, fetch, set.
#define SHMEMI_F_AMO_INTS(X)                                                                       \
  X(shmem_int4, std::int32_t, "INTEGER*4")                                                         \
  X(shmem_int8, std::int64_t, "INTEGER*8")
#define SHMEMI_F_AMO_REALS(X)                                                                      \
  X(shmem_real4, float, "REAL*4")                                                                  \
  X(shmem_real8, double, "REAL*8")

// Waits: X(PREFIX, C TYPE); PREFIX_wait and PREFIX_wait_until.
#define SHMEMI_F_WAITS(X)                                                                          \
  X(shmem, std::int32_t)                                                                           \
  X(shmem_int4, std::int32_t)                                                                      \
  X(shmem_int8, std::int64_t)

// Active-set collectives on elements of BITS: X(SUFFIX, BITS) stamps
// shmem_broadcastSUFFIX, collect, fcollect (4, 8, 32, 64) and alltoall(s)
// (32, 64 only: X_ALLTOALL).
#define SHMEMI_F_COLLECTIVES(X)                                                                    \
  X(4, 32)                                                                                         \
  X(8, 64)                                                                                         \
  X(32, 32)                                                                                        \
  X(64, 64)
#define SHMEMI_F_ALLTOALLS(X)                                                                      \
  X(32, 32)                                                                                        \
  X(64, 64)

// Reductions (*_TO_ALL): X(PREFIX, C TYPE, OP NAME, OP) per row of the 1.3
// tables; REAL16 is IEEE binary128 (gfortran's REAL*16), not C's long double.
#define SHMEMI_F_REDUCE_OPS_BITWISE(X, P, T) X(P, T, and, band) X(P, T, or, bor) X(P, T, xor, bxor)
#define SHMEMI_F_REDUCE_OPS_MINMAX(X, P, T) X(P, T, max, max) X(P, T, min, min)
#define SHMEMI_F_REDUCE_OPS_ARITH(X, P, T) X(P, T, sum, sum) X(P, T, prod, prod)
#define SHMEMI_F_REDUCTIONS(X)                                                                     \
  SHMEMI_F_REDUCE_OPS_BITWISE(X, shmem_int4, std::int32_t)                                         \
  SHMEMI_F_REDUCE_OPS_BITWISE(X, shmem_int8, std::int64_t)                                         \
  SHMEMI_F_REDUCE_OPS_MINMAX(X, shmem_int4, std::int32_t)                                          \
  SHMEMI_F_REDUCE_OPS_MINMAX(X, shmem_int8, std::int64_t)                                          \
  SHMEMI_F_REDUCE_OPS_MINMAX(X, shmem_real4, float)                                                \
  SHMEMI_F_REDUCE_OPS_MINMAX(X, shmem_real8, double)                                               \
  SHMEMI_F_REDUCE_OPS_MINMAX(X, shmem_real16, __float128)                                          \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_comp4, __complex__ float)                                     \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_comp8, __complex__ double)                                    \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_int4, std::int32_t)                                           \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_int8, std::int64_t)                                           \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_real4, float)                                                 \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_real8, double)                                                \
  SHMEMI_F_REDUCE_OPS_ARITH(X, shmem_real16, __float128)

// The functions whose type shmem.fh declares: SHMEM_PTR, which the spec's
// synopses leave undeclared, and the LOGICAL queries, whose result implicit
// typing would take for a REAL (as other OpenSHMEM libraries' shmem.fh).
// X(NAME, FORTRAN TYPE).
#define SHMEMI_F_DECLARED(X)                                                                       \
  X(shmem_ptr, "INTEGER*8")                                                                        \
  X(shmem_pe_accessible, "LOGICAL")                                                                \
  X(shmem_addr_accessible, "LOGICAL")

// The other functions, which the program declares itself, as the synopses
// show ("INTEGER SHMEM_MY_PE, ME"), unless it includes shmem_long.fh, which
// declares these too (Fortran refuses a second declaration of one name).
// The AMOs come from the AMO tables. X(NAME, FORTRAN TYPE).
#define SHMEMI_F_UNDECLARED(X)                                                                     \
  X(shmem_my_pe, "INTEGER")                                                                        \
  X(shmem_n_pes, "INTEGER")                                                                        \
  X(my_pe, "INTEGER")                                                                              \
  X(num_pes, "INTEGER")                                                                            \
  X(shmem_swap, "INTEGER")                                                                         \
  X(shmem_test_lock, "INTEGER")
