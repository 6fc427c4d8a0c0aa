/* ctx_bench: the rate of 8-byte put + quiet by threads and contexts, PE 0
 * to PE 1 (PE 1 passive, in the next barrier):
 *
 *   ctx_put8_quiet_default_rate   1 thread, SHMEM_CTX_DEFAULT
 *   ctx_put8_quiet_private_rate   1 thread, a private context
 *   ctx_put8_quiet_2private_*     2 threads, each its own private context
 *   ctx_put8_quiet_2default_*     2 threads, both shmem_putmem + shmem_quiet
 *                                 on the default context
 *
 * For 2 threads, `_rate` is the aggregate (operations of both threads over
 * the round's time) and `_thread_rate` that per thread (each thread runs
 * the same number of operations; the round ends with the later one). Where
 * each context completes independently, 2 private contexts should approach
 * twice the 1-thread rate; on one shared context every quiet also waits for
 * the other thread's put.
 *
 * One direction only, as shmem_bench's PE 0 metrics: the machine has 2
 * cores, and with 2 threads issuing on each PE the threads would measure
 * the scheduler. Each thread puts into its own word on PE 1 (a cache line
 * apart). Same output, options and measuring loop as shmem_bench
 * (bench_common.h):
 *
 *   oshrun -np 2 ctx_bench [-r rounds] [-t ms per round] [-m text] */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <shmem.h>

#include "bench_shmem.h"

enum { THREADS = 2, WORD_STRIDE = 8 }; /* longs between the threads' words */

static struct bench b;
static long *words; /* THREADS words on the heap, WORD_STRIDE apart */

/* n put + quiet on ctx (the plain names on the default context, as most
 * programs write them), or until bench_late; the number run. */
static long put_quiet(shmem_ctx_t ctx, long *word, long n) {
  long i = 0;
  for (; i < n && !bench_late(i); ++i) {
    if (ctx == SHMEM_CTX_DEFAULT) {
      shmem_putmem(word, &i, sizeof i, 1);
      shmem_quiet();
    } else {
      shmem_ctx_putmem(ctx, word, &i, sizeof i, 1);
      shmem_ctx_quiet(ctx);
    }
  }
  return i;
}

/* The 1-thread metrics: this thread. */
static shmem_ctx_t main_private = SHMEM_CTX_INVALID;

static long run_default(long n) { return put_quiet(SHMEM_CTX_DEFAULT, words, n); }
static long run_private(long n) { return put_quiet(main_private, words, n); }

/* The 2-thread metrics: workers that live through the program, so neither
 * thread start nor context creation is timed. The main thread hands each
 * job out through `start` and waits for it at `end`. */
struct worker {
  pthread_t thread;
  int id;
  shmem_ctx_t ctx; /* its private context */
  long done;       /* operations in the last job */
};

static struct {
  pthread_barrier_t start, end;
  long n;     /* operations per thread */
  int shared; /* 1: the default context, 0: each worker's own */
  int quit;
} job;
static struct worker workers[THREADS];

static void *work(void *arg) {
  struct worker *w = arg;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &w->ctx) != 0) w->ctx = SHMEM_CTX_INVALID;
  pthread_barrier_wait(&job.end); /* ready: start_workers checks the context */
  for (;;) {
    pthread_barrier_wait(&job.start);
    if (job.quit) break;
    w->done =
        put_quiet(job.shared ? SHMEM_CTX_DEFAULT : w->ctx, words + w->id * WORD_STRIDE, job.n);
    pthread_barrier_wait(&job.end);
  }
  if (w->ctx != SHMEM_CTX_INVALID) shmem_ctx_destroy(w->ctx);
  return NULL;
}

/* n operations on each worker; the number run by both. */
static long run_workers(long n, int shared) {
  job.n = n;
  job.shared = shared;
  pthread_barrier_wait(&job.start);
  pthread_barrier_wait(&job.end);
  long total = 0;
  for (int t = 0; t < THREADS; ++t) total += workers[t].done;
  return total;
}

static long run_2private(long n) { return run_workers(n, 0); }
static long run_2default(long n) { return run_workers(n, 1); }

/* bench_measure for the 2-thread metrics: the median aggregate rate as
 * `name`_rate, and it over THREADS as `name`_thread_rate. */
