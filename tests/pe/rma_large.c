/* Transfers of more than INT_MAX bytes (MPI counts are int): shmem_putmem,
 * shmem_getmem, shmem_long_put and shmem_long_get of 2.2 GB between two
 * PEs. Each word holds a value derived from its index, so a piece that
 * lands at the wrong place, is cut short or is sent twice shows, and the
 * bytes just past the end must stay untouched.
 *
 * Memory touched: 2.2 GB of symmetric heap on PE 1 and 2.2 GB of private
 * memory on PE 0, plus page-sized guards. Run with 2 PEs and
 * SHMEM_SYMMETRIC_SIZE of at least 2.3 GB. */
#include <limits.h>
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define NBYTES ((size_t)2200 * 1000 * 1000) /* > INT_MAX, a multiple of 8 */
#define NWORDS (NBYTES / sizeof(uint64_t))
#define GUARD 4096 /* bytes past the end that must not change */
#define GUARD_BYTE 0x5A

_Static_assert(NBYTES > INT_MAX, "the point is more than INT_MAX bytes");
_Static_assert(sizeof(long) == sizeof(uint64_t), "long_put moves the same words");

static uint64_t word(size_t i, uint64_t seed) { return (i + 1) * 0x9E3779B97F4A7C15ULL ^ seed; }

static void fill(uint64_t *buf, uint64_t seed) {
  for (size_t i = 0; i < NWORDS; ++i) buf[i] = word(i, seed);
}

static void expect(const char *what, const uint64_t *buf, uint64_t seed) {
  for (size_t i = 0; i < NWORDS; ++i)
    if (buf[i] != word(i, seed)) {
      CHECK_MSG(0, "%s: word %zu (byte %zu) is %#llx, expected %#llx", what, i, i * 8,
                (unsigned long long)buf[i], (unsigned long long)word(i, seed));
      return;
    }
  const unsigned char *guard = (const unsigned char *)(buf + NWORDS);
  for (size_t i = 0; i < GUARD; ++i)
    if (guard[i] != GUARD_BYTE) {
      CHECK_MSG(0, "%s: byte %zu past the end changed to %#x", what, i, guard[i]);
      return;
    }
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe();
  CHECK_MSG(shmem_n_pes() == 2, "run this test with 2 PEs, not %d", shmem_n_pes());
  uint64_t *sym = shmem_malloc(NBYTES + GUARD); /* touched on PE 1 only */
  uint64_t *local = me == 0 ? malloc(NBYTES + GUARD) : NULL;
  CHECK(sym != NULL && (me != 0 || local != NULL));
  if (check_failures) shmem_global_exit(1);
  if (me == 0) memset(local + NWORDS, GUARD_BYTE, GUARD);
  if (me == 1) memset(sym + NWORDS, GUARD_BYTE, GUARD);
  shmem_barrier_all();

  /* putmem: PE 0 -> PE 1 */
  if (me == 0) {
    fill(local, 1);
    shmem_putmem(sym, local, NBYTES, 1);
  }
  shmem_barrier_all();
  if (me == 1) {
    expect("shmem_putmem", sym, 1);
    fill(sym, 2);
  }
  shmem_barrier_all();

  /* getmem: PE 0 <- PE 1 */
  if (me == 0) {
    shmem_getmem(local, sym, NBYTES, 1);
    expect("shmem_getmem", local, 2);
    fill(local, 3);
    shmem_long_put((long *)sym, (const long *)local, NWORDS, 1);
  }
  shmem_barrier_all();

  /* long_put: PE 0 -> PE 1, then long_get back */
  if (me == 1) {
    expect("shmem_long_put", sym, 3);
    fill(sym, 4);
  }
  shmem_barrier_all();
  if (me == 0) {
    shmem_long_get((long *)local, (const long *)sym, NWORDS, 1);
    expect("shmem_long_get", local, 4);
  }
  shmem_barrier_all();

  free(local);
  shmem_free(sym);
  CHECK_DONE();
}
