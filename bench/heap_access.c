/* heap_access.c: what the pages under the symmetric heap cost a PE's
 * accesses to its own heap, against the best the process gets by itself:
 * anonymous memory on transparent huge pages (bench_private_thp), in the
 * same process, the two measured one after the other.
 *
 *   oshrun -np 2 heap_access [-n updates] [-r rounds] [-p] [size]
 *
 * size: bytes of each array per PE (suffix K, M or G; else the variable
 * HEAP_ACCESS_SIZE; default 1.5G); SHMEM_SYMMETRIC_SIZE must hold it. Every
 * PE works on its own arrays at the same time, as the PEs of a node do, and
 * each time is the slowest PE's. Lines "metric heap private heap/private":
 *   first_touch_ms  one write to every 4 KiB page, once: the page faults
 *                   (one per 4 KiB page, or one per 2 MiB huge page)
 *   rmw_ns          x[i] += 1 at random i, `updates` times (default 2^23),
 *                   per update: the TLB misses of each page size
 * A first touch happens once per process, so -p touches the private array
 * first (bench/memory.sh alternates it across passes); the rmw rounds (-r,
 * default 2) alternate the order, and the best round of each is printed.
 * Then "heap_pages KIND MiB" and "private_pages KIND MiB" (bench_page_kind).
 * Exits 1 if an array does not hold the number of updates made to it. */
#include "bench_memory.h"

enum { SMALL_PAGE = 4096 };

struct options {
  size_t bytes;
  long updates;
  int rounds;
  int private_first;
};

static int options_read(struct options *o, int argc, char **argv) {
  const char *size = getenv("HEAP_ACCESS_SIZE");
  o->updates = 1L << 23;
  o->rounds = 2;
  o->private_first = 0;
  for (int c; (c = getopt(argc, argv, "n:r:p")) != -1;) {
    if (c == 'n')
      o->updates = atol(optarg);
    else if (c == 'r')
      o->rounds = atoi(optarg);
    else if (c == 'p')
      o->private_first = 1;
    else
      return 0;
  }
  if (optind < argc) size = argv[optind++];
  o->bytes = size != NULL ? bench_bytes(size) : (size_t)3 << 29;
  return optind == argc && o->bytes >= SMALL_PAGE && o->updates > 0 && o->rounds > 0;
}

/* Milliseconds to write one word of every page of x once. */
static double first_touch_ms(char *x, size_t bytes) {
  shmem_barrier_all();
  const double start = bench_now();
  for (size_t at = 0; at < bytes; at += SMALL_PAGE) *(volatile long *)(x + at) = 0;
  return 1e3 * bench_slowest(bench_now() - start);
}

/* Nanoseconds per increment of x[i], i random in [0, n). */
static double rmw_ns(long *x, uint64_t n, long updates, uint64_t seed) {
  shmem_barrier_all();
  const double start = bench_now();
  for (long u = 0; u < updates; ++u) x[bench_below(bench_xorshift(&seed), n)] += 1;
  return 1e9 * bench_slowest(bench_now() - start) / (double)updates;
}

static long sum(const long *x, size_t n) {
  long total = 0;
  for (size_t i = 0; i < n; ++i) total += x[i];
  return total;
}

static void print_row(const char *metric, const double value[2]) {
  printf("%s %.2f %.2f %.3f\n", metric, value[0], value[1], value[0] / value[1]);
}

int main(int argc, char **argv) {
  struct options o;
  shmem_init();
  const int me = shmem_my_pe();
  if (!options_read(&o, argc, argv)) {
    if (me == 0)
      fprintf(stderr, "usage: %s [-n updates] [-r rounds] [-p] [size, e.g. 1.5G]\n", argv[0]);
    shmem_finalize();
    return 2;
  }
  char *array[2] = {bench_heap_or_exit(o.bytes), bench_private_thp(o.bytes)}; /* heap, private */
  double touch[2], rmw[2];
  for (int k = 0; k < 2; ++k) {
    const int which = k ^ o.private_first;
    touch[which] = first_touch_ms(array[which], o.bytes);
  }
  const uint64_t n = o.bytes / sizeof(long);
  for (int r = 0; r < o.rounds; ++r) {
    /* The same random indices for both arrays in a round. */
    const uint64_t seed = 0x9E3779B97F4A7C15ULL * (uint64_t)(64 * me + r + 1);
    for (int k = 0; k < 2; ++k) {
      const int which = k ^ o.private_first ^ (r & 1);
      const double t = rmw_ns((long *)array[which], n, o.updates, seed);
      rmw[which] = r == 0 || t < rmw[which] ? t : rmw[which];
    }
  }
  char kind[2][64];
  for (int k = 0; k < 2; ++k) bench_page_kind(array[k], kind[k], sizeof kind[k]);
  int bad = 0;
  for (int k = 0; k < 2; ++k) {
    const long total = sum((const long *)array[k], n);
    if (total != (long)o.rounds * o.updates) {
      fprintf(stderr, "heap_access: PE %d: %s array holds %ld updates, not %ld\n", me,
              k == 0 ? "heap" : "private", total, (long)o.rounds * o.updates);
      bad = 1;
    }
  }
  if (me == 0) {
    print_row("first_touch_ms", touch);
    print_row("rmw_ns", rmw);
    printf("heap_pages %s\nprivate_pages %s\n", kind[0], kind[1]);
  }
  shmem_free(array[0]);
  munmap(array[1], o.bytes);
  shmem_finalize();
  return bad;
}
