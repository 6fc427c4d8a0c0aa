/* Sections 9.2 and 9.5 under SHMEM_THREAD_MULTIPLE: several threads of each
 * PE issue puts, nbi puts, blocking and nbi fetch-adds and adds at once, each
 * on its own private context (thread 0 on SHMEM_CTX_DEFAULT, which all share
 * for the adds), then complete them with shmem_ctx_quiet. And strided gets
 * and puts of STRIDES strides per thread, more shapes than the library keeps
 * MPI datatypes for, so that threads replace each other's between nodes.
 * Every value is checked exactly. */
#include <pthread.h>
#include <shmem.h>

#include "check.h"

/* ITERS: fewer in ThreadSanitizer builds (ctx.cmake), where each blocking
 * MPI operation between threads of two PEs costs milliseconds. */
#ifndef ITERS
#define ITERS 500
#endif
enum { NTHREADS = 4, STRIDES = 12, SPAN = 3 * STRIDES };

static long slots[NTHREADS][ITERS]; /* written by the left PE's thread t */
static long nbi_slots[NTHREADS][ITERS];
static long counters[NTHREADS];   /* fetch-added by the left PE's thread t */
static long shared_total;         /* added to by every thread of the left PE */
static long pattern[SPAN];        /* PE p: pattern[j] = 100 * p + j */
static long strided[NTHREADS][3]; /* iput by the left PE's thread t */

/* The stride of iteration i of thread t: 1 .. STRIDES, differing by thread. */
static ptrdiff_t stride_of(int t, int i) { return 1 + (i + 5 * t) % STRIDES; }

/* Gets three elements of the right PE's pattern, `stride` apart, and checks
 * them. */
static int check_iget(shmem_ctx_t ctx, int right, ptrdiff_t stride) {
  long got[3] = {-1, -1, -1};
  shmem_ctx_long_iget(ctx, got, pattern, 1, stride, 3, right);
  int bad = 0;
  for (int k = 0; k < 3; ++k) bad += got[k] != 100L * right + k * stride;
  return bad;
}

struct job {
  int tid;
  int errors;
  long fetched[ITERS];
};

static void *work(void *arg) {
  struct job *job = arg;
  const int me = shmem_my_pe(), right = (me + 1) % shmem_n_pes();
  shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  if (job->tid > 0 && shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) {
    ++job->errors;
    return NULL;
  }
  for (int i = 0; i < ITERS; ++i) {
    const long value = 1000000L * me + 1000L * job->tid + i;
    shmem_ctx_long_p(ctx, &slots[job->tid][i], value, right);
    shmem_ctx_long_put_nbi(ctx, &nbi_slots[job->tid][i], &value, 1, right);
    if (i % 2 == 0) {
      const long old = shmem_ctx_long_atomic_fetch_add(ctx, &counters[job->tid], 1, right);
      if (old != i) ++job->errors; /* only this thread adds to this counter */
      job->fetched[i] = old;
    } else {
      shmem_ctx_long_atomic_fetch_add_nbi(ctx, &job->fetched[i], &counters[job->tid], 1, right);
    }
    shmem_ctx_long_atomic_add(ctx, &shared_total, 2, right);
    const ptrdiff_t stride = stride_of(job->tid, i);
    job->errors += check_iget(ctx, right, stride);
    shmem_ctx_long_iput(ctx, strided[job->tid], pattern, 1, stride, 3, right);
  }
  shmem_ctx_quiet(ctx);
  for (int i = 0; i < ITERS; ++i)
    if (job->fetched[i] != i) ++job->errors;
  if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(ctx);
  return NULL;
}

int main(void) {
  int provided = -1;
  CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0);
  CHECK_MSG(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
  int queried = -1;
  shmem_query_thread(&queried);
  CHECK_MSG(queried == provided, "query %d, provided %d", queried, provided);
  const int me = shmem_my_pe(), n = shmem_n_pes(), left = (me + n - 1) % n;
  for (int j = 0; j < SPAN; ++j) pattern[j] = 100L * me + j;
  shmem_barrier_all();

  static struct job jobs[NTHREADS];
  CHECK_THREADS(jobs, NTHREADS, work, "wrong fetch-add results or strided gets");
  shmem_barrier_all();

  for (int t = 0; t < NTHREADS; ++t) {
    CHECK_MSG(counters[t] == ITERS, "counter %d is %ld", t, counters[t]);
    int bad = 0;
    for (int i = 0; i < ITERS; ++i) {
      const long want = 1000000L * left + 1000L * t + i;
      bad += slots[t][i] != want || nbi_slots[t][i] != want;
    }
    CHECK_MSG(bad == 0, "thread %d of PE %d: %d wrong put values", t, left, bad);
    const ptrdiff_t last = stride_of(t, ITERS - 1);
    for (int k = 0; k < 3; ++k)
      CHECK_MSG(strided[t][k] == 100L * left + k * last,
                "thread %d of PE %d: iput element %d is %ld", t, left, k, strided[t][k]);
  }
  CHECK_MSG(shared_total == 2L * NTHREADS * ITERS, "shared total %ld", shared_total);
  CHECK_DONE();
}
