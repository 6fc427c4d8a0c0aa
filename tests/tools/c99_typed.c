/* Built by the installed oshcc with -std=c99 -pedantic: typed names only,
 * since C99 has no generic selection. Exits non-zero on a wrong value. */
#include <shmem.h>
#include <stdio.h>

#define N 16

static int received_from = -1;

int main(void) {
  int i, me, npes, right, left, errors = 0;
  int *ring;
  int source[N];
  shmem_init();
  me = shmem_my_pe();
  npes = shmem_n_pes();
  right = (me + 1) % npes;
  left = (me + npes - 1) % npes;
  ring = (int *)shmem_malloc(N * sizeof(int));
  for (i = 0; i < N; ++i) source[i] = 10 * me + i;
  shmem_barrier_all();
  shmem_int_put(ring, source, N, right);
  shmem_int_p(&received_from, me, right);
  shmem_barrier_all();
  for (i = 0; i < N; ++i) errors += ring[i] != 10 * left + i;
  errors += received_from != left;
  errors += shmem_int_g(&ring[0], left) != 10 * ((left + npes - 1) % npes);
  shmem_barrier_all();
  if (errors)
    fprintf(stderr, "PE %d: %d wrong values\n", me, errors);
  else
    printf("c99: PE %d of %d ok\n", me, npes);
  shmem_free(ring);
  shmem_finalize();
  return errors != 0;
}
