/* Sections 9.5 and 9.11: what completes a context's operations. Each PE
 * sends a block of nbi puts and nbi fetch-adds to its right neighbour on a
 * context, completes them with one of shmem_ctx_quiet, shmem_ctx_destroy,
 * shmem_pe_quiet or shmem_ctx_pe_quiet, and then raises a flag the
 * neighbour waits for; the neighbour must then see every value. */
#include <shmem.h>

#include "check.h"

enum { N = 2048, ROUNDS = 4 };

static long block[ROUNDS][N];
static long flags[ROUNDS];
static long adds[ROUNDS];

static void send(shmem_ctx_t ctx, int round, int right, long *fetched) {
  static long values[N];
  for (int i = 0; i < N; ++i) values[i] = 1000L * round + i + shmem_my_pe();
  for (int i = 0; i < N; i += 256)
    shmem_ctx_long_put_nbi(ctx, &block[round][i], &values[i], 256, right);
  shmem_ctx_long_atomic_fetch_add_nbi(ctx, fetched, &adds[round], 7, right);
}

static void receive(int round, int left) {
  shmem_long_wait_until(&flags[round], SHMEM_CMP_EQ, 1);
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += block[round][i] != 1000L * round + i + left;
  CHECK_MSG(bad == 0, "round %d: %d values missing after the flag", round, bad);
  CHECK_MSG(adds[round] == 7, "round %d: add gave %ld", round, adds[round]);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  long fetched[ROUNDS] = {-1, -1, -1, -1};

  for (int round = 0; round < ROUNDS; ++round) {
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT; /* round 2: shmem_pe_quiet is on the default */
    if (round != 2) CHECK(shmem_ctx_create(round == 3 ? 0 : SHMEM_CTX_PRIVATE, &ctx) == 0);
    send(ctx, round, right, &fetched[round]);
    switch (round) {
    case 0: shmem_ctx_quiet(ctx); break;
    case 1: shmem_ctx_destroy(ctx); break;
    case 2: shmem_pe_quiet(&right, 1); break;
    default: shmem_ctx_pe_quiet(ctx, &right, 1); break;
    }
    CHECK_MSG(fetched[round] == 0, "round %d fetched %ld", round, fetched[round]);
    shmem_long_atomic_set(&flags[round], 1, right);
    receive(round, left);
    if (round == 0 || round == 3) shmem_ctx_destroy(ctx);
  }
  shmem_barrier_all();
  CHECK_DONE();
}
