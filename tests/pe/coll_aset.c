/* The deprecated active-set collectives (OpenSHMEM 1.3 and the SGI pages):
 * barrier, sync, broadcast, collect, fcollect, alltoall(s) on 32- and 64-bit
 * elements and every *_to_all reduction of the active-set table (stamped),
 * over several (PE_start, logPE_stride, PE_size) sets. PEs outside a set do
 * not call and find their buffers untouched; pSync keeps SHMEM_SYNC_VALUE;
 * back-to-back calls alternating two pSync (and pWrk) arrays need no barrier. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "coll_values.h"

#define NE 5
#define BUF_BYTES 2048
#include "coll_buffers.h"

static long barrier_psync[SHMEM_BARRIER_SYNC_SIZE];
static long sync_psync[SHMEM_SYNC_SIZE];
static long bcast_psync[2][SHMEM_BCAST_SYNC_SIZE];
static long collect_psync[SHMEM_COLLECT_SYNC_SIZE];
static long alltoall_psync[SHMEM_ALLTOALL_SYNC_SIZE];
static long alltoalls_psync[SHMEM_ALLTOALLS_SYNC_SIZE];
static long reduce_psync[2][SHMEM_REDUCE_SYNC_SIZE];

typedef struct {
  const char *name;
  int start, log_stride, size;
} aset;

static int member_index(const aset *s, int pe) {
  const int stride = 1 << s->log_stride, off = pe - s->start;
  if (off < 0 || off % stride != 0 || off / stride >= s->size) return -1;
  return off / stride;
}
static int member_pe(const aset *s, int i) { return s->start + i * (1 << s->log_stride); }

static void fill_psync(long *p, int n) {
  for (int i = 0; i < n; ++i) p[i] = SHMEM_SYNC_VALUE;
}

static void check_psync(const long *p, int n, const char *what) {
  for (int i = 0; i < n; ++i)
    CHECK_MSG(p[i] == SHMEM_SYNC_VALUE, "%s left pSync[%d] = %ld", what, i, p[i]);
}
#define CHECK_PSYNC(p, what) check_psync((const long *)(p), (int)(sizeof(p) / sizeof(long)), what)

static void reset_buffers(void) { fill_buffers(0); }

static void finish(const aset *s, const char *what) {
  shmem_barrier_all();
  if (member_index(s, shmem_my_pe()) < 0)
    CHECK_MSG(untouched(dst, 0, BUF_BYTES), "%s on set %s wrote a non-member's dest", what,
              s->name);
}

static uint64_t val(int pe, size_t i) { return (uint64_t)(pe * 1000 + (int)i * 7 + 1); }

/* Element i of a buffer of 4- or 8-byte elements. */
static uint64_t get(const void *b, size_t bits, size_t i) {
  return bits == 32 ? ((const uint32_t *)b)[i] : ((const uint64_t *)b)[i];
}
static void set(void *b, size_t bits, size_t i, uint64_t v) {
  if (bits == 32)
    ((uint32_t *)b)[i] = (uint32_t)v;
  else
    ((uint64_t *)b)[i] = v;
}

static void test_broadcast(const aset *s, int bits, int root) {
  reset_buffers();
  const int me = member_index(s, shmem_my_pe());
  for (size_t i = 0; i < NE; ++i) set(src, (size_t)bits, i, val(shmem_my_pe(), i));
  if (me >= 0) {
    if (bits == 32)
      shmem_broadcast32(dst, src, NE, root, s->start, s->log_stride, s->size, bcast_psync[0]);
    else
      shmem_broadcast64(dst, src, NE, root, s->start, s->log_stride, s->size, bcast_psync[0]);
    if (me == root) {
      CHECK_MSG(untouched(dst, 0, BUF_BYTES), "broadcast%d on %s wrote the root's dest", bits,
                s->name);
    } else {
      for (size_t i = 0; i < NE; ++i)
        CHECK_MSG(get(dst, (size_t)bits, i) == val(member_pe(s, root), i),
                  "broadcast%d on %s root %d: [%zu] wrong", bits, s->name, root, i);
      CHECK(untouched(dst, NE * (size_t)bits / 8, BUF_BYTES));
    }
    CHECK_PSYNC(bcast_psync, "broadcast");
  }
  finish(s, "broadcast");
}

