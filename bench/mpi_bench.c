/* mpi_bench: the metrics of shmem_bench.c, written with raw MPI-3 one-sided
 * communication (the reference for this library's inter-node path), with
 * the memcpy bandwidth baseline (bw_memcpy_<bytes>, PE 0 alone) that every
 * program of bench_common.h measures.
 *
 *   mpiexec -n 2 mpi_bench [-r rounds] [-t ms per round]   every metric
 *   mpiexec -n N mpi_bench -c                               collectives only
 *
 * One MPI_Win_allocate window, locked with MPI_Win_lock_all for the whole
 * run. put/p = MPI_Put + MPI_Win_flush, get/g = MPI_Get + flush, fetch-add =
 * MPI_Fetch_and_op + flush, compare-swap = MPI_Compare_and_swap + flush; the
 * atomic add rate = MPI_Accumulate(MPI_SUM) and the nbi put rate = MPI_Put,
 * with a flush once every BENCH_RATE_WINDOW operations; the ping-pong =
 * MPI_Put + flush, then polling the local flag with MPI_Iprobe +
 * MPI_Win_sync; the collectives are MPI_Barrier, MPI_Bcast, MPI_Allreduce and
 * MPI_Alltoall, the last three with a barrier once every BENCH_COLL_SLOTS
 * calls as shmem_bench. Output as in bench_common.h, with the same names as
 * shmem_bench; and floor_put8_quiet_us, floor_get8_us, floor_put8_nbi_rate:
 * the same three through a minimal OpenSHMEM-like layer (see run_floor_put8). */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>

#include "bench_common.h"

/* Window layout: two BENCH_MAX_BYTES buffers, then 8 words, then the flag,
 * WIN_BYTES in all. MPICH 4.0.2 (ch4:ucx) loses puts between processes of
 * one node when the size is 8 modulo 16 (seen here: the target never sees
 * them), so the size is a multiple of 64. */
enum {
  WORDS_AT = 2 * BENCH_MAX_BYTES,
  FLAG_AT = WORDS_AT + 8 * sizeof(long),
  WIN_BYTES = FLAG_AT + 64
};

static MPI_Win win;
static char *base; /* this process's part of the window */
static struct bench b;
static long seq;

