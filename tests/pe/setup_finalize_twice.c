/* A second shmem_finalize with no shmem_init between (openshmem-examples'
 * finalize.c does it) warns on each PE and does nothing: the job ends
 * with status 0. */
#include <shmem.h>
#include <stdio.h>

int main(void) {
  shmem_init();
  const int me = shmem_my_pe();
  shmem_finalize();
  shmem_finalize();
  printf("PE %d went on after the second shmem_finalize\n", me);
  return 0;
}