static size_t collect_count(int index) { return (size_t)(index % 3) + 1; }

static void test_collect(const aset *s, int bits, int fixed) {
  reset_buffers();
  const int me = member_index(s, shmem_my_pe());
  if (me >= 0) {
    const size_t mine = fixed ? NE : collect_count(me);
    for (size_t i = 0; i < mine; ++i) set(src, (size_t)bits, i, val(shmem_my_pe(), i));
    void (*fn)(void *, const void *, size_t, int, int, int, long *) =
        fixed ? (bits == 32 ? shmem_fcollect32 : shmem_fcollect64)
              : (bits == 32 ? shmem_collect32 : shmem_collect64);
    fn(dst, src, mine, s->start, s->log_stride, s->size, collect_psync);
    size_t at = 0;
    for (int k = 0; k < s->size; ++k)
      for (size_t i = 0; i < (fixed ? NE : collect_count(k)); ++i, ++at)
        CHECK_MSG(get(dst, (size_t)bits, at) == val(member_pe(s, k), i),
                  "%scollect%d on %s: block %d [%zu] wrong", fixed ? "f" : "", bits, s->name, k, i);
    CHECK(untouched(dst, at * (size_t)bits / 8, BUF_BYTES));
    CHECK_PSYNC(collect_psync, "collect");
  }
  finish(s, "collect");
}

static void test_alltoalls(const aset *s, int bits, ptrdiff_t ds, ptrdiff_t ss) {
  reset_buffers();
  const int me = member_index(s, shmem_my_pe());
  if (me >= 0) {
    for (int j = 0; j < s->size; ++j)
      for (size_t e = 0; e < NE; ++e)
        set(src, (size_t)bits, ((size_t)j * NE + e) * (size_t)ss,
            val(shmem_my_pe(), (size_t)j * 10 + e));
    if (ds == 1 && ss == 1) {
      (bits == 32 ? shmem_alltoall32 : shmem_alltoall64)(dst, src, NE, s->start, s->log_stride,
                                                         s->size, alltoall_psync);
      CHECK_PSYNC(alltoall_psync, "alltoall");
    } else {
      (bits == 32 ? shmem_alltoalls32 : shmem_alltoalls64)(dst, src, ds, ss, NE, s->start,
                                                           s->log_stride, s->size, alltoalls_psync);
      CHECK_PSYNC(alltoalls_psync, "alltoalls");
    }
    for (int i = 0; i < s->size; ++i)
      for (size_t e = 0; e < NE; ++e)
        CHECK_MSG(get(dst, (size_t)bits, ((size_t)i * NE + e) * (size_t)ds) ==
                      val(member_pe(s, i), (size_t)me * 10 + e),
                  "alltoalls%d(%td,%td) on %s: from %d [%zu] wrong", bits, ds, ss, s->name, i, e);
  }
  finish(s, "alltoall");
}

/* barrier completes puts without an explicit quiet; sync after a quiet. */
static void test_barrier_sync(const aset *s) {
  static long box;
  box = -1;
  shmem_barrier_all();
  const int me = member_index(s, shmem_my_pe());
  if (me >= 0) {
    const int right = member_pe(s, (me + 1) % s->size);
    const int left = member_pe(s, (me + s->size - 1) % s->size);
    for (int round = 0; round < 4; ++round) {
      shmem_long_p(&box, shmem_my_pe() * 10 + round, right);
      if (round % 2) {
        shmem_quiet();
        shmem_sync(s->start, s->log_stride, s->size, sync_psync);
      } else {
        shmem_barrier(s->start, s->log_stride, s->size, barrier_psync);
      }
      CHECK_MSG(box == left * 10 + round, "%s on %s: round %d got %ld",
                round % 2 ? "sync" : "barrier", s->name, round, box);
      shmem_barrier(s->start, s->log_stride, s->size, barrier_psync); /* same pSync again */
    }
    CHECK_PSYNC(barrier_psync, "barrier");
    CHECK_PSYNC(sync_psync, "sync");
  }
  shmem_barrier_all();
}

