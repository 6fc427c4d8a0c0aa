/* The nonblocking collectives with requests of shmemx.h (shmemx_*_nb,
 * shmemx_req_test, shmemx_req_wait, shmemx_sync_nb, shmemx_team_sync_nb):
 * broadcast, collect, fcollect, alltoall, alltoalls for every standard RMA
 * type and the mem forms, the reductions for every type of their table
 * column, the scans; each by its typed and by its C11 generic name (strict
 * C11), completed by waits and by test loops in an order other than the
 * start order. Also: the world team, a strided team and a team of one
 * (complete at the start); syncs; a 1 MiB alltoall tested to completion
 * while the PE computes; 128 requests in flight on one team (more than the
 * node's 16 staging buffers) completed newest first; a request completed by
 * shmem_quiet before its test; test and wait on SHMEMX_REQ_INVALID. */
#include <shmem.h>
#include <shmemx.h>
#include <string.h>

#include "check.h"
#include "coll_values.h"

#define N 4
#define NMAX 8 /* the arrays hold 8 PEs */
static int me, npes;

/* Completes requests r[0..n) newest first, by a wait (even index) or a
 * test loop (odd); each must then be SHMEMX_REQ_INVALID, and a test and a
 * wait of it return at once. */
static void complete(shmemx_req_h *r, int n) {
  for (int k = n - 1; k >= 0; --k) {
    if (k % 2 == 0)
      CHECK(shmemx_req_wait(&r[k]) == 0);
    else
      while (shmemx_req_test(&r[k]) == 0) {
      }
    CHECK_MSG(r[k] == SHMEMX_REQ_INVALID, "request %d not reset at completion", k);
    CHECK(shmemx_req_test(&r[k]) == 1);
    CHECK(shmemx_req_wait(&r[k]) == 0);
  }
}

/* The generic names expand a type table, which is disabled while that
 * table is being expanded: the bodies are stamped deferred and expanded
 * after the table (as in coll_generic.c). */
#define EMPTY()
#define DEFER(m) m EMPTY()
#define EXPAND(...) __VA_ARGS__

