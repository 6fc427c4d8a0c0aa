/* ring: tokens travel around a ring of PEs. In every round each PE puts the
 * token it holds, plus one, into its right neighbour; after `laps` times
 * around the ring every token is back where it started, counted up once per
 * hop. Two slots alternate between rounds, so one barrier per round is all
 * the synchronization needed. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long slot[2]; /* symmetric: the token arriving in an even/odd round */

int main(int argc, char **argv) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes;
  const int laps = argc > 1 ? atoi(argv[1]) : 10;
  const long rounds = (long)laps * npes;

  long token = 1000L * me; /* each PE starts its own token */
  for (long r = 0; r < rounds; ++r) {
    shmem_long_p(&slot[r % 2], token + 1, right);
    shmem_barrier_all();
    token = slot[r % 2];
  }

  const long expected = 1000L * me + rounds;
  const int ok = token == expected;
  if (!ok) fprintf(stderr, "ring: PE %d holds token %ld, expected %ld\n", me, token, expected);
  if (me == 0)
    printf("ring: %d PEs, %d laps, %ld hops per token: %s\n", npes, laps, rounds,
           ok ? "ok" : "WRONG");
  shmem_finalize();
  return ok ? 0 : 1;
}
