/* Start-up and the memory a PE pays for the library (docs/bench/startup.md):
 * the time shmem_init takes (the slowest PE's), and per PE after it the
 * resident memory (VmRSS) and its proportional share (Pss: pages shared
 * between the node's processes counted once), less what the process held
 * before shmem_init, averaged over the PEs; then the time shmem_finalize
 * takes. Written to OpenSHMEM 1.4, so that it builds against Open MPI's
 * OSHMEM too. PE 0 prints one line of key=value pairs.
 * Run: oshrun -np N bench/startup */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

/* The active-set reductions are deprecated in 1.5+, but every 1.4
 * implementation has them. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A "Key: n kB" line of a /proc/self file, in KiB; -1 if absent. */
static double kib_of(const char *file, const char *key) {
  FILE *f = fopen(file, "r");
  char line[256], format[64];
  double kib = -1;
  snprintf(format, sizeof format, "%s %%lf", key);
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, format, &kib) == 1) break;
  if (f) fclose(f);
  return kib;
}

static long psync_max[SHMEM_REDUCE_SYNC_SIZE], psync_sum[SHMEM_REDUCE_SYNC_SIZE];
static double work[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static double mine[3], most[3], total[3];

int main(void) {
  const double rss0 = kib_of("/proc/self/status", "VmRSS:");
  const double pss0 = kib_of("/proc/self/smaps_rollup", "Pss:");
  double t = now();
  shmem_init();
  mine[0] = now() - t;
  mine[1] = kib_of("/proc/self/status", "VmRSS:") - rss0;
  mine[2] = kib_of("/proc/self/smaps_rollup", "Pss:") - pss0;
  for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; ++i) psync_max[i] = psync_sum[i] = SHMEM_SYNC_VALUE;
  const int npes = shmem_n_pes();
  shmem_barrier_all();
  shmem_double_max_to_all(most, mine, 3, 0, 0, npes, work, psync_max);
  shmem_double_sum_to_all(total, mine, 3, 0, 0, npes, work, psync_sum);
  const int me = shmem_my_pe();
  t = now();
  shmem_finalize();
  if (me == 0)
    printf("pes=%d init_s=%.3f rss_mib=%.1f pss_mib=%.1f finalize_s=%.3f\n", npes, most[0],
           total[1] / npes / 1024, total[2] / npes / 1024, now() - t);
  return 0;
}