static void measure_threads(const struct bench_metric *m, const char *name) {
  const long n = bench_calibrate(&b, m);
  double samples[BENCH_MAX_ROUNDS];
  for (int r = 0; r < b.rounds; ++r) {
    long done = n;
    const double t = bench_timed(&b, m, &done);
    samples[r] = bench_value(&b, BENCH_RATE, t, done);
  }
  b.barrier();
  if (b.me != 0) return;
  qsort(samples, (size_t)b.rounds, sizeof samples[0], bench_by_value);
  const double median = samples[b.rounds / 2];
  char full[96];
  snprintf(full, sizeof full, "%s_rate", name);
  bench_print(full, median, "M/s");
  snprintf(full, sizeof full, "%s_thread_rate", name);
  bench_print(full, median / THREADS, "M/s");
}

static const struct bench_metric single[] = {
    {"ctx_put8_quiet_default_rate", run_default, BENCH_RATE, BENCH_PE0},
    {"ctx_put8_quiet_private_rate", run_private, BENCH_RATE, BENCH_PE0},
};
static const struct bench_metric pairs[] = {
    {"ctx_put8_quiet_2private", run_2private, BENCH_RATE, BENCH_PE0},
    {"ctx_put8_quiet_2default", run_2default, BENCH_RATE, BENCH_PE0},
};

/* PE 0's workers and private context; 0 if one could not be made. */
static int start_workers(void) {
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &main_private) != 0) return 0;
  pthread_barrier_init(&job.start, NULL, THREADS + 1);
  pthread_barrier_init(&job.end, NULL, THREADS + 1);
  for (int t = 0; t < THREADS; ++t) {
    workers[t].id = t;
    if (pthread_create(&workers[t].thread, NULL, work, &workers[t]) != 0) return 0;
  }
  pthread_barrier_wait(&job.end);
  for (int t = 0; t < THREADS; ++t)
    if (workers[t].ctx == SHMEM_CTX_INVALID) return 0;
  return 1;
}

static void stop_workers(void) {
  job.quit = 1;
  pthread_barrier_wait(&job.start);
  for (int t = 0; t < THREADS; ++t) pthread_join(workers[t].thread, NULL);
  shmem_ctx_destroy(main_private);
}

/* Whether the options, thread level and PE count allow a run; says why not. */
static int usable(int ok, int provided, const char *program) {
  if (ok && provided >= SHMEM_THREAD_MULTIPLE && b.npes == 2 && !b.collectives) return 1;
  if (b.me != 0) return 0;
  if (provided < SHMEM_THREAD_MULTIPLE)
    fprintf(stderr, "ctx_bench: needs SHMEM_THREAD_MULTIPLE (provided %d)\n", provided);
  else if (ok && b.npes != 2)
    fprintf(stderr, "ctx_bench: needs 2 PEs\n");
  bench_usage(program);
  return 0;
}

int main(int argc, char **argv) {
  int provided = -1;
  shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
  bench_shmem_setup(&b, bench_ctl_from_pe0);
  if (!usable(bench_options(&b, argc, argv), provided, argv[0])) {
    shmem_finalize();
    return 2;
  }
  words = shmem_calloc(THREADS * WORD_STRIDE, sizeof(long));
  bench_ctl = shmem_calloc(1, sizeof(long));
  if (words == NULL || bench_ctl == NULL) {
    fprintf(stderr, "ctx_bench: shmem_calloc failed\n");
    shmem_global_exit(1);
  }
  /* PE 0's verdict on every PE, so that PE 1 does not wait in a barrier. */
  if (!bench_ctl_from_pe0(b.me != 0 || start_workers())) {
    if (b.me == 0) fprintf(stderr, "ctx_bench: cannot make a context or a thread\n");
    shmem_global_exit(1);
  }
  for (size_t k = 0; k < sizeof single / sizeof single[0]; ++k)
    if (strstr(single[k].name, b.only)) bench_measure(&b, &single[k], single[k].name);
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k)
    if (strstr(pairs[k].name, b.only)) measure_threads(&pairs[k], pairs[k].name);
  if (b.me == 0) stop_workers();
  shmem_finalize();
  return 0;
}
