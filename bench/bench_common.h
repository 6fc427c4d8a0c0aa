/* bench_common.h: the measuring loop shared by shmem_bench.c and
 * mpi_bench.c; only the synchronization between processes differs, and each
 * benchmark passes its own.
 *
 * A metric is a function running its operation n times. It is first
 * calibrated (n grows by 4x until one run takes an eighth of the time budget)
 * so that one round takes about the budget, whatever the speed of the path;
 * then it runs `rounds` rounds and the median is printed by PE 0 as one line
 * "name value unit". */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { BENCH_MAX_ROUNDS = 31, BENCH_MAX_BYTES = 4 << 20 };
/* The rate metrics complete their operations (quiet, flush) once every
 * BENCH_RATE_WINDOW operations and at the end of the run: a bounded number
 * outstanding, as in a real message stream. */
enum { BENCH_RATE_WINDOW = 1024 };
/* The broadcast, reduction and alltoall metrics include a barrier once every
 * BENCH_COLL_SLOTS calls: shmem_bench's active-set collectives need it to
 * reuse their ring of pSync arrays, and mpi_bench does the same so that both
 * time the same work (without it, a root that runs ahead of the others
 * times a stream, not a collective: docs/bench/notes.md, "Collectives
 * timed with a barrier"). */
enum { BENCH_COLL_SLOTS = 64 };
#define BENCH_MAX_ITERS 4000000L

/* What the time of n operations is turned into. */
enum bench_kind {
  BENCH_LATENCY,   /* us per operation */
  BENCH_HALF_RTT,  /* us per half round trip: n round trips */
  BENCH_RATE,      /* millions of operations per second */
  BENCH_BANDWIDTH, /* GB/s (1e9 bytes) of bench.size bytes per operation */
};

/* Who takes part: PE 0 alone (PE 1 passive, waiting in the next barrier), or
 * every PE (ping-pong and collectives). */
enum bench_who { BENCH_PE0, BENCH_ALL };
/* The collectives are the BENCH_ALL metrics of kind BENCH_LATENCY. */

/* run(n) runs the operation n times and returns how many it ran: n, or
 * fewer for a PE 0 metric that stopped at bench_late (a round taking far
 * longer than calibrated, as when the other process is not scheduled). */
struct bench_metric {
  const char *name;
  long (*run)(long n);
  enum bench_kind kind;
  enum bench_who who;
};

/* The metrics both programs measure, in output order: each program defines
 * the run_* functions and builds its table with BENCH_METRIC_ROW. */
#define BENCH_COMMON_METRICS(X)                                                                    \
  X("put8_quiet_us", run_put8, BENCH_LATENCY, BENCH_PE0)                                           \
  X("get8_us", run_get8, BENCH_LATENCY, BENCH_PE0)                                                 \
  X("p_quiet_us", run_p, BENCH_LATENCY, BENCH_PE0)                                                 \
  X("g_us", run_g, BENCH_LATENCY, BENCH_PE0)                                                       \
  X("fetch_add_us", run_fetch_add, BENCH_LATENCY, BENCH_PE0)                                       \
  X("cswap_us", run_cswap, BENCH_LATENCY, BENCH_PE0)                                               \
  X("add_rate", run_add, BENCH_RATE, BENCH_PE0)                                                    \
  X("put8_nbi_rate", run_put8_nbi, BENCH_RATE, BENCH_PE0)                                          \
  X("iput_quiet_us", run_iput, BENCH_LATENCY, BENCH_PE0)                                           \
  X("iget_us", run_iget, BENCH_LATENCY, BENCH_PE0)                                                 \
  X("pingpong_us", run_pingpong, BENCH_HALF_RTT, BENCH_ALL)                                        \
  X("barrier_us", run_barrier, BENCH_LATENCY, BENCH_ALL)                                           \
  X("bcast8_us", run_bcast8, BENCH_LATENCY, BENCH_ALL)                                             \
  X("reduce_sum_us", run_reduce, BENCH_LATENCY, BENCH_ALL)                                         \
  X("alltoall8_us", run_alltoall8, BENCH_LATENCY, BENCH_ALL)                                       \
  X("bw_put", run_bw_put, BENCH_BANDWIDTH, BENCH_PE0)                                              \
  X("bw_get", run_bw_get, BENCH_BANDWIDTH, BENCH_PE0)                                              \
  X("bw_memcpy", run_bw_memcpy, BENCH_BANDWIDTH, BENCH_PE0)
