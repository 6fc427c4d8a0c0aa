/* Atomicity of mixed AMOs on one variable. Every PE hammers one counter on
 * PE 0 (heap) and one global counter with fetch_add, add, inc, fetch_inc
 * and compare_swap increments, each adding exactly 1, so the final value is
 * known exactly. A second variable is used with swap: every PE swaps in
 * tokens and keeps what it takes out; every token must come out exactly
 * once (mixing swap with fetch and set must not lose or duplicate any). */
#include <shmem.h>
#include <stdlib.h>

#include "check.h"

#define ROUNDS 600

static long static_counter;
static long static_token;

static void bump(long *counter, long i) {
  switch (i % 5) {
  case 0: (void)shmem_long_atomic_fetch_add(counter, 1, 0); break;
  case 1: shmem_long_atomic_add(counter, 1, 0); break;
  case 2: shmem_long_atomic_inc(counter, 0); break;
  case 3: (void)shmem_long_atomic_fetch_inc(counter, 0); break;
  default: {
    long seen = shmem_long_atomic_fetch(counter, 0);
    for (;;) {
      long old = shmem_long_atomic_compare_swap(counter, seen, seen + 1, 0);
      if (old == seen) break;
      seen = old;
    }
  }
  }
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  long *heap_counter = shmem_calloc(1, sizeof(long));
  long *heap_token = shmem_calloc(1, sizeof(long));
  long *taken = calloc((size_t)n * ROUNDS + 1, sizeof(long));
  for (long i = 0; i < ROUNDS; ++i) {
    bump(heap_counter, i + me);
    bump(&static_counter, i + 2 * me);
    /* tokens are 1 + me + n * i: unique over the job; 0 is the initial one */
    taken[i] = shmem_long_atomic_swap(i % 2 ? heap_token : &static_token, 1 + me + (long)n * i, 0);
  }
  shmem_barrier_all();
  if (me == 0) {
    CHECK_MSG(*heap_counter == (long)n * ROUNDS, "heap %ld, expected %ld", *heap_counter,
              (long)n * ROUNDS);
    CHECK_MSG(static_counter == (long)n * ROUNDS, "static %ld, expected %ld", static_counter,
              (long)n * ROUNDS);
  }
  /* Gather every token taken out, plus what is left in the two words. */
  long *all = shmem_malloc(sizeof(long) * ((size_t)n * ROUNDS + 2));
  shmem_long_put(all + (size_t)me * ROUNDS, taken, ROUNDS, 0);
  if (me == 0) {
    all[(size_t)n * ROUNDS] = *heap_token;
    all[(size_t)n * ROUNDS + 1] = static_token;
  }
  shmem_barrier_all();
  if (me == 0) {
    /* Each of the n*ROUNDS tokens and the two initial zeros appears once. */
    const size_t total = (size_t)n * ROUNDS + 2;
    char *seen = calloc(total, 1);
    int zeros = 0;
    for (size_t k = 0; k < total; ++k) {
      long t = all[k];
      if (t == 0) {
        ++zeros;
        continue;
      }
      CHECK_MSG(t > 0 && (size_t)t <= total - 2 && !seen[t - 1], "token %ld lost or doubled", t);
      if (t > 0 && (size_t)t <= total - 2) seen[t - 1] = 1;
    }
    CHECK_MSG(zeros == 2, "the initial zeros came out %d times", zeros);
    free(seen);
  }
  shmem_barrier_all();
  shmem_free(all);
  shmem_free(heap_counter);
  shmem_free(heap_token);
  free(taken);
  CHECK_DONE();
}
