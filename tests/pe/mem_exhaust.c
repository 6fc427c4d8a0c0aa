/* Run with SHMEM_SYMMETRIC_SIZE=1M: a request far beyond the heap returns
 * NULL on every PE (for each allocation routine), a failed shmem_realloc
 * leaves its block alone, the heap holds at least the 1 MiB asked for, and
 * the library keeps working afterwards. */
#include <shmem.h>
#include <string.h>

#include "check.h"

enum { BLOCK = 64 << 10, MAX_BLOCKS = 1000, MAX_PES = 256 };
static const size_t too_big = (size_t)64 << 20;

static int me, npes;
static int counts[MAX_PES]; /* on PE 0: how many blocks each PE got */

static void check_too_big(void) {
  CHECK(shmem_malloc(too_big) == NULL);
  CHECK(shmem_calloc(too_big / 8, 8) == NULL);
  CHECK(shmem_align(4096, too_big) == NULL);
  CHECK(shmem_malloc_with_hints(too_big, SHMEM_MALLOC_ATOMICS_REMOTE) == NULL);
  CHECK(shmem_realloc(NULL, too_big) == NULL);
  CHECK(shmem_calloc(SIZE_MAX / 2, 4) == NULL); /* count * size overflows */

  char *p = shmem_malloc(1000);
  CHECK(p != NULL);
  if (!p) return;
  memset(p, 'k', 1000);
  CHECK(shmem_realloc(p, too_big) == NULL);
  int intact = 1;
  for (int i = 0; i < 1000; ++i) intact &= p[i] == 'k';
  CHECK_MSG(intact, "a failed shmem_realloc changed the block");
  shmem_free(p); /* still a live block */
}

/* Fill the heap with 64 KiB blocks: at least 1 MiB of them, the same number
 * on every PE, and not unbounded (the variable took effect). */
static void fill_heap(void) {
  static void *blocks[MAX_BLOCKS];
  int n = 0;
  while (n < MAX_BLOCKS && (blocks[n] = shmem_malloc(BLOCK)) != NULL) ++n;
  CHECK_MSG(n >= (1 << 20) / BLOCK, "only %d blocks of 64 KiB in a 1 MiB heap", n);
  CHECK_MSG(n < MAX_BLOCKS, "%d blocks of 64 KiB: SHMEM_SYMMETRIC_SIZE=1M ignored?", n);
  if (me < MAX_PES) shmem_int_p(&counts[me], n, 0);
  shmem_barrier_all();
  if (me == 0)
    for (int pe = 1; pe < npes && pe < MAX_PES; ++pe)
      CHECK_MSG(counts[pe] == n, "PE %d got %d blocks, PE 0 %d", pe, counts[pe], n);
  while (n > 0) shmem_free(blocks[--n]);
}

/* After all that the library works as before. */
static void still_working(void) {
  long *p = shmem_malloc((1 << 20) / 2);
  CHECK(p != NULL);
  if (!p) return;
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  const long value = 1000 + me;
  shmem_long_put(&p[1000], &value, 1, right);
  shmem_barrier_all();
  CHECK_MSG(p[1000] == 1000 + left, "put after exhaustion: %ld", p[1000]);
  shmem_free(p);
}

int main(void) {
  CHECK_INIT();
  check_too_big();
  fill_heap();
  check_too_big();
  still_working();
  CHECK_DONE();
}