#define BENCH_METRIC_ROW(name, run, kind, who) {name, run, kind, who},
/* The strided metrics (iput, iget): BENCH_STRIDED longs, every second one
 * on both sides (shmem_long_iput(dst, src, 2, 2, BENCH_STRIDED, 1)). */
enum { BENCH_STRIDED = 64 };

struct bench {
  int me, npes;
  int rounds;       /* -r */
  double budget;    /* -t, seconds per round */
  int collectives;  /* -c: only the collectives, named with _np<N> */
  const char *only; /* -m: only the metrics whose name contains this */
  size_t size;      /* bytes per operation of the bandwidth metric running */
  void (*barrier)(void);
  long (*from_pe0)(long value); /* collective: PE 0's value, on every PE */
};

static inline double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The random-access benchmarks' numbers (heap_access.c, kernels.c): a 64-bit
 * xorshift, cheap next to the cache miss it chooses, so that the time is
 * the memory's. *state must not be 0. */
static inline uint64_t bench_xorshift(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* A random r mapped onto [0, n) by its high bits: a multiply instead of a
 * division, and any n, not only powers of two. */
static inline uint64_t bench_below(uint64_t r, uint64_t n) {
  return (uint64_t)(((unsigned __int128)r * n) >> 64);
}

/* Options: -r rounds (1..31, default 7), -t milliseconds per round (default
 * 20), -c collectives only, -m text: only the metrics whose name contains
 * it. Returns 0 when they are not valid. */
static inline int bench_options(struct bench *b, int argc, char **argv) {
  b->rounds = 7;
  b->budget = 0.020;
  b->collectives = 0;
  b->only = "";
  for (int c; (c = getopt(argc, argv, "r:t:cm:")) != -1;) {
    if (c == 'r')
      b->rounds = atoi(optarg);
    else if (c == 't')
      b->budget = atof(optarg) / 1e3;
    else if (c == 'c')
      b->collectives = 1;
    else if (c == 'm')
      b->only = optarg;
    else
      return 0;
  }
  return optind == argc && b->rounds >= 1 && b->rounds <= BENCH_MAX_ROUNDS && b->budget > 0 &&
         b->budget < 10;
}

static inline void bench_usage(const char *program) {
  fprintf(stderr,
          "usage: %s [-r rounds 1..%d (7)] [-t ms per round (20)] [-c] [-m text]\n"
          "  2 PEs: every metric; -c: only the collectives, on any number of PEs;\n"
          "  -m: only the metrics whose name contains text\n",
          program, BENCH_MAX_ROUNDS);
}

/* The time after which a PE 0 metric's round stops early: BENCH_LATE budgets
 * after its start. */
enum { BENCH_LATE = 10 };
static double bench_deadline;

/* Whether the loop of a PE 0 metric is to stop before operation i (checked
 * every 256 operations). */
static inline int bench_late(long i) { return (i & 255) == 255 && bench_now() > bench_deadline; }

/* Seconds for *n operations on this PE (0 if it takes no part); *n becomes
 * the number run. */
static inline double bench_timed(const struct bench *b, const struct bench_metric *m, long *n) {
  b->barrier();
  if (m->who == BENCH_PE0 && b->me != 0) return 0;
  const double start = bench_now();
  bench_deadline = start + BENCH_LATE * b->budget;
  *n = m->run(*n);
  return bench_now() - start;
}

/* n operations a round would take to last the budget, if `t` seconds were
 * the time of `n`. */
static inline long bench_fit(const struct bench *b, long n, double t) {
  const double fit = t > 0 ? (double)n * b->budget / t : (double)BENCH_MAX_ITERS;
  return fit < 1 ? 1 : fit > (double)BENCH_MAX_ITERS ? BENCH_MAX_ITERS : (long)fit;
}

/* Operations per round, decided by PE 0 and known to every PE: n grows until
 * a run takes an eighth of the budget, then one warm-up round of the
 * estimate corrects it (the first operations on a path can be much slower:
 * connection setup, first touch). */
static inline long bench_calibrate(const struct bench *b, const struct bench_metric *m) {
  long iters = 0;
  for (long n = 1; iters == 0; n *= 4) {
    long done = n;
    const double t = bench_timed(b, m, &done);
    if (b->me == 0 && (t >= b->budget / 8 || n >= BENCH_MAX_ITERS)) iters = bench_fit(b, done, t);
    iters = b->from_pe0(iters);
  }
  long done = iters;
  const double t = bench_timed(b, m, &done);
  return b->from_pe0(b->me == 0 ? bench_fit(b, done, t) : 0);
}

static inline int bench_by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline double bench_value(const struct bench *b, enum bench_kind kind, double t, long n) {
  switch (kind) {
  case BENCH_LATENCY: return 1e6 * t / (double)n;
  case BENCH_HALF_RTT: return 1e6 * t / (double)n / 2;
  case BENCH_RATE: return (double)n / t / 1e6;
  case BENCH_BANDWIDTH: return (double)b->size * (double)n / t / 1e9;
  }
  return 0;
}

static inline const char *bench_unit(enum bench_kind kind) {
  return kind == BENCH_RATE ? "M/s" : kind == BENCH_BANDWIDTH ? "GB/s" : "us";
}

/* Four significant digits, no exponent. */
static inline void bench_print(const char *name, double value, const char *unit) {
  int decimals = 3;
  for (double v = value; v >= 10 && decimals > 0; v /= 10) --decimals;
  printf("%s %.*f %s\n", name, decimals, value, unit);
  fflush(stdout);
}

/* Calibrates, runs the rounds and prints the median as `name`. */
static inline void bench_measure(const struct bench *b, const struct bench_metric *m,
                                 const char *name) {
  const long n = bench_calibrate(b, m);
  double samples[BENCH_MAX_ROUNDS];
  for (int r = 0; r < b->rounds; ++r) {
    long done = n;
    const double t = bench_timed(b, m, &done);
    samples[r] = bench_value(b, m->kind, t, done);
  }
  b->barrier();
  if (b->me != 0) return;
  qsort(samples, (size_t)b->rounds, sizeof samples[0], bench_by_value);
  bench_print(name, samples[b->rounds / 2], bench_unit(m->kind));
}

/* The memcpy baseline (bw_memcpy), in every program's run next to the
 * transfers it is compared with: PE 0 copies between two private buffers
 * of BENCH_MAX_BYTES, malloc'ed as a program's own memory. */
static const struct bench *bench_current; /* the one bench_run_all runs */
static char *bench_copy_from, *bench_copy_to;

static inline char *bench_private_buffer(int fill) {
  char *p = malloc(BENCH_MAX_BYTES);
  if (p == NULL) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  memset(p, fill, BENCH_MAX_BYTES);
  return p;
}

static inline long run_bw_memcpy(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    memcpy(bench_copy_to, bench_copy_from, bench_current->size);
    __asm__ volatile("" : : "r"(bench_copy_to) : "memory"); /* the copy is used */
  }
  return i;
}

