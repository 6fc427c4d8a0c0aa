/* shmem_crowd: a crowded node (run it with more PEs than cores). Every PE
 * hammers the global counters of random PEs with a mix of atomics
 * (fetch-add, add, inc, fetch-inc, compare-swap loops, swap), then every PE
 * takes its turns through a lock on a global word, updating a global on
 * PE 0 with get and put inside it. Portable OpenSHMEM 1.4 C (builds against
 * this library and Open MPI's OSHMEM). PE 0 prints each phase's time as
 * "crowd_amo_np<N>_ms" and "crowd_lock_np<N>_ms" (milliseconds) and the job fails
 * if a result is wrong.
 *
 *   oshrun -np 8 shmem_crowd [amos per PE (50000)] [lock turns per PE (500)] */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include "bench_common.h"

static long counter; /* incremented once per AMO that targets this PE */
static long swapped; /* swap target: ends as one PE's last token */
static long lock;
static long in_lock; /* on PE 0: one increment per lock turn */

static unsigned long next_random(unsigned long *state) {
  *state = *state * 6364136223846793005UL + 1442695040888963407UL;
  return *state >> 33;
}

static void increment(int kind, int pe, long token) {
  switch (kind) {
  case 0: (void)shmem_long_atomic_fetch_add(&counter, 1, pe); break;
  case 1: shmem_long_atomic_add(&counter, 1, pe); break;
  case 2: shmem_long_atomic_inc(&counter, pe); break;
  case 3: (void)shmem_long_atomic_fetch_inc(&counter, pe); break;
  case 4: {
    long seen = shmem_long_atomic_fetch(&counter, pe), was;
    while ((was = shmem_long_atomic_compare_swap(&counter, seen, seen + 1, pe)) != seen) seen = was;
    break;
  }
  default:
    (void)shmem_long_atomic_swap(&swapped, token, pe);
    shmem_long_atomic_add(&counter, 1, pe);
  }
}

static double amo_phase(int me, int npes, long amos) {
  unsigned long state = 12345u + (unsigned long)me;
  shmem_barrier_all();
  const double start = bench_now();
  for (long i = 0; i < amos; ++i) {
    const unsigned long r = next_random(&state);
    increment((int)(r % 6), (int)((r >> 8) % (unsigned long)npes), me * amos + i);
  }
  shmem_barrier_all();
  return bench_now() - start;
}

static double lock_phase(long turns) {
  shmem_barrier_all();
  const double start = bench_now();
  for (long i = 0; i < turns; ++i) {
    shmem_set_lock(&lock);
    const long seen = shmem_long_g(&in_lock, 0);
    shmem_long_p(&in_lock, seen + 1, 0);
    shmem_quiet();
    shmem_clear_lock(&lock);
  }
  shmem_barrier_all();
  return bench_now() - start;
}

int main(int argc, char **argv) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const long amos = argc > 1 ? atol(argv[1]) : 50000;
  const long turns = argc > 2 ? atol(argv[2]) : 500;
  const double amo_s = amo_phase(me, npes, amos);
  const double lock_s = lock_phase(turns);
  int failed = 0;
  if (me == 0) {
    long total = 0;
    for (int pe = 0; pe < npes; ++pe) total += shmem_long_g(&counter, pe);
    if (total != amos * npes || in_lock != turns * npes) {
      fprintf(stderr,
              "shmem_crowd: wrong results: %ld increments (expected %ld), %ld lock turns "
              "(expected %ld)\n",
              total, amos * npes, in_lock, turns * npes);
      failed = 1;
    }
    char name[64];
    snprintf(name, sizeof name, "crowd_amo_np%d_ms", npes);
    bench_print(name, 1e3 * amo_s, "ms");
    snprintf(name, sizeof name, "crowd_lock_np%d_ms", npes);
    bench_print(name, 1e3 * lock_s, "ms");
  }
  shmem_finalize();
  return failed;
}
