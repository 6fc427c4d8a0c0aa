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
 *   nbi_only the nbi collective then shmem_quiet, without the loop;
 *   nb       the collective with a request (shmemx_..._nb), the compute
 *            loop, then shmemx_req_wait;
 *   nb_test  the same with the loop cut in 16 slices and shmemx_req_test
 *            after each (the program lends the library its CPU);
 *   nb_only  the collective with a request, then shmemx_req_wait.
 * Built with OVERLAP_RAW_MPI (coll_overlap_mpi, a hybrid program: shmem_init
 * then MPI_Init), also the baseline of raw MPI on MPI_COMM_WORLD:
 *   mpi, mpi_test, mpi_only  MPI_Ibcast, MPI_Iallgather, MPI_Ialltoall or
 *            MPI_Iallreduce in place of the _nb collective, MPI_Test and
 *            MPI_Wait in place of shmemx_req_test and shmemx_req_wait.
 * Each is the median over the rounds of the time per operation on PE 0.
 * One line per row, "name value unit" first as in the other benchmarks,
 * the value being the overlap ratio (seq - nbi) / min(coll, compute):
 * 1 is perfect overlap, 0 none (negative: the nbi form was slower); the
 * times follow as "key value" pairs in microseconds, then nbi_self_ratio
 * = (nbi_only + compute - nbi) / min(nbi_only, compute), the overlap of
 * the nbi path against itself (the blocking routine may take another path,
 * e.g. shared memory on a node, so the first ratio mixes the overlap with
 * the difference of the paths), nb_ratio and nb_test_ratio (seq - nb) and
 * (seq - nb_test) over min(coll, compute), and with OVERLAP_RAW_MPI
 * mpi_ratio, mpi_test_ratio the same for raw MPI and nb_test_vs_mpi_test,
 * nb_test / mpi_test. -m keeps the rows whose name contains the text. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <shmemx.h>
#include <stdint.h>

#include "bench_shmem.h"
#ifdef OVERLAP_RAW_MPI
#include <mpi.h>
#endif

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

static shmemx_req_h coll_nb(void) {
  shmemx_req_h r;
  switch (kind) {
  case KIND_BCAST: shmemx_broadcastmem_nb(SHMEM_TEAM_WORLD, dst, src, size, 0, &r); break;
  case KIND_FCOLLECT: shmemx_fcollectmem_nb(SHMEM_TEAM_WORLD, dst, src, size, &r); break;
  case KIND_ALLTOALL: shmemx_alltoallmem_nb(SHMEM_TEAM_WORLD, dst, src, size, &r); break;
  default:
    shmemx_long_sum_reduce_nb(SHMEM_TEAM_WORLD, (long *)dst, (const long *)src, size / sizeof(long),
                              &r);
  }
  return r;
}

