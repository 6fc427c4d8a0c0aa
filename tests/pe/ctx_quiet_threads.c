/* Sections 9.5 and 9.11 under SHMEM_THREAD_MULTIPLE: a thread's
 * shmem_ctx_quiet (or shmem_ctx_pe_quiet) completes its context's puts and
 * AMOs while the other threads keep issuing and completing on theirs.
 *
 * Thread t of every PE has a private context and, round after round, sends
 * thread t of its right neighbour a block of nbi puts into static data
 * (reached through MPI) and into the heap, an nbi fetch-add and an add,
 * completes them (threads 0-2: shmem_ctx_quiet; thread 3:
 * shmem_ctx_pe_quiet on the one target), raises a flag (on its own context
 * or on the default one), and then waits for its left neighbour's flag of
 * that round and checks every value the flag announces. The threads never
 * wait for one another, so every quiet runs while other threads issue.
 * Nothing can hang: each flag waited for is raised by a thread that sends
 * before it waits. */
#include <pthread.h>
#include <shmem.h>

#include "check.h"

enum { NTHREADS = 4, ROUNDS = 24, N = 512 };

static long blocks[NTHREADS][ROUNDS][N]; /* static data: MPI on every path */
static long *heap_blocks;                /* [NTHREADS][ROUNDS][N] on the heap */
static long adds[NTHREADS][ROUNDS][2];   /* [0]: fetch-add nbi, [1]: add */
static long flags[NTHREADS][ROUNDS];

struct job {
  int tid;
  int errors;
};

static long value(int pe, int t, int r, int i) { return 1000000L * pe + 10000L * t + 100L * r + i; }
static long *heap_block(int t, int r) { return heap_blocks + ((long)t * ROUNDS + r) * N; }

static void send(shmem_ctx_t ctx, int t, int r, int right, long *fetched) {
  static long values[NTHREADS][N]; /* each thread its own row */
  for (int i = 0; i < N; ++i) values[t][i] = value(shmem_my_pe(), t, r, i);
  for (int i = 0; i < N; i += N / 4) {
    shmem_ctx_long_put_nbi(ctx, &blocks[t][r][i], &values[t][i], N / 4, right);
    shmem_ctx_long_put_nbi(ctx, heap_block(t, r) + i, &values[t][i], N / 4, right);
  }
  shmem_ctx_long_atomic_fetch_add_nbi(ctx, fetched, &adds[t][r][0], r + 1, right);
  shmem_ctx_long_atomic_add(ctx, &adds[t][r][1], r + 2, right);
  if (t == 3)
    shmem_ctx_pe_quiet(ctx, &right, 1);
  else
    shmem_ctx_quiet(ctx);
  shmem_ctx_long_atomic_set(t % 2 ? ctx : SHMEM_CTX_DEFAULT, &flags[t][r], 1, right);
}

static int check_round(int t, int r, int left) {
  shmem_long_wait_until(&flags[t][r], SHMEM_CMP_EQ, 1);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    const long want = value(left, t, r, i);
    bad += blocks[t][r][i] != want;
    bad += heap_block(t, r)[i] != want;
  }
  if (bad)
    fprintf(stderr, "[PE %d] thread %d round %d: %d values missing after the flag\n", shmem_my_pe(),
            t, r, bad);
  const int amo_bad = adds[t][r][0] != r + 1 || adds[t][r][1] != r + 2;
  if (amo_bad)
    fprintf(stderr, "[PE %d] thread %d round %d: adds %ld %ld after the flag\n", shmem_my_pe(), t,
            r, adds[t][r][0], adds[t][r][1]);
  return bad + amo_bad;
}

static void *work(void *arg) {
  struct job *job = arg;
  const int t = job->tid, me = shmem_my_pe(), n = shmem_n_pes();
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) {
    ++job->errors;
    return NULL;
  }
  for (int r = 0; r < ROUNDS; ++r) {
    long fetched = -1;
    send(ctx, t, r, right, &fetched);
    if (fetched != 0) {
      fprintf(stderr, "[PE %d] thread %d round %d: fetch-add gave %ld after quiet\n", me, t, r,
              fetched);
      ++job->errors;
    }
    job->errors += check_round(t, r, left);
  }
  shmem_ctx_destroy(ctx);
  return NULL;
}

int main(void) {
  int provided = -1;
  CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0);
  CHECK_MSG(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
  heap_blocks = shmem_calloc((size_t)NTHREADS * ROUNDS * N, sizeof(long));
  CHECK(heap_blocks != NULL);

  static struct job jobs[NTHREADS];
  CHECK_THREADS(jobs, NTHREADS, work, "errors");
  shmem_barrier_all();
  shmem_free(heap_blocks);
  CHECK_DONE();
}
