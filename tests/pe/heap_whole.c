/* The whole default heap on every PE, however many share the node: half of
 * it in one block at its largest alignment, whose far end each PE writes
 * on its right neighbour, and a counter on PE 0 that every PE adds to.
 * Run with many PEs (64 on one node need 64 heaps of 256 MiB there). */
#include <shmem.h>
#include <stdint.h>

#include "check.h"

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const size_t half = (size_t)128 << 20;
  char *block = shmem_align(half, half);
  long *count = shmem_calloc(1, sizeof(long));
  CHECK_MSG(block != NULL && count != NULL, "shmem_align(128 MiB) and shmem_calloc");
  if (block && count) {
    CHECK_MSG(((uintptr_t)block & (half - 1)) == 0, "block %p is not 128 MiB aligned",
              (void *)block);
    shmem_char_p(block + half - 1, (char)(me % 100), (me + 1) % npes);
    shmem_long_atomic_add(count, 1, 0);
    shmem_barrier_all();
    CHECK_MSG(block[half - 1] == (char)(((me + npes - 1) % npes) % 100), "far end holds %d",
              block[half - 1]);
    if (me == 0) CHECK_MSG(*count == npes, "count %ld, want %d", *count, npes);
  }
  CHECK_DONE();
}