/* The compute loop in 16 slices, `poll` after each. */
enum { SLICES = 16 };
#define COMPUTE_SLICED(poll)                                                                       \
  for (int s_ = 0; s_ < SLICES; ++s_) {                                                            \
    compute(spins / SLICES);                                                                       \
    poll;                                                                                          \
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

static long run_nb(long n) {
  for (long i = 0; i < n; ++i) {
    shmemx_req_h r = coll_nb();
    compute(spins);
    shmemx_req_wait(&r);
  }
  return n;
}

static long run_nb_test(long n) {
  for (long i = 0; i < n; ++i) {
    shmemx_req_h r = coll_nb();
    COMPUTE_SLICED(shmemx_req_test(&r))
    shmemx_req_wait(&r);
  }
  return n;
}

static long run_nb_only(long n) {
  for (long i = 0; i < n; ++i) {
    shmemx_req_h r = coll_nb();
    shmemx_req_wait(&r);
  }
  return n;
}

#ifdef OVERLAP_RAW_MPI
static MPI_Request coll_mpi(void) {
  MPI_Request r;
  const int n = (int)size;
  switch (kind) {
  case KIND_BCAST: MPI_Ibcast(dst, n, MPI_BYTE, 0, MPI_COMM_WORLD, &r); break;
  case KIND_FCOLLECT: MPI_Iallgather(src, n, MPI_BYTE, dst, n, MPI_BYTE, MPI_COMM_WORLD, &r); break;
  case KIND_ALLTOALL: MPI_Ialltoall(src, n, MPI_BYTE, dst, n, MPI_BYTE, MPI_COMM_WORLD, &r); break;
  default: MPI_Iallreduce(src, dst, n / (int)sizeof(long), MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r);
  }
  return r;
}

static long run_mpi(long n) {
  for (long i = 0; i < n; ++i) {
    MPI_Request r = coll_mpi();
    compute(spins);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  return n;
}

static long run_mpi_test(long n) {
  for (long i = 0; i < n; ++i) {
    MPI_Request r = coll_mpi();
    int done = 0;
    COMPUTE_SLICED(MPI_Test(&r, &done, MPI_STATUS_IGNORE))
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  return n;
}

static long run_mpi_only(long n) {
  for (long i = 0; i < n; ++i) {
    MPI_Request r = coll_mpi();
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  return n;
}
#endif

enum {
  M_COLL,
  M_COMPUTE,
  M_SEQ,
  M_NBI,
  M_NBI_ONLY,
  M_NB,
  M_NB_TEST,
  M_NB_ONLY,
#ifdef OVERLAP_RAW_MPI
  M_MPI,
  M_MPI_TEST,
  M_MPI_ONLY,
#endif
  NMETRICS
};
static const struct bench_metric metrics[NMETRICS] = {
    {"coll", run_coll, BENCH_LATENCY, BENCH_ALL},
    {"compute", run_compute, BENCH_LATENCY, BENCH_ALL},
    {"seq", run_seq, BENCH_LATENCY, BENCH_ALL},
    {"nbi", run_nbi, BENCH_LATENCY, BENCH_ALL},
    {"nbi_only", run_nbi_only, BENCH_LATENCY, BENCH_ALL},
    {"nb", run_nb, BENCH_LATENCY, BENCH_ALL},
    {"nb_test", run_nb_test, BENCH_LATENCY, BENCH_ALL},
    {"nb_only", run_nb_only, BENCH_LATENCY, BENCH_ALL},
#ifdef OVERLAP_RAW_MPI
    {"mpi", run_mpi, BENCH_LATENCY, BENCH_ALL},
    {"mpi_test", run_mpi_test, BENCH_LATENCY, BENCH_ALL},
    {"mpi_only", run_mpi_only, BENCH_LATENCY, BENCH_ALL},
#endif
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

/* The saving of the overlapped form `over` against seq, as a fraction of
 * the most it could save. */
static double saving(const double *t, int over) {
  const double shorter = t[M_COLL] < t[M_COMPUTE] ? t[M_COLL] : t[M_COMPUTE];
  return shorter > 0 ? (t[M_SEQ] - t[over]) / shorter : 0;
}

static void print_row(const char *name, const double *t) {
  /* The nbi path against itself: how much of nbi_only the loop hid. */
  const double nbi_shorter = t[M_NBI_ONLY] < t[M_COMPUTE] ? t[M_NBI_ONLY] : t[M_COMPUTE];
  const double self = nbi_shorter > 0 ? (t[M_NBI_ONLY] + t[M_COMPUTE] - t[M_NBI]) / nbi_shorter : 0;
  printf("%s %.3f ratio coll_us %.4g compute_us %.4g seq_us %.4g nbi_us %.4g "
         "nbi_only_us %.4g nbi_self_ratio %.3f nb_us %.4g nb_test_us %.4g nb_only_us %.4g "
         "nb_ratio %.3f nb_test_ratio %.3f",
         name, saving(t, M_NBI), t[M_COLL], t[M_COMPUTE], t[M_SEQ], t[M_NBI], t[M_NBI_ONLY], self,
         t[M_NB], t[M_NB_TEST], t[M_NB_ONLY], saving(t, M_NB), saving(t, M_NB_TEST));
#ifdef OVERLAP_RAW_MPI
  printf(" mpi_us %.4g mpi_test_us %.4g mpi_only_us %.4g mpi_ratio %.3f mpi_test_ratio %.3f "
         "nb_test_vs_mpi_test %.3f",
         t[M_MPI], t[M_MPI_TEST], t[M_MPI_ONLY], saving(t, M_MPI), saving(t, M_MPI_TEST),
         t[M_MPI_TEST] > 0 ? t[M_NB_TEST] / t[M_MPI_TEST] : 0);
#endif
  printf("\n");
  fflush(stdout);
}

int main(int argc, char **argv) {
  shmem_init();
#ifdef OVERLAP_RAW_MPI
  MPI_Init(&argc, &argv);
#endif
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
      if (b.me == 0) print_row(name, t);
    }
  shmem_barrier_all();
  shmem_free(pub);
  shmem_free(dst);
  shmem_free(src);
#ifdef OVERLAP_RAW_MPI
  MPI_Finalize();
#endif
  shmem_finalize();
  return 0;
}