/* Every metric of the list; collectives only and suffixed with _np<N> under
 * -c. The bandwidth metrics run once per size, named <name>_<bytes>. */
static inline void bench_run_all(struct bench *b, const struct bench_metric *list, size_t count) {
  static const size_t sizes[] = {8,        16,       64,        256,     1024,           4096,
                                 16 << 10, 64 << 10, 256 << 10, 1 << 20, BENCH_MAX_BYTES};
  char name[96];
  bench_current = b;
  bench_copy_from = bench_private_buffer(1);
  bench_copy_to = bench_private_buffer(0);
  for (size_t k = 0; k < count; ++k) {
    const struct bench_metric *m = &list[k];
    if (strstr(m->name, b->only) == NULL) continue;
    if (b->collectives) {
      if (m->who != BENCH_ALL || m->kind != BENCH_LATENCY) continue; /* not a collective */
      snprintf(name, sizeof name, "%s_np%d", m->name, b->npes);
      bench_measure(b, m, name);
    } else if (m->kind == BENCH_BANDWIDTH) {
      for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        b->size = sizes[s];
        snprintf(name, sizeof name, "%s_%zu", m->name, sizes[s]);
        bench_measure(b, m, name);
      }
    } else {
      bench_measure(b, m, m->name);
    }
  }
  free(bench_copy_from);
  free(bench_copy_to);
}

#endif