#define CHECK(call)                                                                                \
  do {                                                                                             \
    const int rc_ = (call);                                                                        \
    if (rc_ != MPI_SUCCESS) {                                                                      \
      fprintf(stderr, "mpi_bench: %s failed (%d)\n", #call, rc_);                                  \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                                \
    }                                                                                              \
  } while (0)

static MPI_Aint word_at(int k) { return (MPI_Aint)(WORDS_AT + k * sizeof(long)); }

/* The PE 0 metrics: n operations or until bench_late; the number run. */
static long run_put8(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Put(&i, 1, MPI_LONG, 1, word_at(0), 1, MPI_LONG, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_get8(long n) {
  long i = 0, v;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Get(&v, 1, MPI_LONG, 1, word_at(0), 1, MPI_LONG, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

/* MPI has no single-element put/get: p and g are the 8-byte put/get of a
 * value on the stack, as shmem_long_p/g are. */
static long run_p(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    const long v = i;
    CHECK(MPI_Put(&v, 1, MPI_LONG, 1, word_at(1), 1, MPI_LONG, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_g(long n) {
  long i = 0, sum = 0;
  for (; i < n && !bench_late(i); ++i) {
    long v;
    CHECK(MPI_Get(&v, 1, MPI_LONG, 1, word_at(1), 1, MPI_LONG, win));
    CHECK(MPI_Win_flush(1, win));
    sum += v;
  }
  ((long *)(base + WORDS_AT))[7] = sum;
  return i;
}

static long run_fetch_add(long n) {
  const long one = 1;
  long i = 0, old;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Fetch_and_op(&one, &old, MPI_LONG, 1, word_at(2), MPI_SUM, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_cswap(long n) {
  long i = 0, old;
  for (; i < n && !bench_late(i); ++i) {
    const long next = i + 1;
    CHECK(MPI_Compare_and_swap(&next, &i, &old, MPI_LONG, 1, word_at(3), win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_add(long n) {
  const long one = 1;
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Accumulate(&one, 1, MPI_LONG, 1, word_at(4), 1, MPI_LONG, MPI_SUM, win));
    if (i % BENCH_RATE_WINDOW == BENCH_RATE_WINDOW - 1) CHECK(MPI_Win_flush(1, win));
  }
  CHECK(MPI_Win_flush(1, win));
  return i;
}

static long run_put8_nbi(long n) {
  const long v = 5;
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Put(&v, 1, MPI_LONG, 1, word_at(5), 1, MPI_LONG, win));
    if (i % BENCH_RATE_WINDOW == BENCH_RATE_WINDOW - 1) CHECK(MPI_Win_flush(1, win));
  }
  CHECK(MPI_Win_flush(1, win));
  return i;
}

/* BENCH_STRIDED longs, every second one: committed once, as an MPI program
 * would. */
static MPI_Datatype strided;

static long run_iput(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Put(base, 1, strided, 1, BENCH_MAX_BYTES, 1, strided, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_iget(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Get(base + BENCH_MAX_BYTES, 1, strided, 1, 0, 1, strided, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_bw_put(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Put(base, (int)b.size, MPI_BYTE, 1, BENCH_MAX_BYTES, (int)b.size, MPI_BYTE, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

static long run_bw_get(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    CHECK(MPI_Get(base + BENCH_MAX_BYTES, (int)b.size, MPI_BYTE, 1, 0, (int)b.size, MPI_BYTE, win));
    CHECK(MPI_Win_flush(1, win));
  }
  return i;
}

/* The floor_ metrics: put + quiet, get and the nbi put rate through the
 * least an OpenSHMEM layer over MPI must do per call, in functions the
 * compiler does not inline (a library's entry points are calls too): check
 * the PE and that the remote range lies in the symmetric heap, translate
 * the address, issue the MPI call, note the target for quiet; quiet
 * flushes the noted target. No context, no node-local path, no operand
 * copy, no progress bookkeeping: what the library's own ratios to raw MPI
 * can approach at best. */
static int floor_target = -1; /* since the last quiet: -1 nobody, -2 several PEs */

__attribute__((noinline, cold)) static void floor_fail(const char *what) {
  fprintf(stderr, "mpi_bench: floor check failed: %s\n", what);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

__attribute__((noinline)) static MPI_Aint floor_translate(const void *sym, size_t n, int pe) {
  if (pe < 0 || pe >= b.npes) floor_fail("pe");
  const size_t offset = (size_t)((const char *)sym - base);
  if ((const char *)sym < base || offset > WIN_BYTES || n > WIN_BYTES - offset) floor_fail("range");
  return (MPI_Aint)offset;
}

__attribute__((noinline)) static void floor_note(int pe) {
  if (floor_target != pe) floor_target = floor_target == -1 ? pe : -2;
}

__attribute__((noinline)) static void floor_putmem_nbi(void *dest, const void *src, size_t n,
                                                       int pe) {
  const MPI_Aint at = floor_translate(dest, n, pe);
  if (src == NULL && n > 0) floor_fail("source");
  CHECK(MPI_Put(src, (int)n, MPI_BYTE, pe, at, (int)n, MPI_BYTE, win));
  floor_note(pe);
}

__attribute__((noinline)) static void floor_getmem(void *dest, const void *src, size_t n, int pe) {
  const MPI_Aint at = floor_translate(src, n, pe);
  if (dest == NULL && n > 0) floor_fail("dest");
  CHECK(MPI_Get(dest, (int)n, MPI_BYTE, pe, at, (int)n, MPI_BYTE, win));
  CHECK(MPI_Win_flush(pe, win));
}

__attribute__((noinline)) static void floor_quiet(void) {
  if (floor_target == -1) return;
  if (floor_target == -2)
    CHECK(MPI_Win_flush_all(win));
  else
    CHECK(MPI_Win_flush(floor_target, win));
  floor_target = -1;
}

static long run_floor_put8(long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    floor_putmem_nbi(base + word_at(0), &i, sizeof i, 1);
    floor_quiet();
  }
  return i;
}

static long run_floor_get8(long n) {
  long i = 0, v;
  for (; i < n && !bench_late(i); ++i) floor_getmem(&v, base + word_at(0), sizeof v, 1);
  return i;
}

static long run_floor_put8_nbi(long n) {
  const long v = 5;
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    floor_putmem_nbi(base + word_at(5), &v, sizeof v, 1);
    if (i % BENCH_RATE_WINDOW == BENCH_RATE_WINDOW - 1) floor_quiet();
  }
  floor_quiet();
  return i;
}

/* The metrics of every process run all n operations (none may stop alone). */

/* Waits until the other process has put `value` into this one's flag. */
static void wait_flag(long value) {
  volatile long *flag = (volatile long *)(base + FLAG_AT);
  for (;;) {
    CHECK(MPI_Win_sync(win));
    if (*flag == value) return;
    int pending;
    CHECK(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pending, MPI_STATUS_IGNORE));
  }
}

static long run_pingpong(long n) {
  const int peer = 1 - b.me;
  for (long i = 0; i < n; ++i) {
    ++seq;
    if (b.me == 1) wait_flag(seq);
    CHECK(MPI_Put(&seq, 1, MPI_LONG, peer, FLAG_AT, 1, MPI_LONG, win));
    CHECK(MPI_Win_flush(peer, win));
    if (b.me == 0) wait_flag(seq);
  }
  return n;
}

static long run_barrier(long n) {
  for (long i = 0; i < n; ++i) CHECK(MPI_Barrier(MPI_COMM_WORLD));
  return n;
}

/* A barrier once every BENCH_COLL_SLOTS collectives, as shmem_bench has. */
static void slot_barrier(long i) {
  if (i > 0 && i % BENCH_COLL_SLOTS == 0) CHECK(MPI_Barrier(MPI_COMM_WORLD));
}

static long run_bcast8(long n) {
  long v = 0;
  for (long i = 0; i < n; ++i) {
    slot_barrier(i);
    CHECK(MPI_Bcast(&v, 1, MPI_LONG, 0, MPI_COMM_WORLD));
  }
  return n;
}

static long run_reduce(long n) {
  long mine = b.me, sum;
  for (long i = 0; i < n; ++i) {
    slot_barrier(i);
    CHECK(MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD));
  }
  return n;
}

static long *a2a_src, *a2a_dst;

static long run_alltoall8(long n) {
  for (long i = 0; i < n; ++i) {
    slot_barrier(i);
    CHECK(MPI_Alltoall(a2a_src, 1, MPI_LONG, a2a_dst, 1, MPI_LONG, MPI_COMM_WORLD));
  }
  return n;
}

static const struct bench_metric metrics[] = {
    BENCH_COMMON_METRICS(BENCH_METRIC_ROW){"floor_put8_quiet_us", run_floor_put8, BENCH_LATENCY,
                                           BENCH_PE0},
    {"floor_get8_us", run_floor_get8, BENCH_LATENCY, BENCH_PE0},
    {"floor_put8_nbi_rate", run_floor_put8_nbi, BENCH_RATE, BENCH_PE0},
};

static void barrier(void) { CHECK(MPI_Barrier(MPI_COMM_WORLD)); }

static long from_pe0(long value) {
  CHECK(MPI_Bcast(&value, 1, MPI_LONG, 0, MPI_COMM_WORLD));
  return value;
}

/* MPI_THREAD_MULTIPLE when BENCH_THREAD_MULTIPLE=1: the level the library
 * runs MPI at (for its progress thread), to separate its price from the
 * library's own. */
static void init_mpi(int *argc, char ***argv) {
  const char *multiple = getenv("BENCH_THREAD_MULTIPLE");
  int provided = MPI_THREAD_SINGLE;
  if (multiple != NULL && strcmp(multiple, "1") == 0)
    CHECK(MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided));
  else
    CHECK(MPI_Init(argc, argv));
}

int main(int argc, char **argv) {
  init_mpi(&argc, &argv);
  CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &b.me));
  CHECK(MPI_Comm_size(MPI_COMM_WORLD, &b.npes));
  b.barrier = barrier;
  b.from_pe0 = from_pe0;
  const int ok = bench_options(&b, argc, argv);
  if (!ok || (!b.collectives && b.npes != 2)) {
    if (b.me == 0) {
      if (ok) fprintf(stderr, "mpi_bench: every metric needs 2 processes (-c: any number)\n");
      bench_usage(argv[0]);
    }
    MPI_Finalize();
    return 2;
  }
  CHECK(MPI_Win_allocate(WIN_BYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win));
  memset(base, 1 + b.me, WIN_BYTES);
  *(long *)(base + FLAG_AT) = 0;
  a2a_src = calloc((size_t)b.npes, sizeof(long));
  a2a_dst = calloc((size_t)b.npes, sizeof(long));
  CHECK(MPI_Type_vector(BENCH_STRIDED, 1, 2, MPI_LONG, &strided));
  CHECK(MPI_Type_commit(&strided));
  CHECK(MPI_Barrier(MPI_COMM_WORLD));
  CHECK(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
  bench_run_all(&b, metrics, sizeof metrics / sizeof metrics[0]);
  CHECK(MPI_Win_unlock_all(win));
  CHECK(MPI_Win_free(&win));
  CHECK(MPI_Type_free(&strided));
  free(a2a_src);
  free(a2a_dst);
  CHECK(MPI_Finalize());
  return 0;
}
