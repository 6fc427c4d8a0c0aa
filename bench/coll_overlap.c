/* coll_overlap: how much of a collective the nonblocking team collectives
 * of shmemx.h hide behind computation, on SHMEM_TEAM_WORLD.
 *
 *   oshrun -np 2 coll_overlap [-r rounds] [-t ms per round] [-m text]
 *
 * For broadcast, fcollect, alltoall and sum_reduce, at 8 bytes and at 1 MiB
 * (per PE for fcollect and alltoall; of longs for the reduction), each round
 * times, one after the other:
 *   coll     the blocking collective alone (shmem_broadcastmem,
 *            shmem_fcollectmem, shmem_alltoallmem, shmem_long_sum_reduce);
 *   compute  a busy loop calibrated to last as long as `coll` (no library
 *            call in it: MPI progress comes from the library's progress
 *            thread, if anything);
 *   seq      the blocking collective, then the compute loop;
 *   nbi      the nbi collective (shmemx_..._nbi), the compute loop, then
 *            shmem_quiet;
 *   nbi_only the nbi collective then shmem_quiet, without the loop.
 * Each is the median over the rounds of the time per operation on PE 0.
 * One line per row, "name value unit" first as in the other benchmarks,
 * the value being the overlap ratio (seq - nbi) / min(coll, compute):
 * 1 is perfect overlap, 0 none (negative: the nbi form was slower); the
 * times follow as "key value" pairs in microseconds, then nbi_self_ratio
 * = (nbi_only + compute - nbi) / min(nbi_only, compute), the overlap of
 * the nbi path against itself (the blocking routine may take another path,
 * e.g. shared memory on a node, so the first ratio mixes the overlap with
 * the difference of the paths). -m keeps the rows whose name contains the
 * text. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <shmemx.h>
#include <stdint.h>

#include "bench_shmem.h"

enum { KIND_BCAST, KIND_FCOLLECT, KIND_ALLTOALL, KIND_REDUCE, NKINDS };
static const char *const kind_names[NKINDS] = {"bcast", "fcollect", "alltoall", "reduce_sum"};
static const size_t row_sizes[] = {8, 1 << 20};
enum { MAX_SIZE = 1 << 20 };

static struct bench b;
static unsigned char *src, *dst; /* MAX_SIZE * npes bytes each */
static long *pub;                /* PE 0's value for from_pe0 */
static long *pub_dst;

static int kind;    /* the row's collective */
static size_t size; /* bytes: total for bcast and the reduction, per PE otherwise */
static long spins;  /* the compute loop's length */

static long from_pe0(long value) {
  *pub = value;
  shmem_barrier_all();
  shmem_long_broadcast(SHMEM_TEAM_WORLD, pub_dst, pub, 1, 0);
  return *pub_dst;
}

/* The compute phase: xorshift steps, a dependency chain the compiler cannot
 * shorten, and no memory traffic. */
static volatile uint64_t sink;
static void compute(long n) {
  uint64_t x = 88172645463325252ULL + (uint64_t)n;
  for (long i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  sink = x;
}

static void coll_blocking(void) {
  switch (kind) {
  case KIND_BCAST: shmem_broadcastmem(SHMEM_TEAM_WORLD, dst, src, size, 0); break;
  case KIND_FCOLLECT: shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, size); break;
  case KIND_ALLTOALL: shmem_alltoallmem(SHMEM_TEAM_WORLD, dst, src, size); break;
  default:
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, (long *)dst, (const long *)src, size / sizeof(long));
  }
}

static void coll_nbi(void) {
  switch (kind) {
  case KIND_BCAST: shmemx_broadcastmem_nbi(SHMEM_TEAM_WORLD, dst, src, size, 0); break;
  case KIND_FCOLLECT: shmemx_fcollectmem_nbi(SHMEM_TEAM_WORLD, dst, src, size); break;
  case KIND_ALLTOALL: shmemx_alltoallmem_nbi(SHMEM_TEAM_WORLD, dst, src, size); break;
  default:
    shmemx_long_sum_reduce_nbi(SHMEM_TEAM_WORLD, (long *)dst, (const long *)src,
                               size / sizeof(long));
  }
}

static long run_coll(long n) {
  for (long i = 0; i < n; ++i) coll_blocking();
  return n;
}

static long run_compute(long n) {
  for (long i = 0; i < n; ++i) compute(spins);
  return n;
}

static long run_seq(long n) {
  for (long i = 0; i < n; ++i) {
    coll_blocking();
    compute(spins);
  }
  return n;
}

static long run_nbi(long n) {
  for (long i = 0; i < n; ++i) {
    coll_nbi();
    compute(spins);
    shmem_quiet();
  }
  return n;
}

static long run_nbi_only(long n) {
  for (long i = 0; i < n; ++i) {
    coll_nbi();
    shmem_quiet();
  }
  return n;
}

enum { M_COLL, M_COMPUTE, M_SEQ, M_NBI, M_NBI_ONLY, NMETRICS };
static const struct bench_metric metrics[NMETRICS] = {
    {"coll", run_coll, BENCH_LATENCY, BENCH_ALL},
    {"compute", run_compute, BENCH_LATENCY, BENCH_ALL},
    {"seq", run_seq, BENCH_LATENCY, BENCH_ALL},
    {"nbi", run_nbi, BENCH_LATENCY, BENCH_ALL},
    {"nbi_only", run_nbi_only, BENCH_LATENCY, BENCH_ALL},
};

