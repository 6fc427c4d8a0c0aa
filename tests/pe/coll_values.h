/* Reduction test values (C11): each PE's contribution per operation, chosen
 * so that no result overflows any type of the spec's reduction tables, and
 * the operation itself, to compute the expected result in the test. */
#ifndef SHMEM_TEST_COLL_VALUES_H
#define SHMEM_TEST_COLL_VALUES_H

#include <complex.h>

/* An element from integer parts; integers convert without going through a
 * floating type (negative values wrap in unsigned types, as in MPI). */
#define MAKE(T, re, im)                                                                            \
  _Generic((T)0, double _Complex                                                                   \
           : (double)(re) + (double)(im)*I, float _Complex                                         \
           : (float)(re) + (float)(im)*I, default                                                  \
           : (T)(re))

#define VALUE_and(T, pe, i) MAKE(T, ((pe)*37 + (int)(i)*11) % 127 + 1, 0)
#define VALUE_or VALUE_and
#define VALUE_xor VALUE_and
/* Negative and positive: a signed/unsigned mix-up changes the result. */
#define VALUE_max(T, pe, i) MAKE(T, ((pe)*37 + (int)(i)*11) % 23 - 11, 0)
#define VALUE_min VALUE_max
#define VALUE_sum(T, pe, i) MAKE(T, ((pe) + (int)(i)) % 5 - 2, ((pe) + 2 * (int)(i)) % 3)
#define VALUE_prod(T, pe, i)                                                                       \
  MAKE(T, ((pe) + (int)(i)) % 3 == 0 ? 1 : ((pe) + (int)(i)) % 3 == 1 ? 2 : -1, (int)(i) % 2)

#define COMBINE_and(a, b) ((a) & (b))
#define COMBINE_or(a, b) ((a) | (b))
#define COMBINE_xor(a, b) ((a) ^ (b))
#define COMBINE_max(a, b) ((a) > (b) ? (a) : (b))
#define COMBINE_min(a, b) ((a) < (b) ? (a) : (b))
#define COMBINE_sum(a, b) ((a) + (b))
#define COMBINE_prod(a, b) ((a) * (b))

#endif
