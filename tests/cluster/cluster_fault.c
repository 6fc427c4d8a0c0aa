/* cluster_fault MODE: the last PE, on another host than PE 0, ends the job
 * while every other PE waits: PE 0 and every second PE in
 * shmem_long_wait_until on a word that never changes, the rest in
 * shmem_barrier_all. MODE is
 *   global_exit  shmem_global_exit(42): the launcher must exit with 42,
 *   segv         a store through a null pointer (SIGSEGV),
 *   abort        abort() (SIGABRT),
 *   kill         raise(SIGKILL), which no handler sees,
 *   wait         nothing: every PE waits until the job is ended from
 *                outside (tests/cluster/slurm_cluster.sh: scancel, a host
 *                that dies).
 * In every mode the launcher must return (non-zero) and no PE may be left
 * on any host; scripts/test-cluster.sh checks both. The job must span
 * hosts: on one node the program says so and exits with status 2. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long never_set;

static int on_node_of_pe0(void) {
  return shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, SHMEM_TEAM_SHARED) >= 0;
}

static void fail(const char *mode, const char *host) {
  fprintf(stderr, "cluster_fault: PE %d on %s ends the job: %s\n", shmem_my_pe(), host, mode);
  fflush(stderr);
  if (strcmp(mode, "global_exit") == 0) shmem_global_exit(42);
  if (strcmp(mode, "segv") == 0) {
    volatile long *volatile nowhere = NULL;
    *nowhere = 1;
  }
  if (strcmp(mode, "abort") == 0) abort();
  if (strcmp(mode, "kill") == 0) raise(SIGKILL);
  fprintf(stderr, "cluster_fault: unknown mode %s\n", mode);
  shmem_global_exit(3);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: cluster_fault global_exit|segv|abort|kill|wait\n");
    return 2;
  }
  shmem_init();
  const int me = shmem_my_pe(), last = shmem_n_pes() - 1;
  static int far, spans;
  far = me == last && !on_node_of_pe0();
  shmem_int_max_reduce(SHMEM_TEAM_WORLD, &spans, &far, 1);
  if (!spans) {
    if (me == 0) fprintf(stderr, "cluster_fault: PE %d shares PE 0's node: no second host\n", last);
    shmem_finalize();
    return 2;
  }
  char host[256] = "?";
  gethostname(host, sizeof host);
  if (me == last && strcmp(argv[1], "wait") != 0) {
    sleep(1); /* the others are waiting by now */
    fail(argv[1], host);
  }
  fprintf(stderr, "cluster_fault: PE %d on %s waits\n", me, host);
  if (me % 2 == 0)
    shmem_long_wait_until(&never_set, SHMEM_CMP_NE, 0);
  else
    shmem_barrier_all();
  fprintf(stderr, "cluster_fault: PE %d on %s returned from its wait\n", me, host);
  shmem_finalize();
  return 0;
}