/* Back to back with the same set, alternating two pSync (and pWrk) arrays
 * and no barrier in between, as the spec's notes allow. */
static void alternate(const aset *s, int me) {
  static int sum[3], one[3], pwrk[2][SHMEM_REDUCE_MIN_WRKDATA_SIZE];
  static uint64_t data[NE], got[3][NE];
  for (int k = 0; k < 3; ++k) one[k] = (k + 1) * (shmem_my_pe() + 1);
  for (int k = 0; k < 3; ++k)
    shmem_int_sum_to_all(&sum[k], &one[k], 1, s->start, s->log_stride, s->size, pwrk[k % 2],
                         reduce_psync[k % 2]);
  int expect = 0;
  for (int i = 0; i < s->size; ++i) expect += member_pe(s, i) + 1;
  for (int k = 0; k < 3; ++k)
    CHECK_MSG(sum[k] == (k + 1) * expect, "alternating sum_to_all %d on %s: %d", k, s->name,
              sum[k]);
  for (int k = 0; k < 3; ++k) {
    for (size_t i = 0; i < NE; ++i) data[i] = val(k, i);
    shmem_broadcast64(got[k], data, NE, k % s->size, s->start, s->log_stride, s->size,
                      bcast_psync[k % 2]);
  }
  for (int k = 0; k < 3; ++k)
    if (me != k % s->size)
      for (size_t i = 0; i < NE; ++i)
        CHECK_MSG(got[k][i] == val(k, i), "alternating broadcast %d on %s wrong", k, s->name);
  CHECK_PSYNC(reduce_psync, "alternating sum_to_all");
  CHECK_PSYNC(bcast_psync, "alternating broadcast");
}

static void test_alternating(const aset *s) {
  const int me = member_index(s, shmem_my_pe());
  shmem_barrier_all();
  if (me >= 0) alternate(s, me);
  shmem_barrier_all();
}

/* The *_to_all reductions: as in coll_reduce.c, over the active-set table. */
#define NR 7
#define WRK                                                                                        \
  (NR / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? NR / 2 + 1 : SHMEM_REDUCE_MIN_WRKDATA_SIZE)
#define DEF_TO_ALL_TEST(OP, T, N)                                                                  \
  static void to_all_##OP##_##N(const aset *s) {                                                   \
    static T pwrk[WRK];                                                                            \
    T *sv = (T *)src, *d = (T *)dst;                                                               \
    reset_buffers();                                                                               \
    for (int i = 0; i < NR; ++i) sv[i] = VALUE_##OP(T, shmem_my_pe(), i);                          \
    if (member_index(s, shmem_my_pe()) >= 0) {                                                     \
      shmem_##N##_##OP##_to_all(d, sv, NR, s->start, s->log_stride, s->size, pwrk,                 \
                                reduce_psync[0]);                                                  \
      for (int i = 0; i < NR; ++i) {                                                               \
        T expect = VALUE_##OP(T, member_pe(s, 0), i);                                              \
        for (int k = 1; k < s->size; ++k)                                                          \
          expect = COMBINE_##OP(expect, VALUE_##OP(T, member_pe(s, k), i));                        \
        CHECK_MSG(d[i] == expect, "shmem_" #N "_" #OP "_to_all on %s: element %d wrong", s->name,  \
                  i);                                                                              \
      }                                                                                            \
      CHECK_PSYNC(reduce_psync, "shmem_" #N "_" #OP "_to_all");                                    \
    }                                                                                              \
    finish(s, "shmem_" #N "_" #OP "_to_all");                                                      \
  }
