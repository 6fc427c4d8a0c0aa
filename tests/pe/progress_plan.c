/* Progress where a thread is planned (docs/decisions/progress.md): PE 1
 * computes for 2 s without calling the library while PE 0 does a
 * fetch-add on a global variable there, which must complete within a
 * second. The program calls no MPI routine, so that the thread may take
 * turns with the library's MPI calls at MPI_THREAD_SERIALIZED; the CTest
 * cases (tests/pe/setup.cmake) check the SHMEM_DEBUG line that says which
 * thread level and thread each PE got. Without a planned thread (every PE
 * on this node, or SHMEM_PROGRESS=off) the fetch-add is not timed. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static int env_is(const char *name, const char *value) {
  const char *set = getenv(name);
  return set != NULL && strcmp(set, value) == 0;
}

/* Whether this PE's environment plans a progress thread. */
static int thread_planned(void) {
  if (env_is("SHMEM_PROGRESS", "off") || env_is("SHMEM_PROGRESS_INTERVAL", "0")) return 0;
  if (env_is("SHMEM_PROGRESS", "thread") || env_is("SHMEM_PROGRESS", "thread-multiple")) return 1;
  return check_split_nodes() || getenv("SHMEM_TEST_MULTI_HOST") != NULL ||
         env_is("SHMEM_NODE_GLOBALS", "off");
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static long counter;

int main(void) {
  shmem_init();
  int provided = -1;
  shmem_query_thread(&provided);
  CHECK_MSG(provided == SHMEM_THREAD_SINGLE, "shmem_init provided %d", provided);
  const int me = shmem_my_pe();
  if (thread_planned() && shmem_n_pes() >= 2) {
    shmem_barrier_all();
    if (me == 1) {
      volatile double x = 0;
      for (const double until = now() + 2.0; now() < until;) x += 1.0;
    } else if (me == 0) {
      const double start = now();
      const long old = shmem_long_atomic_fetch_add(&counter, 1, 1);
      const double took = now() - start;
      CHECK(old == 0);
      CHECK_MSG(took < 1.0, "a fetch-add to a computing PE took %.3f s", took);
    }
  }
  shmem_barrier_all();
  CHECK_DONE();
}
