/* Built with the installed oshcc in two steps (oshcc -c, then oshcc to
 * link): the SGI header <mpp/shmem.h> and the old names start_pes,
 * my_pe/_my_pe, num_pes/_num_pes, shmalloc and shfree. */
#include <mpp/shmem.h>
#include <stdio.h>

int main(void) {
  int errors = 0;
  long *cell;
  start_pes(0);
  const int me = my_pe(), npes = num_pes();
  errors += me != _my_pe() || me != shmem_my_pe();
  errors += npes != _num_pes() || npes != shmem_n_pes();
  cell = (long *)shmalloc(sizeof(long));
  *cell = -1;
  shmem_barrier_all();
  shmem_long_p(cell, me, (me + 1) % npes);
  shmem_barrier_all();
  errors += *cell != (me + npes - 1) % npes;
  if (errors)
    fprintf(stderr, "PE %d: %d wrong values\n", me, errors);
  else
    printf("mpp: PE %d of %d ok\n", me, npes);
  shmem_barrier_all();
  shfree(cell);
  return errors != 0;
}
