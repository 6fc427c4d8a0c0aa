/* Team-based reductions and scans (section 9.9): every operation for every
 * type of its column of the spec's team reduction table (stamped from the
 * table), in place and out of place, on every test team. */
#include <shmem.h>
#include <string.h>

#include "check.h"
#include "coll_teams.h"
#include "coll_values.h"

#define NR 7 /* separate reductions per call */
#define BUF_BYTES 1024
#include "coll_buffers.h"

static void reset_buffers(void) { fill_buffers(SENTINEL); }

/* Non-members: dest untouched, source still what they wrote. */
#define FINISH(t, what, s, mine)                                                                   \
  do {                                                                                             \
    shmem_barrier_all();                                                                           \
    if ((t)->team != SHMEM_TEAM_INVALID) break;                                                    \
    CHECK_MSG(untouched(dst, 0, BUF_BYTES), "%s on %s wrote a non-member's dest", what,            \
              (t)->name);                                                                          \
    for (int i = 0; i < NR; ++i)                                                                   \
      CHECK_MSG((s)[i] == (mine)[i], "%s on %s wrote a non-member's source", what, (t)->name);     \
  } while (0)

/* shmem_<N>_<OP>_reduce, checked against the reduction done here in team order. */
#define DEF_REDUCE_TEST(OP, T, N)                                                                  \
  static void reduce_##OP##_##N(const test_team *t, int in_place) {                                \
    const char *what = "shmem_" #N "_" #OP "_reduce";                                              \
    T *s = (T *)src, *d = in_place ? s : (T *)dst, mine[NR];                                       \
    reset_buffers();                                                                               \
    for (int i = 0; i < NR; ++i) s[i] = mine[i] = VALUE_##OP(T, shmem_my_pe(), i);                 \
    if (t->team != SHMEM_TEAM_INVALID) {                                                           \
      const int n = shmem_team_n_pes(t->team);                                                     \
      CHECK(shmem_##N##_##OP##_reduce(t->team, d, s, NR) == 0);                                    \
      for (int i = 0; i < NR; ++i) {                                                               \
        T expect = VALUE_##OP(T, world_pe_of(t->team, 0), i);                                      \
        for (int k = 1; k < n; ++k)                                                                \
          expect = COMBINE_##OP(expect, VALUE_##OP(T, world_pe_of(t->team, k), i));                \
        CHECK_MSG(d[i] == expect, "%s on %s (%s): element %d wrong", what, t->name,                \
                  in_place ? "in place" : "out of place", i);                                      \
      }                                                                                            \
      CHECK_MSG(untouched((unsigned char *)(d + NR), 0, BUF_BYTES - NR * sizeof(T)),               \
                "%s wrote past dest", what);                                                       \
    }                                                                                              \
    FINISH(t, what, s, mine);                                                                      \
  }

/* shmem_<N>_sum_inscan / _exscan: prefix sums in team order. */
#define DEF_SCAN_TEST(KIND, T, N)                                                                  \
  static void scan_##KIND##_##N(const test_team *t, int in_place) {                                \
    const char *what = "shmem_" #N "_sum_" #KIND;                                                  \
    const int inclusive = #KIND[0] == 'i';                                                         \
    T *s = (T *)src, *d = in_place ? s : (T *)dst, mine[NR];                                       \
    reset_buffers();                                                                               \
    for (int i = 0; i < NR; ++i) s[i] = mine[i] = VALUE_sum(T, shmem_my_pe(), i);                  \
    if (t->team != SHMEM_TEAM_INVALID) {                                                           \
      const int me = shmem_team_my_pe(t->team);                                                    \
      CHECK(shmem_##N##_sum_##KIND(t->team, d, s, NR) == 0);                                       \
      for (int i = 0; i < NR; ++i) {                                                               \
        T expect = MAKE(T, 0, 0);                                                                  \
        for (int k = 0; k < me + inclusive; ++k)                                                   \
          expect += VALUE_sum(T, world_pe_of(t->team, k), i);                                      \
        CHECK_MSG(d[i] == expect, "%s on %s (%s): PE %d element %d wrong", what, t->name,          \
                  in_place ? "in place" : "out of place", me, i);                                  \
      }                                                                                            \
    }                                                                                              \
    FINISH(t, what, s, mine);                                                                      \
  }

