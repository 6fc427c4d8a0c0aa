/* heat: explicit finite differences for the 1-D heat equation
 * u_t = u_xx on a rod with both ends held at 0. The rod's N interior points
 * are split into blocks, one per PE; each step a PE puts its edge values
 * into its neighbours' halo cells and waits at a barrier. The halo cells
 * alternate between two copies, so a neighbour one step ahead never
 * overwrites a value still being read. Every PE then compares its block
 * with a serial run of the same scheme on the whole rod, and PE 0 reports
 * the total heat left in the rod. */
#include <math.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000, STEPS = 1000, MAX_PES = 1024 };
static const double r = 0.25; /* dt / dx^2: stable for r <= 1/2 */

/* halo[step % 2][0] is the value left of my block, [1] the one right of it. */
static double halo[2][2];
/* On PE 0: each PE's heat and its largest difference from the serial run. */
static double report[MAX_PES][2];

static double initial(int i) { /* a hot spot and a warm plateau */
  const double x = (i + 1.0) / (N + 1.0);
  return (x > 0.2 && x < 0.3 ? 100.0 : 0.0) + (x > 0.6 && x < 0.9 ? 40.0 : 0.0);
}

/* One step of the scheme on u[1..n], with u[0] and u[n+1] as neighbours. */
static void step(const double *u, double *next, int n) {
  for (int i = 1; i <= n; ++i) next[i] = u[i] + r * (u[i - 1] - 2 * u[i] + u[i + 1]);
}

static double *serial_solution(void) {
  double *u = calloc(N + 2, sizeof *u), *next = calloc(N + 2, sizeof *next);
  for (int i = 0; i < N; ++i) u[i + 1] = initial(i);
  for (int t = 0; t < STEPS; ++t) {
    step(u, next, N);
    double *swap = u;
    u = next;
    next = swap;
  }
  free(next);
  return u; /* u[i + 1] is point i */
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  if (npes > MAX_PES || npes > N) {
    if (me == 0) fprintf(stderr, "heat: at most %d PEs\n", MAX_PES < N ? MAX_PES : N);
    shmem_global_exit(2);
  }
  const int first = (int)((long)N * me / npes), n = (int)((long)N * (me + 1) / npes) - first;
  double *u = calloc((size_t)n + 2, sizeof *u), *next = calloc((size_t)n + 2, sizeof *next);
  for (int i = 0; i < n; ++i) u[i + 1] = initial(first + i);

  for (int t = 0; t < STEPS; ++t) {
    double *h = halo[t % 2];
    if (me > 0) shmem_double_put(&h[1], &u[1], 1, me - 1);        /* my left edge */
    if (me < npes - 1) shmem_double_put(&h[0], &u[n], 1, me + 1); /* my right edge */
    shmem_barrier_all();
    u[0] = me > 0 ? h[0] : 0.0;
    u[n + 1] = me < npes - 1 ? h[1] : 0.0;
    step(u, next, n);
    double *swap = u;
    u = next;
    next = swap;
  }

  double *serial = serial_solution(), mine[2] = {0, 0}, serial_heat = 0;
  for (int i = 0; i < n; ++i) {
    mine[0] += u[i + 1];
    mine[1] = fmax(mine[1], fabs(u[i + 1] - serial[first + i + 1]));
  }
  for (int i = 1; i <= N; ++i) serial_heat += serial[i];
  const int ok = mine[1] <= 1e-12;
  if (!ok) fprintf(stderr, "heat: PE %d differs from the serial run by %g\n", me, mine[1]);

  shmem_double_put(report[me], mine, 2, 0);
  shmem_barrier_all();
  if (me == 0) {
    double heat = 0, worst = 0;
    for (int pe = 0; pe < npes; ++pe) {
      heat += report[pe][0];
      worst = fmax(worst, report[pe][1]);
    }
    printf("heat: %d points, %d steps on %d PEs: heat %.6f (serial %.6f), largest "
           "difference %.1e: %s\n",
           N, STEPS, npes, heat, serial_heat, worst, worst <= 1e-12 ? "ok" : "WRONG");
  }
  free(serial);
  free(u);
  free(next);
  shmem_finalize();
  return ok ? 0 : 1;
}