/* [0]: the typed name, [1]: the generic name. */
#define TEST_MOVE(A, T, NAME) DEFER(MOVE_BODY)(T, NAME)
#define MOVE_BODY(T, NAME)                                                                         \
  static void move_##NAME(shmem_team_t team) {                                                     \
    static T src[NMAX * 3], bc[2][N], fc[2][N * NMAX], co[2][NMAX], aa[2][NMAX], as[2][2 * NMAX];  \
    const int tme = shmem_team_my_pe(team), tn = shmem_team_n_pes(team);                           \
    shmemx_req_h r[10];                                                                            \
    for (int i = 0; i < NMAX * 3; ++i) src[i] = (T)(me * 20 + i % 20);                             \
    memset(bc, 0, sizeof bc);                                                                      \
    memset(as, 0, sizeof as);                                                                      \
    CHECK(shmemx_##NAME##_broadcast_nb(team, bc[0], src, N, tn - 1, &r[0]) == 0);                  \
    CHECK(shmemx_broadcast_nb(team, bc[1], src, N, tn - 1, &r[1]) == 0);                           \
    CHECK(shmemx_##NAME##_fcollect_nb(team, fc[0], src, N, &r[2]) == 0);                           \
    CHECK(shmemx_fcollect_nb(team, fc[1], src, N, &r[3]) == 0);                                    \
    CHECK(shmemx_##NAME##_collect_nb(team, co[0], src, 1, &r[4]) == 0);                            \
    CHECK(shmemx_collect_nb(team, co[1], src, 1, &r[5]) == 0);                                     \
    CHECK(shmemx_##NAME##_alltoall_nb(team, aa[0], src, 1, &r[6]) == 0);                           \
    CHECK(shmemx_alltoall_nb(team, aa[1], src, 1, &r[7]) == 0);                                    \
    CHECK(shmemx_##NAME##_alltoalls_nb(team, as[0], src, 2, 3, 1, &r[8]) == 0);                    \
    CHECK(shmemx_alltoalls_nb(team, as[1], src, 2, 3, 1, &r[9]) == 0);                             \
    complete(r, 10);                                                                               \
    const int root = shmem_team_translate_pe(team, tn - 1, SHMEM_TEAM_WORLD);                      \
    for (int k = 0; k < 2; ++k)                                                                    \
      for (int i = 0; i < tn; ++i) {                                                               \
        const int pe = shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD);                         \
        if (i < N) CHECK_MSG(bc[k][i] == (T)(root * 20 + i), "broadcast " #T " %d", k);            \
        for (int j = 0; j < N; ++j)                                                                \
          CHECK_MSG(fc[k][i * N + j] == (T)(pe * 20 + j), "fcollect " #T " %d", k);                \
        CHECK_MSG(co[k][i] == (T)(pe * 20), "collect " #T " %d", k);                               \
        CHECK_MSG(aa[k][i] == (T)(pe * 20 + tme), "alltoall " #T " %d", k);                        \
        CHECK_MSG(as[k][2 * i] == (T)(pe * 20 + 3 * tme % 20), "alltoalls " #T " %d", k);          \
      }                                                                                            \
    shmem_team_sync(team);                                                                         \
  }
EXPAND(SHMEMI_RMA_TYPES(TEST_MOVE, ~))

#define TEST_REDUCE(OP, T, NAME) DEFER(REDUCE_BODY)(OP, T, NAME)
#define REDUCE_BODY(OP, T, NAME)                                                                   \
  static void OP##_##NAME(void) {                                                                  \
    static T src[N], dst[2][N];                                                                    \
    shmemx_req_h r[2];                                                                             \
    for (int i = 0; i < N; ++i) src[i] = VALUE_##OP(T, me, i);                                     \
    CHECK(shmemx_##NAME##_##OP##_reduce_nb(SHMEM_TEAM_WORLD, dst[0], src, N, &r[0]) == 0);         \
    CHECK(shmemx_##OP##_reduce_nb(SHMEM_TEAM_WORLD, dst[1], src, N, &r[1]) == 0);                  \
    complete(r, 2);                                                                                \
    for (int i = 0; i < N; ++i) {                                                                  \
      T expect = VALUE_##OP(T, 0, i);                                                              \
      for (int pe = 1; pe < npes; ++pe) expect = COMBINE_##OP(expect, VALUE_##OP(T, pe, i));       \
      CHECK_MSG(dst[0][i] == expect && dst[1][i] == expect, #OP "_reduce_nb on " #T ": %d", i);    \
    }                                                                                              \
  }
EXPAND(SHMEMI_TEAM_REDUCE_BITWISE_TYPES(TEST_REDUCE, and))
EXPAND(SHMEMI_TEAM_REDUCE_BITWISE_TYPES(TEST_REDUCE, or))
EXPAND(SHMEMI_TEAM_REDUCE_BITWISE_TYPES(TEST_REDUCE, xor))
EXPAND(SHMEMI_TEAM_REDUCE_MINMAX_TYPES(TEST_REDUCE, max))
EXPAND(SHMEMI_TEAM_REDUCE_MINMAX_TYPES(TEST_REDUCE, min))
EXPAND(SHMEMI_TEAM_REDUCE_ARITH_TYPES(TEST_REDUCE, sum))
EXPAND(SHMEMI_TEAM_REDUCE_ARITH_TYPES(TEST_REDUCE, prod))

#define TEST_SCAN(A, T, NAME) DEFER(SCAN_BODY)(T, NAME)
#define SCAN_BODY(T, NAME)                                                                         \
  static void scan_##NAME(void) {                                                                  \
    static T src[N], in[2][N], ex[2][N];                                                           \
    shmemx_req_h r[4];                                                                             \
    for (int i = 0; i < N; ++i) src[i] = VALUE_sum(T, me, i);                                      \
    CHECK(shmemx_##NAME##_sum_inscan_nb(SHMEM_TEAM_WORLD, in[0], src, N, &r[0]) == 0);             \
    CHECK(shmemx_sum_inscan_nb(SHMEM_TEAM_WORLD, in[1], src, N, &r[1]) == 0);                      \
    CHECK(shmemx_##NAME##_sum_exscan_nb(SHMEM_TEAM_WORLD, ex[0], src, N, &r[2]) == 0);             \
    CHECK(shmemx_sum_exscan_nb(SHMEM_TEAM_WORLD, ex[1], src, N, &r[3]) == 0);                      \
    complete(r, 4);                                                                                \
    for (int k = 0; k < 2; ++k)                                                                    \
      for (int i = 0; i < N; ++i) {                                                                \
        T before = MAKE(T, 0, 0);                                                                  \
        for (int pe = 0; pe < me; ++pe) before += VALUE_sum(T, pe, i);                             \
        CHECK_MSG(ex[k][i] == before && in[k][i] == (T)(before + src[i]),                          \
                  "scans_nb on " #T " %d: element %d", k, i);                                      \
      }                                                                                            \
  }
EXPAND(SHMEMI_TEAM_REDUCE_ARITH_TYPES(TEST_SCAN, ~))

#define CALL_MOVE(A, T, NAME) move_##NAME(A);
#define CALL_REDUCE(OP, T, NAME) OP##_##NAME();
#define CALL_SCAN(A, T, NAME) scan_##NAME();

static void mem_forms(void) {
  static unsigned char src[3 * NMAX], bc[N], fc[N * NMAX], co[NMAX], aa[NMAX], as[2 * NMAX];
  shmemx_req_h r[5];
  for (int i = 0; i < 3 * NMAX; ++i) src[i] = (unsigned char)(me * 20 + i);
  CHECK(shmemx_broadcastmem_nb(SHMEM_TEAM_WORLD, bc, src, N, 0, &r[0]) == 0);
  CHECK(shmemx_fcollectmem_nb(SHMEM_TEAM_WORLD, fc, src, N, &r[1]) == 0);
  CHECK(shmemx_collectmem_nb(SHMEM_TEAM_WORLD, co, src, 1, &r[2]) == 0);
  CHECK(shmemx_alltoallmem_nb(SHMEM_TEAM_WORLD, aa, src, 1, &r[3]) == 0);
  CHECK(shmemx_alltoallsmem_nb(SHMEM_TEAM_WORLD, as, src, 2, 3, 1, &r[4]) == 0);
  complete(r, 5);
  for (int i = 0; i < npes; ++i) {
    if (i < N) CHECK(bc[i] == (unsigned char)i);
    for (int j = 0; j < N; ++j) CHECK(fc[i * N + j] == (unsigned char)(i * 20 + j));
    CHECK(co[i] == (unsigned char)(i * 20));
    CHECK(aa[i] == (unsigned char)(i * 20 + me));
    CHECK(as[2 * i] == (unsigned char)(i * 20 + 3 * me));
  }
  shmem_barrier_all();
}

/* Each PE adds 1 on PE 0 before the sync: after it, PE 0 holds the count
 * of every member. Both names, on the world team and a team of one. */
static void syncs(shmem_team_t self) {
  static long count;
  shmemx_req_h r;
  for (int round = 1; round <= 3; ++round) {
    shmem_long_atomic_inc(&count, 0);
    shmem_quiet();
    if (round % 2)
      CHECK(shmemx_sync_nb(SHMEM_TEAM_WORLD, &r) == 0);
    else
      CHECK(shmemx_team_sync_nb(SHMEM_TEAM_WORLD, &r) == 0);
    while (!shmemx_req_test(&r)) {
    }
    CHECK_MSG(shmem_long_atomic_fetch(&count, 0) >= (long)npes * round, "sync_nb round %d", round);
    shmem_barrier_all();
  }
  CHECK(shmemx_team_sync_nb(self, &r) == 0);
  CHECK(shmemx_req_test(&r) == 1 && r == SHMEMX_REQ_INVALID);
}

/* A 1 MiB alltoall (block 1 MiB / npes) tested while the PE computes. */
static void overlap(void) {
  const size_t block = ((size_t)1 << 20) / (size_t)npes / sizeof(long);
  long *src = shmem_malloc(block * (size_t)npes * sizeof(long));
  long *dst = shmem_malloc(block * (size_t)npes * sizeof(long));
  for (size_t i = 0; i < block * (size_t)npes; ++i) src[i] = me * 1000003L + (long)i;
  shmemx_req_h r;
  CHECK(shmemx_long_alltoall_nb(SHMEM_TEAM_WORLD, dst, src, block, &r) == 0);
  volatile double acc = 0;
  long tests = 0;
  do {
    for (int i = 0; i < 1000; ++i) acc += i * 0.5;
    ++tests;
  } while (shmemx_req_test(&r) == 0);
  CHECK(tests >= 1 && r == SHMEMX_REQ_INVALID);
  for (int pe = 0; pe < npes; ++pe)
    for (size_t i = 0; i < block; i += 997)
      CHECK_MSG(dst[(size_t)pe * block + i] == pe * 1000003L + (long)((size_t)me * block + i),
                "alltoall from PE %d element %zu", pe, i);
  shmem_barrier_all();
  shmem_free(dst);
  shmem_free(src);
}

/* 128 in flight on the world team: small sums (staged on a node) and
 * fcollects (MPI), completed newest first; then one completed by quiet. */
#define MANY 128
static void many(void) {
  static long src[MANY], sums[MANY];
  static int isrc[MANY], gathered[MANY][NMAX];
  shmemx_req_h r[MANY];
  for (int k = 0; k < MANY; ++k) {
    src[k] = me + k;
    isrc[k] = me * 1000 + k;
    if (k % 2)
      CHECK(shmemx_int_fcollect_nb(SHMEM_TEAM_WORLD, gathered[k], &isrc[k], 1, &r[k]) == 0);
    else
      CHECK(shmemx_long_sum_reduce_nb(SHMEM_TEAM_WORLD, &sums[k], &src[k], 1, &r[k]) == 0);
  }
  complete(r, MANY);
  for (int k = 0; k < MANY; ++k) {
    if (k % 2 == 0) CHECK_MSG(sums[k] == (long)npes * (npes - 1) / 2 + (long)npes * k, "sum %d", k);
    for (int pe = 0; k % 2 && pe < npes; ++pe)
      CHECK_MSG(gathered[k][pe] == pe * 1000 + k, "fcollect %d from PE %d", k, pe);
  }
  shmem_barrier_all();
  CHECK(shmemx_long_sum_reduce_nb(SHMEM_TEAM_WORLD, &sums[0], &src[1], 1, &r[0]) == 0);
  shmem_quiet(); /* completes every nonblocking collective of this PE */
  CHECK(shmemx_req_test(&r[0]) == 1 && r[0] == SHMEMX_REQ_INVALID);
  CHECK(sums[0] == (long)npes * (npes - 1) / 2 + npes);
  shmem_barrier_all();
}

int main(void) {
  CHECK_INIT();
  CHECK_PES_AT_MOST(NMAX);
  shmemx_req_h none = SHMEMX_REQ_INVALID;
  CHECK(shmemx_req_test(&none) == 1 && shmemx_req_wait(&none) == 0);
  shmem_team_t evens = SHMEM_TEAM_INVALID, self = SHMEM_TEAM_INVALID, all = SHMEM_TEAM_INVALID;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
  shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, 0, &self, NULL, 0, &all);
  CHECK(shmem_team_n_pes(self) == 1);
  const shmem_team_t teams[] = {SHMEM_TEAM_WORLD, evens, self};
  for (int t = 0; t < 3; ++t) {
    if (teams[t] == SHMEM_TEAM_INVALID) continue;
    SHMEMI_RMA_TYPES(CALL_MOVE, teams[t])
  }
  shmem_barrier_all();
  mem_forms();
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, and)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, or)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, xor)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(CALL_REDUCE, max)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(CALL_REDUCE, min)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_REDUCE, sum)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_REDUCE, prod)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_SCAN, ~)
  shmem_barrier_all();
  syncs(self);
  overlap();
  many();
  CHECK_DONE();
}
