/* Collectives back to back with no barrier between them, as the spec
 * allows: broadcasts from a moving root, alltoalls, alltoalls and
 * reductions, on the world team and on a team of every second PE, each
 * into a pair of dest arrays used in turn (a PE can be at most one
 * alltoall ahead of another, so the other's dest of the one before is
 * ready again). Every PE checks every result as soon as the call returns:
 * a broadcast root that runs ahead of its readers, or an alltoall push
 * that lands a round early, shows as a wrong value. Then bursts of
 * broadcasts from one root, which may run ahead of its readers. Run with more PEs than
 * cores, this also has PEs descheduled mid-collective. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROUNDS = 3000, MAX_PES = 64 };

/* One team's arrays (symmetric): results in pairs used in turn. */
struct arrays {
  long *bdest[2], *adest[2], *sdest[2], *rdest[2];
  long *bsrc, *asrc, *ssrc, *rsrc;
};
static int failures;

static long *symmetric(size_t longs) {
  long *p = shmem_calloc(longs, sizeof(long));
  if (p == NULL) shmem_global_exit(2);
  return p;
}

static void allocate(struct arrays *a) {
  for (int h = 0; h < 2; ++h) {
    a->bdest[h] = symmetric(4);
    a->adest[h] = symmetric(MAX_PES);
    a->sdest[h] = symmetric(3 * MAX_PES);
    a->rdest[h] = symmetric(3);
  }
  a->bsrc = symmetric(4);
  a->asrc = symmetric(MAX_PES);
  a->ssrc = symmetric(2 * MAX_PES);
  a->rsrc = symmetric(3);
}

static void expect(long got, long want, const char *what, int round, int index) {
  if (got == want || failures > 10) return;
  ++failures;
  fprintf(stderr, "PE %d: %s round %d [%d]: got %ld, want %ld\n", shmem_my_pe(), what, round, index,
          got, want);
}

static long value(int pe, int round, int index) { return (long)pe * 1000000 + round * 64L + index; }

static void one_round(shmem_team_t team, const struct arrays *a, int round) {
  const int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
  const int root = round % n, half = round % 2;

  for (int i = 0; i < 4; ++i) a->bsrc[i] = value(me, round, i);
  shmem_long_broadcast(team, a->bdest[half], a->bsrc, 4, root);
  for (int i = 0; i < 4; ++i)
    expect(a->bdest[half][i], value(root, round, i), "broadcast", round, i);

  for (int pe = 0; pe < n; ++pe) a->asrc[pe] = value(me, round, pe);
  shmem_long_alltoall(team, a->adest[half], a->asrc, 1);
  for (int pe = 0; pe < n; ++pe)
    expect(a->adest[half][pe], value(pe, round, me), "alltoall", round, pe);

  for (int pe = 0; pe < n; ++pe) a->ssrc[2 * pe] = value(me, round, pe);
  shmem_long_alltoalls(team, a->sdest[half], a->ssrc, 3, 2, 1);
  for (int pe = 0; pe < n; ++pe)
    expect(a->sdest[half][3 * pe], value(pe, round, me), "alltoalls", round, pe);

  for (int i = 0; i < 3; ++i) a->rsrc[i] = me + round + i;
  shmem_long_sum_reduce(team, a->rdest[half], a->rsrc, 3);
  for (int i = 0; i < 3; ++i)
    expect(a->rdest[half][i], (long)n * (n - 1) / 2 + (long)n * (round + i), "sum", round, i);
}

/* Broadcasts from one root in bursts of BURST, a barrier between bursts,
 * each into its own dest: the root may run ahead of its readers by a whole
 * burst, through every staging buffer. */
enum { BURST = 40, BURSTS = 50 };
static long burst_dest[BURST], burst_src;

static void bursts(void) {
  for (int b = 0; b < BURSTS; ++b) {
    for (int i = 0; i < BURST; ++i) {
      burst_src = value(shmem_my_pe(), b, i);
      shmem_long_broadcast(SHMEM_TEAM_WORLD, &burst_dest[i], &burst_src, 1, 0);
      expect(burst_dest[i], value(0, b, i), "burst broadcast", b, i);
    }
    shmem_barrier_all();
  }
}

int main(void) {
  shmem_init();
  const int npes = shmem_n_pes();
  if (npes > MAX_PES) shmem_global_exit(2);
  struct arrays world, half;
  allocate(&world);
  allocate(&half);
  shmem_team_t evens = SHMEM_TEAM_INVALID;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
  shmem_barrier_all();

  for (int round = 0; round < ROUNDS; ++round) {
    one_round(SHMEM_TEAM_WORLD, &world, round);
    if (evens != SHMEM_TEAM_INVALID) one_round(evens, &half, round);
  }

  bursts();
  if (evens != SHMEM_TEAM_INVALID) shmem_team_destroy(evens);
  shmem_barrier_all();
  if (failures == 0 && shmem_my_pe() == 0) printf("coll_pipeline: %d rounds passed\n", ROUNDS);
  shmem_finalize();
  return failures == 0 ? 0 : 1;
}
