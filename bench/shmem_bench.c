/* shmem_bench: latency, rate and bandwidth of OpenSHMEM operations between
 * PE 0 (active) and PE 1 (passive unless the metric needs both), and the
 * collectives on any number of PEs. Portable OpenSHMEM 1.4 C: it builds
 * against this library and against other implementations (Open MPI's OSHMEM
 * through oshcc). Every target is on the symmetric heap.
 *
 *   oshrun -np 2 shmem_bench [-r rounds] [-t ms per round]   every metric
 *   oshrun -np N shmem_bench -c                               collectives only
 *
 * Prints "metric value unit" lines (see bench_common.h): the median of the
 * rounds. The rates (atomic add, 8-byte shmem_putmem_nbi) quiet once every
 * BENCH_RATE_WINDOW operations. The collectives use the 1.4 active-set
 * routines with a ring of COLL_SLOTS pSync/pWrk arrays and one
 * shmem_barrier_all per ring turn (a pSync array may be reused only once
 * every PE has left the previous call that used it), so their times include
 * 1/COLL_SLOTS of a barrier. The gvar_ metrics repeat the small RMA, AMO,
 * ping-pong and bandwidth metrics on global variables instead of heap
 * memory. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include "bench_shmem.h"

/* The active-set collectives are deprecated in 1.5+, but they are the ones
 * every 1.4 implementation has. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

enum { COLL_SLOTS = BENCH_COLL_SLOTS, WRK_LONGS = 64, SYNC_LONGS = 64 };
_Static_assert(SHMEM_BCAST_SYNC_SIZE <= SYNC_LONGS && SHMEM_REDUCE_SYNC_SIZE <= SYNC_LONGS &&
                   SHMEM_ALLTOALL_SYNC_SIZE <= SYNC_LONGS &&
                   SHMEM_REDUCE_MIN_WRKDATA_SIZE <= WRK_LONGS,
               "pSync/pWrk slots smaller than this library needs");

/* Symmetric heap objects. */
static char *src, *dst;           /* BENCH_MAX_BYTES each */
static long *word;                /* 8 words: the small RMA and AMO targets */
static long *flag;                /* ping-pong flag, written only by the other PE */
static long *psync;               /* COLL_SLOTS x SYNC_LONGS */
static long *pwrk;                /* COLL_SLOTS x WRK_LONGS */
static long *coll_src, *coll_dst; /* npes longs each */

/* The same targets as global variables (the gvar_ metrics); the arrays are
 * BENCH_MAX_BYTES each. */
static long gvar_word[8];
static long gvar_flag;
static char gvar_src[BENCH_MAX_BYTES], gvar_dst[BENCH_MAX_BYTES];

static struct bench b;
static long seq; /* ping-pong sequence number, the same on both PEs */

/* The PE 0 metrics: n operations or until bench_late; the number run. */
static long run_put8(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_long_put(word, &i, 1, 1);
    shmem_quiet();
  }
  return i;
}

static long run_get8(long n) {
  long i = 0, v;
  for (; i < n && !bench_late(i); ++i) shmem_long_get(&v, word, 1, 1);
  return i;
}

static long run_p(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_long_p(word + 1, i, 1);
    shmem_quiet();
  }
  return i;
}

static long run_g(long n) {
  long i = 0, sum = 0;
  for (; i < n && !bench_late(i); ++i) sum += shmem_long_g(word + 1, 1);
  word[7] = sum;
  return i;
}

static long run_fetch_add(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) (void)shmem_long_atomic_fetch_add(word + 2, 1, 1);
  return i;
}

static long run_cswap(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) (void)shmem_long_atomic_compare_swap(word + 3, i, i + 1, 1);
  return i;
}

static long run_add(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_long_atomic_add(word + 4, 1, 1);
    if (i % BENCH_RATE_WINDOW == BENCH_RATE_WINDOW - 1) shmem_quiet();
  }
  shmem_quiet();
  return i;
}

static long run_put8_nbi(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_putmem_nbi(word + 5, &word[6], 8, 1);
    if (i % BENCH_RATE_WINDOW == BENCH_RATE_WINDOW - 1) shmem_quiet();
  }
  shmem_quiet();
  return i;
}

static long run_iput(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_long_iput((long *)dst, (const long *)src, 2, 2, BENCH_STRIDED, 1);
    shmem_quiet();
  }
  return i;
}

static long run_iget(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i)
    shmem_long_iget((long *)dst, (const long *)src, 2, 2, BENCH_STRIDED, 1);
  return i;
}

static long run_bw_put(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    shmem_putmem(dst, src, b.size, 1);
    shmem_quiet();
  }
  return i;
}

static long run_bw_get(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) shmem_getmem(dst, src, b.size, 1);
  return i;
}

/* shmem_long_test of this PE's flag, which holds (>= 0): the cost of a
 * test routine in a program's polling loop. */
static long run_test(long n) {
  long i = 0, hits = 0;
  for (; i < n && !bench_late(i); ++i) hits += shmem_long_test(flag, SHMEM_CMP_GE, 0);
  word[6] = hits;
  return i;
}

/* The metrics of every PE run all n operations (no PE may stop alone). */

/* PE 0 puts seq into PE 1's flag and waits for PE 1 to put it back. */
static long run_pingpong(long n) {
  const int peer = 1 - b.me;
  for (long i = 0; i < n; ++i) {
    ++seq;
    if (b.me == 1) shmem_long_wait_until(flag, SHMEM_CMP_EQ, seq);
    shmem_long_p(flag, seq, peer);
    shmem_quiet();
    if (b.me == 0) shmem_long_wait_until(flag, SHMEM_CMP_EQ, seq);
  }
  return n;
}