/* Nanoseconds per spin of the compute loop: the best of a few runs on PE 0,
 * known to every PE (collective). */
static double ns_per_spin;
static double spin_ns(void) {
  const long n = 1 << 22;
  double best = 1e30;
  for (int k = 0; k < 5; ++k) {
    const double t0 = bench_now();
    compute(n);
    const double t = bench_now() - t0;
    if (t < best) best = t;
  }
  return (double)from_pe0((long)(best / (double)n * 1e12)) / 1e3; /* passed as picoseconds */
}

/* The medians over the rounds of metric m's time per operation (us). */
static void rounds_of(const long *n, int first, int last, double (*samples)[BENCH_MAX_ROUNDS],
                      double *median) {
  for (int r = 0; r < b.rounds; ++r)
    for (int m = first; m <= last; ++m) {
      long done = n[m];
      samples[m][r] = bench_value(&b, BENCH_LATENCY, bench_timed(&b, &metrics[m], &done), done);
    }
  b.barrier();
  for (int m = first; m <= last; ++m) {
    qsort(samples[m], (size_t)b.rounds, sizeof(double), bench_by_value);
    median[m] = samples[m][b.rounds / 2];
  }
}

/* The median per-operation time (us) of each metric. The collective alone
 * is measured first, twice (the first pass warms the path up), and the
 * compute loop set to its time on PE 0; then the rounds of all metrics,
 * interleaved so that a slow spell of the machine hits each alike. */
static void measure_row(double *median) {
  long n[NMETRICS];
  double samples[NMETRICS][BENCH_MAX_ROUNDS];
  n[M_COLL] = bench_calibrate(&b, &metrics[M_COLL]);
  rounds_of(n, M_COLL, M_COLL, samples, median);
  rounds_of(n, M_COLL, M_COLL, samples, median);
  spins = from_pe0((long)(median[M_COLL] * 1e3 / ns_per_spin));
  if (spins < 1) spins = 1;
  for (int m = M_COMPUTE; m < NMETRICS; ++m) n[m] = bench_calibrate(&b, &metrics[m]);
  rounds_of(n, 0, NMETRICS - 1, samples, median);
}

int main(int argc, char **argv) {
  shmem_init();
  bench_shmem_setup(&b, from_pe0);
  if (!bench_options(&b, argc, argv)) {
    if (b.me == 0)
      fprintf(stderr,
              "usage: %s [-r rounds 1..%d (7)] [-t ms per round (20)] [-m text]\n"
              "  any number of PEs; -m: only the rows whose name contains text\n",
              argv[0], BENCH_MAX_ROUNDS);
    shmem_finalize();
    return 2;
  }
  src = shmem_malloc((size_t)MAX_SIZE * (size_t)b.npes);
  dst = shmem_malloc((size_t)MAX_SIZE * (size_t)b.npes);
  pub = shmem_malloc(2 * sizeof(long));
  if (!src || !dst || !pub) {
    if (b.me == 0) fprintf(stderr, "coll_overlap: out of symmetric memory\n");
    shmem_global_exit(1);
  }
  pub_dst = pub + 1;
  memset(src, b.me + 1, (size_t)MAX_SIZE * (size_t)b.npes);
  memset(dst, 0, (size_t)MAX_SIZE * (size_t)b.npes);
  for (long i = 0; i < (long)(MAX_SIZE / sizeof(long)); ++i) ((long *)src)[i] = i + b.me;
  if (b.me == 0) {
    printf("# coll_overlap: %d PEs, %d rounds of %.0f ms; ratio = (seq - nbi) / min(coll, "
           "compute), times in us per operation\n",
           b.npes, b.rounds, b.budget * 1e3);
    fflush(stdout);
  }
  ns_per_spin = spin_ns();
  char name[64];
  for (kind = 0; kind < NKINDS; ++kind)
    for (size_t s = 0; s < sizeof row_sizes / sizeof row_sizes[0]; ++s) {
      size = row_sizes[s];
      snprintf(name, sizeof name, "overlap_%s_%zu", kind_names[kind], size);
      if (strstr(name, b.only) == NULL) continue;
      double t[NMETRICS];
      measure_row(t);
      if (b.me != 0) continue;
      const double shorter = t[M_COLL] < t[M_COMPUTE] ? t[M_COLL] : t[M_COMPUTE];
      const double ratio = shorter > 0 ? (t[M_SEQ] - t[M_NBI]) / shorter : 0;
      /* The nbi path against itself: how much of nbi_only the loop hid. */
      const double nbi_shorter = t[M_NBI_ONLY] < t[M_COMPUTE] ? t[M_NBI_ONLY] : t[M_COMPUTE];
      const double self =
          nbi_shorter > 0 ? (t[M_NBI_ONLY] + t[M_COMPUTE] - t[M_NBI]) / nbi_shorter : 0;
      printf("%s %.3f ratio coll_us %.4g compute_us %.4g seq_us %.4g nbi_us %.4g "
             "nbi_only_us %.4g nbi_self_ratio %.3f\n",
             name, ratio, t[M_COLL], t[M_COMPUTE], t[M_SEQ], t[M_NBI], t[M_NBI_ONLY], self);
      fflush(stdout);
    }
  shmem_barrier_all();
  shmem_free(pub);
  shmem_free(dst);
  shmem_free(src);
  shmem_finalize();
  return 0;
}
