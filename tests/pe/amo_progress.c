#define _POSIX_C_SOURCE 200809L
/* Progress without the target: PE 1 computes for several seconds without
 * calling the library while PE 0 does a fetch-add, a get and a
 * put-with-signal to it, on the heap and on global variables. Each must
 * complete in well under a second. */
#include <shmem.h>
#include <time.h>

#include "check.h"

#define COMPUTE_SECONDS 4.0
#define LIMIT_SECONDS 1.0

static long static_counter;
static long static_data[8];
static uint64_t static_signal;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void timed(const char *what, double start) {
  const double took = now() - start;
  CHECK_MSG(took < LIMIT_SECONDS, "%s to a computing PE took %.3f s", what, took);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe();
  long *counter = shmem_calloc(1, sizeof(long));
  uint64_t *signal = shmem_calloc(1, sizeof(uint64_t));
  long *data = shmem_calloc(8, sizeof(long));
  if (shmem_n_pes() >= 2) {
    shmem_barrier_all();
    if (me == 1) {
      volatile double x = 0;
      const double until = now() + COMPUTE_SECONDS;
      while (now() < until) x += 1.0;
    } else if (me == 0) {
      double t = now();
      long old = shmem_long_atomic_fetch_add(counter, 5, 1);
      timed("heap fetch-add", t);
      CHECK(old == 0);
      t = now();
      old = shmem_long_atomic_fetch_add(&static_counter, 7, 1);
      timed("static fetch-add", t);
      CHECK(old == 0);
      t = now();
      long got[8];
      shmem_long_get(got, data, 8, 1);
      timed("get", t);
      const long src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
      t = now();
      shmem_long_put_signal(data, src, 8, signal, 1, SHMEM_SIGNAL_SET, 1);
      shmem_quiet();
      timed("put-with-signal + quiet", t);
      t = now();
      shmem_long_get(got, static_data, 8, 1);
      timed("static get", t);
      t = now();
      shmem_long_put_signal(static_data, src, 8, &static_signal, 1, SHMEM_SIGNAL_SET, 1);
      shmem_quiet();
      timed("static put-with-signal + quiet", t);
    }
    shmem_barrier_all();
    if (me == 1) {
      CHECK(*counter == 5 && static_counter == 7 && *signal == 1 && data[7] == 8);
      CHECK(static_signal == 1 && static_data[7] == 8);
    }
  }
  CHECK_DONE();
}
