/* Thread levels as programs use them (spec, "Thread Support"), and the
 * device bits of the GPU auxiliary document.
 *
 *   thread_use single|funneled|serialized|multiple
 *     Initializes at that level (single: plain shmem_init), then a second
 *     thread puts to the next PE while the first waits for it. The library
 *     warns once per PE at single and funneled, never at the others.
 *   thread_use overlap
 *     SHMEM_THREAD_SERIALIZED, two threads in RMA calls at once: under
 *     SHMEM_DEBUG with data through MPI, reported once per PE.
 *   thread_use device
 *     requested with SHMEM_DEVICE_HOST_INIT or SHMEM_DEVICE_KERNEL_INIT
 *     gives the thread level alone in provided.
 *   thread_use unknown_bit
 *     requested with a bit no document defines: a named error. */
#include <pthread.h>
#include <shmem.h>
#include <shmemx.h>
#include <string.h>

#include "check.h"

static long target[64];

static void *put_to_next(void *arg) {
  (void)arg;
  const int me = shmem_my_pe();
  const int next = (me + 1) % shmem_n_pes();
  shmem_long_p(&target[0], me + 1, next);
  shmem_quiet();
  return NULL;
}

/* One thread's share of `overlap`: gets from the next PE until told to stop. */
static volatile int stop_overlap;
static void *get_in_loop(void *arg) {
  (void)arg;
  const int next = (shmem_my_pe() + 1) % shmem_n_pes();
  long sum = 0;
  for (int i = 0; i < 200000 && !stop_overlap; ++i) sum += shmem_long_g(&target[1], next);
  return (void *)sum;
}

static int second_thread(void *(*body)(void *)) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, body, NULL) != 0) return 1;
  return pthread_join(thread, NULL);
}

static int level_of(const char *name) {
  if (strcmp(name, "funneled") == 0) return SHMEM_THREAD_FUNNELED;
  if (strcmp(name, "serialized") == 0) return SHMEM_THREAD_SERIALIZED;
  if (strcmp(name, "multiple") == 0) return SHMEM_THREAD_MULTIPLE;
  return SHMEM_THREAD_SINGLE;
}

static int run_overlap(void) {
  int provided = -1;
  shmem_init_thread(SHMEM_THREAD_SERIALIZED, &provided);
  CHECK(provided == SHMEM_THREAD_SERIALIZED);
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, get_in_loop, NULL) == 0);
  get_in_loop(NULL);
  stop_overlap = 1;
  pthread_join(thread, NULL);
  shmem_barrier_all();
  CHECK_DONE();
}

static int run_device(void) {
  int provided = -1;
  shmem_init_thread(SHMEM_THREAD_SERIALIZED | SHMEM_DEVICE_HOST_INIT | SHMEM_DEVICE_KERNEL_INIT,
                    &provided);
  CHECK(provided == SHMEM_THREAD_SERIALIZED);
  shmem_query_thread(&provided);
  CHECK(provided == SHMEM_THREAD_SERIALIZED);
  CHECK_DONE();
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "single";
  if (strcmp(mode, "overlap") == 0) return run_overlap();
  if (strcmp(mode, "device") == 0) return run_device();
  if (strcmp(mode, "unknown_bit") == 0) {
    int provided;
    shmem_init_thread(SHMEM_THREAD_SINGLE | (1 << 12), &provided);
    return 0; /* not reached: the call above ends the job */
  }
  const int level = level_of(mode);
  if (level == SHMEM_THREAD_SINGLE) {
    shmem_init();
  } else {
    int provided = -1;
    shmem_init_thread(level, &provided);
    CHECK(provided == level);
  }
  CHECK(second_thread(put_to_next) == 0);
  shmem_barrier_all();
  const int n = shmem_n_pes();
  const int prev = (shmem_my_pe() + n - 1) % n;
  CHECK_MSG(target[0] == prev + 1, "target[0] = %ld, %d expected", target[0], prev + 1);
  CHECK_DONE();
}
