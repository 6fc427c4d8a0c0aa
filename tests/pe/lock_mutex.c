/* Distributed locks (section 9.12): shmem_set_lock, shmem_test_lock and
 * shmem_clear_lock on a static `long` lock and on heap locks (at offsets
 * that give them different home PEs).
 *
 * Mutual exclusion: every PE, many times, takes a lock (by set_lock or by
 * spinning on test_lock) and does a non-atomic read-modify-write of a
 * counter on PE 0 (g, then p of value + 1, then quiet); the final counters
 * are exact. An occupancy count, raised with fetch_inc on entry and lowered
 * with a non-blocking add just before clear_lock (whose quiet must deliver
 * it), must be 0 at every entry.
 * test_lock: returns 0 when it took a free lock, 1 when another PE holds it.
 * Hand-over: one PE holds a lock while all others queue in set_lock; each
 * must find the holder's last update (made just before clear_lock) done. */
#include <shmem.h>
#include <unistd.h>

#include "check.h"

enum { ITER = 60, N_LOCKS = 3 };

static long static_lock;
static long counters[N_LOCKS]; /* on PE 0 */
static long released;          /* on PE 0: the hand-over round last released */

static int me, npes;
static long *locks[N_LOCKS];
static long *inside; /* on PE 0: PEs in each lock's critical section */

static void acquire(long *lock, int by_test) {
  if (by_test)
    while (shmem_test_lock(lock)) {
    }
  else
    shmem_set_lock(lock);
}

static void enter(int l) {
  const long in = shmem_long_atomic_fetch_inc(&inside[l], 0);
  CHECK_MSG(in == 0, "lock %d: %ld other PE(s) in the critical section", l, in);
}
static void leave(int l) { shmem_long_atomic_add(&inside[l], -1, 0); /* clear_lock's quiet */ }

static void mutual_exclusion(void) {
  for (int i = 0; i < ITER; ++i) {
    const int l = (i + me) % N_LOCKS;
    acquire(locks[l], i % 4 == 3);
    enter(l);
    const long v = shmem_long_g(&counters[l], 0);
    shmem_long_p(&counters[l], v + 1, 0);
    shmem_quiet();
    leave(l);
    shmem_clear_lock(locks[l]);
  }
  shmem_barrier_all();
  for (int l = 0; l < N_LOCKS; ++l) {
    long want = 0;
    for (int pe = 0; pe < npes; ++pe)
      for (int i = 0; i < ITER; ++i) want += (i + pe) % N_LOCKS == l;
    const long got = shmem_long_g(&counters[l], 0);
    CHECK_MSG(got == want, "lock %d: counter %ld, expected %ld", l, got, want);
  }
}

/* PE `holder` holds each lock; every other PE's test_lock must fail. Then
 * the lock is free and the next PE's test_lock takes it. */
static void test_lock_semantics(void) {
  for (int l = 0; l < N_LOCKS; ++l) {
    const int holder = l % npes, next = (holder + 1) % npes;
    shmem_barrier_all();
    if (me == holder) CHECK_MSG(shmem_test_lock(locks[l]) == 0, "lock %d: free, not taken", l);
    shmem_barrier_all();
    if (me != holder)
      CHECK_MSG(shmem_test_lock(locks[l]) == 1, "lock %d: taken while PE %d holds it", l, holder);
    shmem_barrier_all();
    if (me == holder) shmem_clear_lock(locks[l]);
    shmem_barrier_all();
    if (me == next) {
      CHECK_MSG(shmem_test_lock(locks[l]) == 0, "lock %d: not taken after it was cleared", l);
      shmem_clear_lock(locks[l]);
    }
  }
  shmem_barrier_all();
}

/* The lock goes from PE to PE: the holder of the round keeps it while the
 * others queue up, then lets go. */
static void hand_over(void) {
  for (int r = 0; r < 3 * npes; ++r) {
    const int holder = r % npes, l = r % N_LOCKS;
    if (me == holder) shmem_set_lock(locks[l]);
    shmem_barrier_all();
    if (me == holder) {
      enter(l);
      usleep(2000); /* the others are queued by now, most likely */
      shmem_long_p(&released, r + 1, 0);
      leave(l);
    } else {
      shmem_set_lock(locks[l]);
      enter(l);
      const long seen = shmem_long_g(&released, 0);
      CHECK_MSG(seen == r + 1,
                "round %d: got lock %d from PE %d before its last update "
                "(released = %ld)",
                r, l, holder, seen);
      leave(l);
    }
    shmem_clear_lock(locks[l]);
    shmem_barrier_all();
  }
}

int main(void) {
  CHECK_INIT();
  long *heap_locks = (long *)shmem_calloc(8, sizeof(long));
  inside = (long *)shmem_calloc(N_LOCKS, sizeof(long));
  locks[0] = &static_lock;
  locks[1] = &heap_locks[1];
  locks[2] = &heap_locks[6];
  mutual_exclusion();
  test_lock_semantics();
  hand_over();
  shmem_barrier_all();
  shmem_free(inside);
  shmem_free(heap_locks);
  CHECK_DONE();
}