static long run_barrier(long n) {
  for (long i = 0; i < n; ++i) shmem_barrier_all();
  return n;
}

/* The ring of pSync arrays: the next call's, after a barrier once a turn. */
static long *slot_sync(long i) {
  if (i > 0 && i % COLL_SLOTS == 0) shmem_barrier_all();
  return psync + (i % COLL_SLOTS) * SYNC_LONGS;
}

static long run_bcast8(long n) {
  for (long i = 0; i < n; ++i)
    shmem_broadcast64(coll_dst, coll_src, 1, 0, 0, 0, b.npes, slot_sync(i));
  return n;
}

static long run_reduce(long n) {
  for (long i = 0; i < n; ++i) {
    long *sync = slot_sync(i);
    shmem_long_sum_to_all(coll_dst, coll_src, 1, 0, 0, b.npes, pwrk + (i % COLL_SLOTS) * WRK_LONGS,
                          sync);
  }
  return n;
}

static long run_alltoall8(long n) {
  for (long i = 0; i < n; ++i) shmem_alltoall64(coll_dst, coll_src, 1, 0, 0, b.npes, slot_sync(i));
  return n;
}

/* run(n) with word and flag pointing at global variables. */
static long on_globals(long (*run)(long), long n) {
  long *heap_word = word, *heap_flag = flag;
  word = gvar_word;
  flag = &gvar_flag;
  const long done = run(n);
  word = heap_word;
  flag = heap_flag;
  return done;
}

/* run(n) with src and dst pointing at global arrays. */
static long on_global_arrays(long (*run)(long), long n) {
  char *heap_src = src, *heap_dst = dst;
  src = gvar_src;
  dst = gvar_dst;
  const long done = run(n);
  src = heap_src;
  dst = heap_dst;
  return done;
}

static long run_gvar_put8(long n) { return on_globals(run_put8, n); }
static long run_gvar_get8(long n) { return on_globals(run_get8, n); }
static long run_gvar_fetch_add(long n) { return on_globals(run_fetch_add, n); }
static long run_gvar_cswap(long n) { return on_globals(run_cswap, n); }
static long run_gvar_add(long n) { return on_globals(run_add, n); }
static long run_gvar_pingpong(long n) { return on_globals(run_pingpong, n); }
static long run_gvar_bw_put(long n) { return on_global_arrays(run_bw_put, n); }
static long run_gvar_bw_get(long n) { return on_global_arrays(run_bw_get, n); }

static const struct bench_metric metrics[] = {
    BENCH_COMMON_METRICS(BENCH_METRIC_ROW){"test_us", run_test, BENCH_LATENCY, BENCH_PE0},
    {"gvar_put8_quiet_us", run_gvar_put8, BENCH_LATENCY, BENCH_PE0},
    {"gvar_get8_us", run_gvar_get8, BENCH_LATENCY, BENCH_PE0},
    {"gvar_fetch_add_us", run_gvar_fetch_add, BENCH_LATENCY, BENCH_PE0},
    {"gvar_cswap_us", run_gvar_cswap, BENCH_LATENCY, BENCH_PE0},
    {"gvar_add_rate", run_gvar_add, BENCH_RATE, BENCH_PE0},
    {"gvar_pingpong_us", run_gvar_pingpong, BENCH_HALF_RTT, BENCH_ALL},
    {"gvar_bw_put", run_gvar_bw_put, BENCH_BANDWIDTH, BENCH_PE0},
    {"gvar_bw_get", run_gvar_bw_get, BENCH_BANDWIDTH, BENCH_PE0},
};

static void *heap(size_t bytes) {
  void *p = shmem_malloc(bytes);
  if (p == NULL) {
    fprintf(stderr, "shmem_bench: shmem_malloc(%zu) failed\n", bytes);
    shmem_global_exit(1);
  }
  memset(p, 0, bytes);
  return p;
}

static void allocate(void) {
  src = heap(BENCH_MAX_BYTES);
  dst = heap(BENCH_MAX_BYTES);
  memset(src, 1 + b.me, BENCH_MAX_BYTES);
  memset(gvar_src, 1 + b.me, BENCH_MAX_BYTES);
  memset(gvar_dst, 0, BENCH_MAX_BYTES);
  word = heap(8 * sizeof(long));
  flag = heap(sizeof(long));
  bench_ctl = heap(sizeof(long));
  psync = heap(COLL_SLOTS * SYNC_LONGS * sizeof(long));
  pwrk = heap(COLL_SLOTS * WRK_LONGS * sizeof(long));
  coll_src = heap((size_t)b.npes * sizeof(long));
  coll_dst = heap((size_t)b.npes * sizeof(long));
  for (long i = 0; i < COLL_SLOTS * SYNC_LONGS; ++i) psync[i] = SHMEM_SYNC_VALUE;
  for (int pe = 0; pe < b.npes; ++pe) coll_src[pe] = b.me;
  shmem_barrier_all();
}

int main(int argc, char **argv) {
  shmem_init();
  bench_shmem_setup(&b, bench_ctl_from_pe0);
  const int ok = bench_options(&b, argc, argv);
  if (!ok || (!b.collectives && b.npes != 2)) {
    if (b.me == 0) {
      if (ok) fprintf(stderr, "shmem_bench: every metric needs 2 PEs (-c: any number)\n");
      bench_usage(argv[0]);
    }
    shmem_finalize();
    return 2;
  }
  allocate();
  bench_run_all(&b, metrics, sizeof metrics / sizeof metrics[0]);
  shmem_finalize();
  return 0;
}
