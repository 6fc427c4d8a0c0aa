/* The flag idioms docs/user-guide.md ("Waiting for a flag") recommends, as
 * it writes them: a ping-pong between PE pairs (0-1, 2-3, ...) whose flag
 * is raised by an AMO and reset by an AMO plus quiet, one raised by a put
 * with signal and reset by shmem_signal_set plus quiet, and a counter
 * that is never reset. Each round carries data the waiting PE checks. */
#include <shmem.h>

#include "check.h"

#define ROUNDS 500

static long flag, data;
static uint64_t sig;

/* Raised by shmem_atomic_set after the data's put and a fence. */
static void by_amo(int me, int peer, int first) {
  for (int round = 0; round < ROUNDS; ++round) {
    if ((round % 2 == 0) == first) {
      shmem_long_p(&data, round, peer);
      shmem_fence();
      shmem_long_atomic_set(&flag, 1, peer);
    } else {
      shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
      CHECK_MSG(data == round, "round %d by AMO: data = %ld", round, data);
      shmem_long_atomic_set(&flag, 0, me);
      shmem_quiet();
    }
  }
}

/* Raised by a put with signal, reset by shmem_signal_set. */
static void by_signal(int me, int peer, int first) {
  for (int round = 0; round < ROUNDS; ++round) {
    if ((round % 2 == 0) == first) {
      const long value = round;
      shmem_long_put_signal(&data, &value, 1, &sig, 1, SHMEM_SIGNAL_SET, peer);
    } else {
      shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
      CHECK_MSG(data == round, "round %d by signal: data = %ld", round, data);
      shmem_signal_set(&sig, 0, me);
      shmem_quiet();
    }
  }
}

/* A counter never reset: round i waits for it to reach i. */
static void by_count(int peer, int first) {
  shmem_barrier_all();
  sig = 0;
  shmem_barrier_all();
  uint64_t seen = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    if ((round % 2 == 0) == first) {
      const long value = round;
      shmem_long_put_signal(&data, &value, 1, &sig, 1, SHMEM_SIGNAL_ADD, peer);
    } else {
      seen = shmem_signal_wait_until(&sig, SHMEM_CMP_GE, seen + 1);
      CHECK_MSG(data == round, "round %d by count: data = %ld", round, data);
    }
  }
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe();
  const int peer = me ^ 1;
  if (peer < shmem_n_pes()) {
    const int first = me % 2 == 0;
    by_amo(me, peer, first);
    by_signal(me, peer, first);
    by_count(peer, first);
  } else {
    shmem_barrier_all(); /* the odd PE out meets by_count's barriers */
    shmem_barrier_all();
  }
  CHECK_DONE();
}
