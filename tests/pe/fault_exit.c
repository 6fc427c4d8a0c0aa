/* fault_exit WHERE STATUS: the last PE calls exit(STATUS) without
 * shmem_finalize while the other PEs are in WHERE:
 *   barrier  shmem_barrier_all
 *   wait     shmem_long_wait_until on a flag nobody sets
 *   coll     a sum reduction over SHMEM_TEAM_WORLD
 *   lock     shmem_set_lock on a lock the exiting PE holds
 *   get      blocking gets of 1 MiB from the exiting PE for 3 s, then
 *            returning from main without shmem_finalize
 *   compute  computing for 4 s (longer than SHMEM_DEADLOCK_TIMEOUT), then
 *            shmem_finalize
 * A non-zero STATUS must end the job at once with that status; 0 must end
 * it (status 1) once the waiting PEs cannot go on, except for `get`, where
 * the gets complete, and `compute`, where nobody waits for the exiting PE:
 * these jobs end with status 0 (docs/decisions/end-of-job.md). Every PE prints what it does; the
 * test checks the output and the time (tests/pe/stress.cmake). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long flag;
static long lock;
static long src, dst;
static char block[1 << 20];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Gets from `from` for 3 s, checking every byte of each. */
static int get_for_a_while(int from) {
  static char copy[sizeof block];
  const double end = now() + 3;
  int failures = 0;
  while (now() < end) {
    shmem_getmem(copy, block, sizeof copy, from);
    for (size_t i = 0; i < sizeof copy; ++i) failures += copy[i] != (char)(from + (int)i);
  }
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: fault_exit barrier|wait|coll|lock|get|compute STATUS\n");
    return 2;
  }
  const char *where = argv[1];
  const int status = atoi(argv[2]);
  shmem_init();
  const int me = shmem_my_pe(), last = shmem_n_pes() - 1;
  for (size_t i = 0; i < sizeof block; ++i) block[i] = (char)(me + (int)i);
  if (me == last) shmem_set_lock(&lock);
  shmem_barrier_all();
  if (me == last) {
    sleep(1); /* let the others block */
    fprintf(stderr, "fault_exit: PE %d calls exit(%d) without shmem_finalize\n", me, status);
    fflush(stderr);
    exit(status);
  }
  fprintf(stderr, "fault_exit: PE %d enters %s\n", me, where);
  if (strcmp(where, "barrier") == 0) {
    shmem_barrier_all();
  } else if (strcmp(where, "wait") == 0) {
    shmem_long_wait_until(&flag, SHMEM_CMP_NE, 0);
  } else if (strcmp(where, "coll") == 0) {
    src = me;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &dst, &src, 1);
  } else if (strcmp(where, "lock") == 0) {
    shmem_set_lock(&lock);
  } else if (strcmp(where, "get") == 0) {
    const int failures = get_for_a_while(last);
    fprintf(stderr, "fault_exit: PE %d got %s data\n", me, failures ? "WRONG" : "the right");
    return failures ? 1 : 0;
  } else if (strcmp(where, "compute") == 0) {
    const double end = now() + 4;
    while (now() < end) {
    }
    shmem_finalize();
    fprintf(stderr, "fault_exit: PE %d finalized\n", me);
    return 0;
  }
  fprintf(stderr, "fault_exit: PE %d returned from its wait in %s (wrong: PE %d never came)\n", me,
          where, last);
  return 1;
}
