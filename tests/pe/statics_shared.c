/* Global and static variables on a node take the heap's path: shmem_ptr
 * gives a usable address for every PE of SHMEM_TEAM_SHARED (only this PE's
 * own in forced inter-node mode), stores through it are seen by the owner,
 * initialized data keeps its values, bss starts zero, and AMOs from every
 * PE on one global counter are atomic. Built as a PIE and as a non-PIE
 * executable (tests/pe/amo.cmake); with SHMEM_NODE_GLOBALS=0 only this
 * PE's own globals are mapped, and the rest goes through MPI. */
#include <shmem.h>
#include <stdint.h>

#include "check.h"

static long initialized[4] = {11, 22, 33, 44};
static long zeroed[1 << 14];
static long counter;
static int32_t small_counter;

static void check_pointers(int me, int npes) {
  const shmem_team_t shared = SHMEM_TEAM_SHARED;
  for (int pe = 0; pe < npes; ++pe) {
    long *there = shmem_ptr(&zeroed[pe], pe);
    const int on_node = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, shared) >= 0 &&
                        (pe == me || check_node_globals());
    CHECK_MSG((there != NULL) == on_node, "shmem_ptr(global, %d) = %p, on this node: %d", pe,
              (void *)there, on_node);
    if (check_split_nodes()) CHECK((there != NULL) == (pe == me));
    if (there) {
      CHECK(there[1 << 13] == 0);
      CHECK(((long *)shmem_ptr(initialized, pe))[3] == 44);
      there[0] = 1000 + me; /* PE me writes zeroed[pe] of PE pe ... */
    }
  }
  shmem_barrier_all();
  for (int pe = 0; pe < npes; ++pe) /* ... so PE me's zeroed[me] holds the last writer */
    if (shmem_ptr(&zeroed[me], pe) != NULL && pe != me) CHECK(zeroed[me] >= 1000);
}

static void check_atomics(int me, int npes) {
  for (int pe = 0; pe < npes; ++pe)
    for (int i = 0; i < 1000; ++i) {
      shmem_long_atomic_add(&counter, 1, pe);
      (void)shmem_int32_atomic_fetch_inc(&small_counter, pe);
    }
  shmem_barrier_all();
  CHECK_MSG(counter == 1000L * npes, "counter = %ld", counter);
  CHECK(small_counter == 1000 * npes);
  long got[4];
  shmem_long_get(got, initialized, 4, (me + 1) % npes);
  CHECK(got[0] == 11 && got[3] == 44);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  check_pointers(me, npes);
  check_atomics(me, npes);
  CHECK_DONE();
}
