/* The PEs of one node, each in a PID namespace of its own (run by
 * tests/support/pid_namespaces.sh, as containers run ranks), share their
 * memory anyway: their memory files' descriptors travel over a Unix socket
 * (docs/decisions/node-memory.md), where /proc/<pid>/fd/<fd> names nothing
 * of the peer's. So shmem_ptr gives the next PE's heap and global
 * variables, and a fetch-add to a PE that computes (calls no library
 * routine for a second) completes at once, on the heap and on a global:
 * the progress plan, made before MPI starts, promised no thread. Then
 * every PE puts into the next PE's heap and checks what it got. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define COMPUTE_SECONDS 1.0
#define LIMIT_SECONDS 0.1
#define HEAP_LONGS (1 << 20)

static long global_counter;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void compute(void) {
  volatile double x = 0;
  const double until = now() + COMPUTE_SECONDS;
  while (now() < until) x += 1.0;
}

static void fetch_add_at_once(const char *what, long *counter, int pe) {
  const double start = now();
  const long old = shmem_long_atomic_fetch_add(counter, 1, pe);
  const double took = now() - start;
  CHECK_MSG(took < LIMIT_SECONDS, "%s fetch-add to a computing PE took %.3f s", what, took);
  CHECK(old == 0);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes(), next = (me + 1) % npes;
  long *heap = shmem_calloc(HEAP_LONGS, sizeof(long));
  CHECK(heap != NULL);
  CHECK_MSG(shmem_ptr(heap, next) != NULL, "PE %d's heap is not mapped here", next);
  CHECK_MSG(shmem_ptr(&global_counter, next) != NULL, "PE %d's globals are not mapped here", next);
  shmem_barrier_all();
  if (me == 1)
    compute();
  else if (me == 0 && npes > 1) {
    fetch_add_at_once("heap", heap, 1);
    fetch_add_at_once("global", &global_counter, 1);
  }
  shmem_barrier_all();
  if (me == 1) CHECK(heap[0] == 1 && global_counter == 1);
  shmem_barrier_all();
  for (long i = 0; i < HEAP_LONGS; i += 4096) shmem_long_p(&heap[i], me * 1000003L + i, next);
  shmem_barrier_all();
  const int prev = (me + npes - 1) % npes;
  for (long i = 0; i < HEAP_LONGS; i += 4096) CHECK(heap[i] == prev * 1000003L + i);
  shmem_free(heap);
  CHECK_DONE();
}
