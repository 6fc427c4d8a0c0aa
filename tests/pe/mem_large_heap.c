/* Run with a heap of about 300 MiB (SHMEM_SYMMETRIC_SIZE=300m, the
 * deprecated SMA_SYMMETRIC_SIZE=300m, or 0.29G): 256 MiB and then 32 MiB
 * more fit, which the default heap (256 MiB) would not hold, and both ends
 * of the blocks are remotely writable. */
#include <shmem.h>

#include "check.h"

static void check_ends(char *block, size_t size, int me, int npes) {
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  shmem_char_p(block, (char)('a' + me), right);
  shmem_char_p(block + size - 1, (char)('A' + me), right);
  shmem_barrier_all();
  CHECK_MSG(block[0] == 'a' + left && block[size - 1] == 'A' + left,
            "%zu-byte block: ends are %d %d", size, block[0], block[size - 1]);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const size_t big = (size_t)256 << 20, more = (size_t)32 << 20;
  char *p = shmem_malloc(big);
  CHECK_MSG(p != NULL, "shmem_malloc(256 MiB)");
  char *q = shmem_malloc(more);
  CHECK_MSG(q != NULL, "shmem_malloc(32 MiB) after 256 MiB");
  if (p) check_ends(p, big, me, npes);
  if (q) check_ends(q, more, me, npes);
  shmem_free(q);
  shmem_free(p);
  CHECK_DONE();
}