SHMEMI_TEAM_REDUCE_BITWISE_TYPES(DEF_REDUCE_TEST, and)
SHMEMI_TEAM_REDUCE_BITWISE_TYPES(DEF_REDUCE_TEST, or)
SHMEMI_TEAM_REDUCE_BITWISE_TYPES(DEF_REDUCE_TEST, xor)
SHMEMI_TEAM_REDUCE_MINMAX_TYPES(DEF_REDUCE_TEST, max)
SHMEMI_TEAM_REDUCE_MINMAX_TYPES(DEF_REDUCE_TEST, min)
SHMEMI_TEAM_REDUCE_ARITH_TYPES(DEF_REDUCE_TEST, sum)
SHMEMI_TEAM_REDUCE_ARITH_TYPES(DEF_REDUCE_TEST, prod)
SHMEMI_TEAM_REDUCE_ARITH_TYPES(DEF_SCAN_TEST, inscan)
SHMEMI_TEAM_REDUCE_ARITH_TYPES(DEF_SCAN_TEST, exscan)

typedef void (*coll_test)(const test_team *, int);
#define REDUCE_ROW(OP, T, N) reduce_##OP##_##N,
#define SCAN_ROW(KIND, T, N) scan_##KIND##_##N,
/* A table, one row a line. */
/* clang-format off */
static const coll_test tests[] = {
    SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE_ROW, and)
    SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE_ROW, or)
    SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE_ROW, xor)
    SHMEMI_TEAM_REDUCE_MINMAX_TYPES(REDUCE_ROW, max)
    SHMEMI_TEAM_REDUCE_MINMAX_TYPES(REDUCE_ROW, min)
    SHMEMI_TEAM_REDUCE_ARITH_TYPES(REDUCE_ROW, sum)
    SHMEMI_TEAM_REDUCE_ARITH_TYPES(REDUCE_ROW, prod)
    SHMEMI_TEAM_REDUCE_ARITH_TYPES(SCAN_ROW, inscan)
    SHMEMI_TEAM_REDUCE_ARITH_TYPES(SCAN_ROW, exscan)};
/* clang-format on */

/* Many elements in one call, and zero elements. */
static void test_counts(void) {
  enum { BIG = 100003 };
  long *s = shmem_malloc(BIG * sizeof(long)), *d = shmem_malloc(BIG * sizeof(long));
  const int n = shmem_n_pes();
  for (long i = 0; i < BIG; ++i) s[i] = i + shmem_my_pe();
  CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, d, s, BIG) == 0);
  int bad = 0;
  for (long i = 0; i < BIG; ++i) bad += d[i] != n * i + (long)n * (n - 1) / 2;
  CHECK_MSG(bad == 0, "sum of %d elements: %d wrong", BIG, bad);
  d[0] = -7;
  CHECK(shmem_long_max_reduce(SHMEM_TEAM_WORLD, d, s, 0) == 0);
  CHECK(shmem_long_sum_exscan(SHMEM_TEAM_WORLD, d, s, 0) == 0);
  CHECK(d[0] == -7);
  shmem_free(d);
  shmem_free(s);
}

int main(void) {
  shmem_init();
  alloc_buffers();
  make_test_teams();
  for (int t = 0; t < test_team_count; ++t)
    for (size_t k = 0; k < sizeof tests / sizeof tests[0]; ++k) {
      tests[k](&test_teams[t], 0);
      tests[k](&test_teams[t], 1);
    }
  destroy_test_teams();
  test_counts();
  shmem_free(dst);
  shmem_free(src);
  CHECK_DONE();
}
