/* PE 1 writes through a null pointer while the other PEs wait in
 * shmem_long_wait_until on a flag that never changes: the job must end with
 * a non-zero status instead of hanging. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

static long flag;

int main(void) {
  shmem_init();
  if (shmem_my_pe() == 1) {
    sleep(1); /* let the others start waiting */
    fprintf(stderr, "fault_segv: PE 1 writes through a null pointer\n");
    fflush(stderr);
    volatile long *volatile nowhere = NULL;
    *nowhere = 1;
  }
  shmem_long_wait_until(&flag, SHMEM_CMP_NE, 0);
  fprintf(stderr, "fault_segv: PE %d saw the flag change\n", shmem_my_pe());
  shmem_finalize();
  return 0;
}
