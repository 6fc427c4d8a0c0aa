/* The C11 generic collectives (section 9.9): shmem_broadcast, collect,
 * fcollect, alltoall, alltoalls for every standard RMA type; the reductions
 * and scans for every type of their table column; shmem_sync with a team
 * and with an active set. Compiled as strict C11. The generic name must
 * reach the routine of the argument's type: the max/min values mix
 * negative and positive numbers, so a signed/unsigned mix-up fails. */
#include <shmem.h>
#include <string.h>

#include "check.h"
#include "coll_values.h"

#define N 4
static int me, npes;

/* A generic name expands its type table, which is disabled while that
 * table is being expanded: the test bodies are stamped deferred and
 * expanded after the table (EXPAND), so that each may use a generic. */
#define EMPTY()
#define DEFER(m) m EMPTY()
#define EXPAND(...) __VA_ARGS__

/* A barrier before each call: dest must be free on every PE (spec). */
#define TEST_MOVE(A, T, NAME) DEFER(MOVE_BODY)(T, NAME)
#define MOVE_BODY(T, NAME)                                                                         \
  static void move_##NAME(void) {                                                                  \
    static T src[N * 4 * 3], dst[N * 4 * 2 * 4];                                                   \
    for (int i = 0; i < N * 4 * 3; ++i) src[i] = (T)(me * 20 + i % 20);                            \
    memset(dst, 0, sizeof dst);                                                                    \
    CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, dst, src, N, npes - 1) == 0);                          \
    for (int i = 0; i < N; ++i) CHECK(dst[i] == (T)((npes - 1) * 20 + i));                         \
    shmem_barrier_all();                                                                           \
    CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, dst, src, N) == 0);                                     \
    for (int i = 0; i < N * npes; ++i) CHECK(dst[i] == (T)(i / N * 20 + i % N));                   \
    shmem_barrier_all();                                                                           \
    CHECK(shmem_collect(SHMEM_TEAM_WORLD, dst, src, 1) == 0);                                      \
    for (int i = 0; i < npes; ++i) CHECK(dst[i] == (T)(i * 20));                                   \
    shmem_barrier_all();                                                                           \
    CHECK(shmem_alltoall(SHMEM_TEAM_WORLD, dst, src, 1) == 0);                                     \
    for (int i = 0; i < npes; ++i) CHECK(dst[i] == (T)(i * 20 + me));                              \
    shmem_barrier_all();                                                                           \
    CHECK(shmem_alltoalls(SHMEM_TEAM_WORLD, dst, src, 2, 3, 1) == 0);                              \
    for (int i = 0; i < npes; ++i) CHECK(dst[2 * i] == (T)(i * 20 + 3 * me));                      \
    shmem_barrier_all();                                                                           \
  }
EXPAND(SHMEMI_RMA_TYPES(TEST_MOVE, ~))

#define TEST_REDUCE(OP, T, NAME) DEFER(REDUCE_BODY)(OP, T, NAME)
#define REDUCE_BODY(OP, T, NAME)                                                                   \
  static void OP##_##NAME(void) {                                                                  \
    static T src[N], dst[N];                                                                       \
    for (int i = 0; i < N; ++i) src[i] = VALUE_##OP(T, me, i);                                     \
    CHECK(shmem_##OP##_reduce(SHMEM_TEAM_WORLD, dst, src, N) == 0);                                \
    for (int i = 0; i < N; ++i) {                                                                  \
      T expect = VALUE_##OP(T, 0, i);                                                              \
      for (int pe = 1; pe < npes; ++pe) expect = COMBINE_##OP(expect, VALUE_##OP(T, pe, i));       \
      CHECK_MSG(dst[i] == expect, "shmem_" #OP "_reduce on " #T ": element %d", i);                \
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
    static T src[N], in[N], ex[N];                                                                 \
    for (int i = 0; i < N; ++i) src[i] = VALUE_sum(T, me, i);                                      \
    CHECK(shmem_sum_inscan(SHMEM_TEAM_WORLD, in, src, N) == 0);                                    \
    CHECK(shmem_sum_exscan(SHMEM_TEAM_WORLD, ex, src, N) == 0);                                    \
    for (int i = 0; i < N; ++i) {                                                                  \
      T before = MAKE(T, 0, 0);                                                                    \
      for (int pe = 0; pe < me; ++pe) before += VALUE_sum(T, pe, i);                               \
      CHECK_MSG(ex[i] == before && in[i] == (T)(before + src[i]), "scans on " #T ": element %d",   \
                i);                                                                                \
    }                                                                                              \
  }
EXPAND(SHMEMI_TEAM_REDUCE_ARITH_TYPES(TEST_SCAN, ~))

#define CALL_MOVE(A, T, NAME) move_##NAME();
#define CALL_REDUCE(OP, T, NAME) OP##_##NAME();
#define CALL_SCAN(A, T, NAME) scan_##NAME();

static long psync[SHMEM_SYNC_SIZE];

int main(void) {
  for (int i = 0; i < SHMEM_SYNC_SIZE; ++i) psync[i] = SHMEM_SYNC_VALUE;
  CHECK_INIT();
  SHMEMI_RMA_TYPES(CALL_MOVE, ~)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, and)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, or)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(CALL_REDUCE, xor)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(CALL_REDUCE, max)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(CALL_REDUCE, min)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_REDUCE, sum)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_REDUCE, prod)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(CALL_SCAN, ~)
  CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  shmem_sync(0, 0, npes, psync); /* the active-set routine, same name */
#pragma GCC diagnostic pop
  for (int i = 0; i < SHMEM_SYNC_SIZE; ++i) CHECK(psync[i] == SHMEM_SYNC_VALUE);
  CHECK_DONE();
}
