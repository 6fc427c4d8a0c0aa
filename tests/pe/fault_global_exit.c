/* PE 1 calls shmem_global_exit(3) while the other PEs wait in
 * shmem_long_wait_until on a flag that never changes: the whole job must
 * end, with status 3 where the launcher passes it on. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

static long flag;

int main(void) {
  shmem_init();
  if (shmem_my_pe() == 1) {
    sleep(1); /* let the others start waiting */
    fprintf(stderr, "fault_global_exit: PE 1 calls shmem_global_exit(3)\n");
    fflush(stderr);
    shmem_global_exit(3);
  }
  shmem_long_wait_until(&flag, SHMEM_CMP_NE, 0);
  fprintf(stderr, "fault_global_exit: PE %d saw the flag change\n", shmem_my_pe());
  shmem_finalize();
  return 0;
}
