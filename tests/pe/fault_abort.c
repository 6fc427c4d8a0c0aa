/* PE 1 calls abort() while the other PEs wait in shmem_barrier_all: the job
 * must end with a non-zero status instead of hanging. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  shmem_init();
  if (shmem_my_pe() == 1) {
    sleep(1); /* let the others enter the barrier */
    fprintf(stderr, "fault_abort: PE 1 calls abort()\n");
    fflush(stderr);
    abort();
  }
  shmem_barrier_all();
  fprintf(stderr, "fault_abort: PE %d left the barrier\n", shmem_my_pe());
  shmem_finalize();
  return 0;
}
