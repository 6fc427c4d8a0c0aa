/* Built by the installed oshcc without -lm: a plain OpenSHMEM program that
 * calls the math library (powl, as test programs of other suites do) must
 * link. Every PE sums 2^pe over the PEs with a reduction and checks the
 * total against powl. */
#include <math.h>
#include <shmem.h>
#include <stdio.h>

static long long term, total;

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  volatile long double base = 2.0L; /* not folded by the compiler */
  term = (long long)powl(base, me);
  shmem_barrier_all();
  shmem_longlong_sum_reduce(SHMEM_TEAM_WORLD, &total, &term, 1);
  const long long expected = (long long)powl(base, npes) - 1;
  if (total != expected) {
    fprintf(stderr, "PE %d: sum of 2^pe is %lld, expected %lld\n", me, total, expected);
    shmem_global_exit(1);
  }
  printf("PE %d of %d ok\n", me, npes);
  shmem_finalize();
  return 0;
}
