/* pi: the midpoint rule for the integral of 4 / (1 + x^2) over [0, 1].
 * Each PE sums every npes-th interval, puts its partial sum into a slot on
 * PE 0, and after a barrier every PE adds the slots up (fetching them with
 * shmem_double_get) and checks the result. */
#include <math.h>
#include <shmem.h>
#include <stdio.h>

enum { INTERVALS = 10000000, MAX_PES = 1024 };
static const double PI = 3.14159265358979323846;

static double partial[MAX_PES]; /* on PE 0: one slot per PE */

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  if (npes > MAX_PES) {
    if (me == 0) fprintf(stderr, "pi: at most %d PEs\n", MAX_PES);
    shmem_global_exit(2);
  }
  const double h = 1.0 / INTERVALS;
  double sum = 0;
  for (long i = me; i < INTERVALS; i += npes) {
    const double x = h * (i + 0.5);
    sum += 4.0 / (1.0 + x * x);
  }
  const double mine = sum * h;
  shmem_double_put(&partial[me], &mine, 1, 0);
  shmem_barrier_all();

  double all[MAX_PES];
  shmem_double_get(all, partial, (size_t)npes, 0);
  double pi = 0;
  for (int pe = 0; pe < npes; ++pe) pi += all[pe];
  const double error = fabs(pi - PI);
  const int ok = error < 1e-10;
  if (!ok) fprintf(stderr, "pi: PE %d got %.15f, error %g\n", me, pi, error);
  if (me == 0)
    printf("pi: %.12f with %d intervals on %d PEs, error %.1e: %s\n", pi, INTERVALS, npes, error,
           ok ? "ok" : "WRONG");
  shmem_finalize();
  return ok ? 0 : 1;
}
