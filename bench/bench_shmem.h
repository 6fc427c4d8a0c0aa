/* bench_shmem.h: what the SHMEM benchmarks (shmem_bench, ctx_bench,
 * coll_overlap) give bench_common.h's measuring loop: the struct bench's PE
 * numbers and synchronization, and a from_pe0 through a symmetric word. */
#ifndef BENCH_SHMEM_H
#define BENCH_SHMEM_H

#include <shmem.h>

#include "bench_common.h"

/* PE 0's calibration result; the program allocates it on the symmetric heap
 * before it calls bench_ctl_from_pe0. */
static long *bench_ctl;

static inline void bench_barrier_all(void) { shmem_barrier_all(); }

/* PE 0's value on every PE: PE 0 puts it into every PE's *bench_ctl. */
static inline long bench_ctl_from_pe0(long value) {
  if (shmem_my_pe() == 0)
    for (int pe = 0; pe < shmem_n_pes(); ++pe) shmem_long_p(bench_ctl, value, pe);
  shmem_barrier_all();
  return *bench_ctl;
}

/* After shmem_init: b's PE numbers, its barrier and `from_pe0`. */
static inline void bench_shmem_setup(struct bench *b, long (*from_pe0)(long)) {
  b->me = shmem_my_pe();
  b->npes = shmem_n_pes();
  b->barrier = bench_barrier_all;
  b->from_pe0 = from_pe0;
}

#endif