SHMEMI_ASET_REDUCE_BITWISE_TYPES(DEF_TO_ALL_TEST, and)
SHMEMI_ASET_REDUCE_BITWISE_TYPES(DEF_TO_ALL_TEST, or)
SHMEMI_ASET_REDUCE_BITWISE_TYPES(DEF_TO_ALL_TEST, xor)
SHMEMI_ASET_REDUCE_MINMAX_TYPES(DEF_TO_ALL_TEST, max)
SHMEMI_ASET_REDUCE_MINMAX_TYPES(DEF_TO_ALL_TEST, min)
SHMEMI_ASET_REDUCE_ARITH_TYPES(DEF_TO_ALL_TEST, sum)
SHMEMI_ASET_REDUCE_ARITH_TYPES(DEF_TO_ALL_TEST, prod)

#define TO_ALL_ROW(OP, T, N) to_all_##OP##_##N,
/* A table, one row a line. */
/* clang-format off */
static void (*const to_all_tests[])(const aset *) = {
    SHMEMI_ASET_REDUCE_BITWISE_TYPES(TO_ALL_ROW, and)
    SHMEMI_ASET_REDUCE_BITWISE_TYPES(TO_ALL_ROW, or)
    SHMEMI_ASET_REDUCE_BITWISE_TYPES(TO_ALL_ROW, xor)
    SHMEMI_ASET_REDUCE_MINMAX_TYPES(TO_ALL_ROW, max)
    SHMEMI_ASET_REDUCE_MINMAX_TYPES(TO_ALL_ROW, min)
    SHMEMI_ASET_REDUCE_ARITH_TYPES(TO_ALL_ROW, sum)
    SHMEMI_ASET_REDUCE_ARITH_TYPES(TO_ALL_ROW, prod)};
/* clang-format on */

static void run_set(const aset *s) {
  test_barrier_sync(s);
  for (int bits = 32; bits <= 64; bits += 32) {
    test_broadcast(s, bits, 0);
    test_broadcast(s, bits, s->size - 1);
    test_collect(s, bits, 0);
    test_collect(s, bits, 1);
    test_alltoalls(s, bits, 1, 1);
    test_alltoalls(s, bits, 2, 3);
  }
  for (size_t k = 0; k < sizeof to_all_tests / sizeof to_all_tests[0]; ++k) to_all_tests[k](s);
  test_alternating(s);
}

int main(void) {
  fill_psync(barrier_psync, SHMEM_BARRIER_SYNC_SIZE);
  fill_psync(sync_psync, SHMEM_SYNC_SIZE);
  fill_psync(bcast_psync[0], 2 * SHMEM_BCAST_SYNC_SIZE);
  fill_psync(collect_psync, SHMEM_COLLECT_SYNC_SIZE);
  fill_psync(alltoall_psync, SHMEM_ALLTOALL_SYNC_SIZE);
  fill_psync(alltoalls_psync, SHMEM_ALLTOALLS_SYNC_SIZE);
  fill_psync(reduce_psync[0], 2 * SHMEM_REDUCE_SYNC_SIZE);
  shmem_init();
  alloc_buffers();
  const int n = shmem_n_pes(), me = shmem_my_pe();
  const aset sets[] = {
      {"all", 0, 0, n},
      {"evens", 0, 1, (n + 1) / 2},
      {"tail", 1, 0, n - 1}, /* skipped when empty */
      {"self", me, 0, 1},    /* a different set on every PE */
      {"stride4", 0, 2, (n + 3) / 4},
      {"all_again", 0, 0, n}, /* the cached communicator */
  };
  for (size_t k = 0; k < sizeof sets / sizeof sets[0]; ++k)
    if (sets[k].size > 0) run_set(&sets[k]);
  shmem_free(dst);
  shmem_free(src);
  CHECK_DONE();
}
