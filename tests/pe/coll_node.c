/* Collectives through shared memory (teams whose PEs share a node, buffers
 * on the heap and in global variables, which the node's PEs share too),
 * at sizes that cross the shared-memory path's 16 KiB pieces: in-place and
 * out-of-place reductions and scans, broadcast, collect with PEs that
 * contribute nothing, strided alltoall; small ones back to back with no
 * barrier between them; then many more teams than there are
 * flag slots, created and destroyed, each still reducing correctly. The
 * same checks hold in forced inter-node mode, where everything is MPI. */
#include <shmem.h>
#include <string.h>

#include "check.h"

#define BIG 20000 /* longs: 160 KB, ten pieces */

static long static_src[BIG], static_dst[BIG];

static long value(int pe, int i) { return (long)pe * 1000003L + i * 7L - 5000; }

static long sum_upto(int npes, int i) { /* sum over PEs [0, npes) of value(pe, i) */
  long s = 0;
  for (int pe = 0; pe < npes; ++pe) s += value(pe, i);
  return s;
}

static void reductions(long *src, long *dst, const char *where) {
  const int me = shmem_my_pe(), n = shmem_n_pes();
  for (int i = 0; i < BIG; ++i) src[i] = value(me, i);
  shmem_barrier_all();
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, BIG);
  int bad = 0;
  for (int i = 0; i < BIG; ++i) bad += dst[i] != sum_upto(n, i);
  CHECK_MSG(bad == 0, "%s: %d wrong sums out of place", where, bad);
  CHECK_MSG(src[BIG - 1] == value(me, BIG - 1), "%s: source changed", where);

  shmem_long_max_reduce(SHMEM_TEAM_WORLD, src, src, BIG); /* in place */
  bad = 0;
  for (int i = 0; i < BIG; ++i) bad += src[i] != value(n - 1, i);
  CHECK_MSG(bad == 0, "%s: %d wrong maxima in place", where, bad);

  for (int i = 0; i < BIG; ++i) src[i] = value(me, i);
  shmem_barrier_all();
  shmem_long_sum_inscan(SHMEM_TEAM_WORLD, src, src, BIG);
  bad = 0;
  for (int i = 0; i < BIG; ++i) bad += src[i] != sum_upto(me + 1, i);
  CHECK_MSG(bad == 0, "%s: %d wrong inclusive scans in place", where, bad);

  for (int i = 0; i < BIG; ++i) src[i] = value(me, i);
  shmem_barrier_all();
  shmem_long_sum_exscan(SHMEM_TEAM_WORLD, dst, src, BIG);
  bad = 0;
  for (int i = 0; i < BIG; ++i) bad += dst[i] != sum_upto(me, i);
  CHECK_MSG(bad == 0, "%s: %d wrong exclusive scans", where, bad);
  shmem_barrier_all();
}

static void data_movement(long *src, long *dst, const char *where) {
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const int root = n - 1, per = BIG / n / 2; /* alltoalls: stride 2 at the source */
  for (int i = 0; i < BIG; ++i) src[i] = value(me, i);
  memset(dst, 0, sizeof(long) * BIG);
  shmem_barrier_all();
  shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, BIG, root);
  int bad = 0;
  for (int i = 0; i < BIG; ++i) bad += dst[i] != value(root, i);
  CHECK_MSG(bad == 0, "%s: %d wrong broadcast elements", where, bad);

  /* collect: PE p gives p % 2 ? 0 : 100 + p elements */
  const size_t mine = me % 2 ? 0 : (size_t)(100 + me);
  shmem_barrier_all();
  shmem_long_collect(SHMEM_TEAM_WORLD, dst, src, mine);
  size_t at = 0;
  bad = 0;
  for (int pe = 0; pe < n; ++pe)
    for (int i = 0; i < (pe % 2 ? 0 : 100 + pe); ++i) bad += dst[at++] != value(pe, i);
  CHECK_MSG(bad == 0, "%s: %d wrong collect elements", where, bad);

  shmem_barrier_all();
  shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst, src, 1, 2, (size_t)per);
  bad = 0;
  for (int pe = 0; pe < n; ++pe)
    for (int e = 0; e < per; ++e) bad += dst[pe * per + e] != value(pe, 2 * (me * per + e));
  CHECK_MSG(bad == 0, "%s: %d wrong alltoalls elements", where, bad);
  shmem_barrier_all();
}

/* Small collectives back to back with no barrier between them (through
 * the staging buffers, which members reuse every second collective):
 * broadcasts from rotating roots and in-place reductions and scans of 1 to
 * 130 longs (the staging limit is 1 KiB, 128 longs), each checked. A member
 * that ran ahead and overwrote a buffer another member still reads would
 * show here. */
static void small_back_to_back(long *src, long *dst) {
  enum { ROUNDS = 3000 };
  const int me = shmem_my_pe(), n = shmem_n_pes();
  int bad = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    const int count = 1 + r % 130, root = r % n;
    for (int i = 0; i < count; ++i) src[i] = value(me, i + r);
    if (r % 3 == 0) {
      shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, (size_t)count, root);
      for (int i = 0; i < count; ++i) bad += dst[i] != value(root, i + r);
    } else if (r % 3 == 1) {
      shmem_long_sum_reduce(SHMEM_TEAM_WORLD, src, src, (size_t)count);
      for (int i = 0; i < count; ++i) bad += src[i] != sum_upto(n, i + r);
    } else {
      shmem_long_sum_exscan(SHMEM_TEAM_WORLD, dst, src, (size_t)count);
      for (int i = 0; i < count; ++i) bad += dst[i] != sum_upto(me, i + r);
    }
  }
  CHECK_MSG(bad == 0, "%d wrong elements in %d small collectives", bad, ROUNDS);
  shmem_barrier_all();
}

/* 150 teams, more than the 62 free flag slots, half of them alive at once,
 * every one reducing over its members. */
static void many_teams(void) {
  enum { ROUNDS = 150, ALIVE = 75 };
  shmem_team_t teams[ALIVE];
  long *in = shmem_malloc(sizeof(long)), *out = shmem_malloc(sizeof(long));
  const int n = shmem_n_pes();
  *in = shmem_my_pe() + 1;
  for (int r = 0; r < ROUNDS; ++r) {
    shmem_team_t *t = &teams[r % ALIVE];
    if (r >= ALIVE) shmem_team_destroy(*t);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, t) == 0);
    *out = -1;
    shmem_long_sum_reduce(*t, out, in, 1);
    CHECK_MSG(*out == (long)n * (n + 1) / 2, "team %d summed %ld", r, *out);
  }
  for (int i = 0; i < ALIVE; ++i) shmem_team_destroy(teams[i]);
  shmem_free(in);
  shmem_free(out);
}

int main(void) {
  shmem_init();
  long *src = shmem_malloc(sizeof(long) * BIG), *dst = shmem_malloc(sizeof(long) * BIG);
  CHECK(src != NULL && dst != NULL);
  reductions(src, dst, "heap");
  reductions(static_src, static_dst, "static");
  data_movement(src, dst, "heap");
  data_movement(static_src, static_dst, "static");
  small_back_to_back(src, dst);
  many_teams();
  shmem_free(src);
  shmem_free(dst);
  CHECK_DONE();
}
