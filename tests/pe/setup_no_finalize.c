/* A program that returns from main without calling shmem_finalize: the job
 * must still end with exit status 0 on every PE. */
#include <shmem.h>

#include "check.h"

static int values[2];

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  int *heap = shmem_malloc(sizeof(int));
  CHECK(heap != NULL);
  const int mine[2] = {me, -me};
  shmem_int_put(values, mine, 2, (me + 1) % npes);
  if (heap) shmem_int_p(heap, me, (me + 1) % npes);
  shmem_barrier_all();
  const int left = (me + npes - 1) % npes;
  CHECK(values[0] == left && values[1] == -left);
  if (heap) CHECK(*heap == left);
  /* A last put nobody waits for: the exit must complete it quietly. */
  shmem_barrier_all();
  shmem_int_put_nbi(values, mine, 2, (me + 1) % npes);
  return check_failures ? 1 : 0;
}
