/* PE 1 is killed (SIGKILL) while the other PEs wait in shmem_barrier_all:
 * the job must end with a non-zero status instead of hanging. */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static long global_data[1024]; /* shared with the node's PEs */

int main(void) {
  shmem_init();
  global_data[0] = shmem_my_pe();
  if (shmem_my_pe() == 1) {
    sleep(1); /* let the others enter the barrier */
    fprintf(stderr, "fault_kill: PE 1 kills itself\n");
    fflush(stderr);
    kill(getpid(), SIGKILL);
  }
  shmem_barrier_all();
  shmem_finalize();
  return 0;
}
