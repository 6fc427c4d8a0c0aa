/* Built by the installed oshcc (C11) and by cc with pkg-config's flags: a
 * ring exchange with the generic shmem_put and shmem_long_p, into
 * shmem_malloc memory and a global variable. Exits non-zero on a wrong
 * value. */
#include <shmem.h>
#include <stdio.h>

#define N 64

static long received_from; /* static data is symmetric too */

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  long *ring = shmem_malloc(N * sizeof(long));
  double *ring_d = shmem_malloc(N * sizeof(double));
  long source[N];
  double source_d[N];
  if (!ring || !ring_d) {
    fprintf(stderr, "PE %d: shmem_malloc returned NULL\n", me);
    shmem_global_exit(1);
  }
  for (int i = 0; i < N; ++i) {
    source[i] = 1000L * me + i;
    source_d[i] = me + i / 4.0;
  }
  shmem_barrier_all();
  shmem_put(ring, source, N, right);     /* C11 generic: long */
  shmem_put(ring_d, source_d, N, right); /* C11 generic: double */
  shmem_long_p(&received_from, me, right);
  shmem_barrier_all();
  int errors = 0;
  for (int i = 0; i < N; ++i) {
    errors += ring[i] != 1000L * left + i;
    errors += ring_d[i] != left + i / 4.0;
  }
  errors += received_from != left;
  if (errors)
    fprintf(stderr, "PE %d: %d wrong values (received_from = %ld, expected %d)\n", me, errors,
            received_from, left);
  else
    printf("c11: PE %d of %d ok\n", me, npes);
  shmem_free(ring_d);
  shmem_free(ring);
  shmem_finalize();
  return errors != 0;
}
