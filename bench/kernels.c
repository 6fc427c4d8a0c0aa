/* kernels.c: random-access kernels shaped like bale's histogram and index
 * gather, across the PEs of a node, against the same kernel on the PE's
 * private memory (plain loads and adds, local only, on transparent huge
 * pages: bench_private_thp): the ratio is what the library's calls and the
 * heap's pages add to a random access.
 *
 *   oshrun -np 2 kernels [-m accesses] [-r rounds] [table size]
 *
 * table size: bytes per PE (suffix K, M or G; else the variable
 * KERNELS_SIZE; default 1G), large enough that TLB misses matter;
 * SHMEM_SYMMETRIC_SIZE must hold it. Every PE makes `accesses` (default
 * 2^20) accesses at random (pe, index), then a barrier; the time per access
 * is the slowest PE's:
 *   histogram_ns  shmem_long_atomic_inc(&table[index], pe); private: x[index] += 1
 *   gather_ns     shmem_long_g(&table[index], pe);           private: read x[index]
 * Lines "metric heap private heap/private", best of the rounds (-r, default
 * 3; the order alternates, and the first heap round also maps the other
 * PEs' pages into this process), then "heap_pages KIND MiB"
 * (bench_page_kind). Exits 1 unless every gathered value is the one its
 * owner stored and the histograms hold rounds * accesses * npes counts. */
#include "bench_memory.h"

static struct {
  int me, npes;
  uint64_t n; /* longs per table */
  long accesses;
  int rounds;
} job;

typedef long (*kernel_fn)(long *table, uint64_t seed); /* returns wrong values read */

/* The value PE `pe` stores at `index` for the gather: it names both. */
static long stored(int pe, uint64_t index) { return (long)pe << 40 | (long)index; }

struct target {
  int pe;
  uint64_t index;
};

static struct target target_next(uint64_t *seed) {
  const int pe = (int)bench_below(bench_xorshift(seed), (uint64_t)job.npes);
  return (struct target){pe, bench_below(bench_xorshift(seed), job.n)};
}

static long histogram_heap(long *table, uint64_t seed) {
  for (long a = 0; a < job.accesses; ++a) {
    const struct target t = target_next(&seed);
    shmem_long_atomic_inc(&table[t.index], t.pe);
  }
  return 0;
}

/* The same draws as on the heap (the PE too), so that only the access
 * differs. */
static long histogram_private(long *x, uint64_t seed) {
  for (long a = 0; a < job.accesses; ++a) x[target_next(&seed).index] += 1;
  return 0;
}

static long gather_heap(long *table, uint64_t seed) {
  long wrong = 0;
  for (long a = 0; a < job.accesses; ++a) {
    const struct target t = target_next(&seed);
    wrong += shmem_long_g(&table[t.index], t.pe) != stored(t.pe, t.index);
  }
  return wrong;
}

static long gather_private(long *x, uint64_t seed) {
  long wrong = 0;
  for (long a = 0; a < job.accesses; ++a) {
    const struct target t = target_next(&seed);
    wrong += x[t.index] != stored(job.me, t.index);
  }
  return wrong;
}

/* Nanoseconds per access of one kernel run, the slowest PE's. */
static double timed_ns(kernel_fn kernel, long *table, uint64_t seed, long *wrong) {
  shmem_barrier_all();
  const double start = bench_now();
  *wrong += kernel(table, seed);
  shmem_barrier_all();
  return 1e9 * bench_slowest(bench_now() - start) / (double)job.accesses;
}

/* Runs a kernel's heap and private versions in turns and prints the best
 * round of each. */
static void measure(const char *metric, const kernel_fn kernel[2], long *table[2], long *wrong) {
  double best[2];
  for (int r = 0; r < job.rounds; ++r) {
    const uint64_t seed = 0x9E3779B97F4A7C15ULL * (uint64_t)(64 * job.me + r + 1);
    for (int k = 0; k < 2; ++k) {
      const int which = k ^ (r & 1);
      const double t = timed_ns(kernel[which], table[which], seed, wrong);
      best[which] = r == 0 || t < best[which] ? t : best[which];
    }
  }
  if (job.me == 0) printf("%s %.2f %.2f %.3f\n", metric, best[0], best[1], best[0] / best[1]);
}

static void fill(long *x) {
  for (uint64_t i = 0; i < job.n; ++i) x[i] = stored(job.me, i);
}

static long sum(const long *x) {
  long total = 0;
  for (uint64_t i = 0; i < job.n; ++i) total += x[i];
  return total;
}

/* Whether the histograms counted every increment: all PEs' heap tables
 * together, and this PE's private one. */
static int histograms_right(const long *table, const long *x) {
  static long mine, all; /* symmetric: globals */
  mine = sum(table);
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &all, &mine, 1);
  const long expected = (long)job.rounds * job.accesses;
  if (all == expected * job.npes && sum(x) == expected) return 1;
  fprintf(stderr,
          "kernels: PE %d: histograms hold %ld (heap, all PEs) and %ld (private), "
          "not %ld and %ld\n",
          job.me, all, sum(x), expected * job.npes, expected);
  return 0;
}

static int options_read(int argc, char **argv, size_t *bytes) {
  const char *size = getenv("KERNELS_SIZE");
  job.accesses = 1L << 20;
  job.rounds = 3;
  for (int c; (c = getopt(argc, argv, "m:r:")) != -1;) {
    if (c == 'm')
      job.accesses = atol(optarg);
    else if (c == 'r')
      job.rounds = atoi(optarg);
    else
      return 0;
  }
  if (optind < argc) size = argv[optind++];
  *bytes = size != NULL ? bench_bytes(size) : (size_t)1 << 30;
  return optind == argc && *bytes >= sizeof(long) && job.accesses > 0 && job.rounds > 0;
}

int main(int argc, char **argv) {
  size_t bytes;
  shmem_init();
  job.me = shmem_my_pe();
  job.npes = shmem_n_pes();
  if (!options_read(argc, argv, &bytes)) {
    if (job.me == 0)
      fprintf(stderr, "usage: %s [-m accesses] [-r rounds] [table size, e.g. 1G]\n", argv[0]);
    shmem_finalize();
    return 2;
  }
  job.n = bytes / sizeof(long);
  /* The heap's table, then the private one. */
  long *table[2] = {bench_heap_or_exit(bytes), (long *)bench_private_thp(bytes)};
  long wrong = 0;
  for (int k = 0; k < 2; ++k) fill(table[k]);
  measure("gather_ns", (const kernel_fn[2]){gather_heap, gather_private}, table, &wrong);
  for (int k = 0; k < 2; ++k) memset(table[k], 0, bytes);
  measure("histogram_ns", (const kernel_fn[2]){histogram_heap, histogram_private}, table, &wrong);
  const int right = histograms_right(table[0], table[1]) && wrong == 0;
  if (wrong > 0) fprintf(stderr, "kernels: PE %d: %ld gathered values wrong\n", job.me, wrong);
  char kind[64];
  bench_page_kind(table[0], kind, sizeof kind);
  if (job.me == 0) printf("heap_pages %s\n", kind);
  shmem_free(table[0]);
  munmap(table[1], bytes);
  shmem_finalize();
  return !right;
}
