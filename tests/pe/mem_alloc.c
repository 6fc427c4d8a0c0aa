/* Section 9.3: memory management. shmem_malloc, shmem_calloc, shmem_align,
 * shmem_malloc_with_hints, shmem_realloc and shmem_free (and the deprecated
 * shmalloc family): sizes, alignment, contents, zero sizes, symmetry of the
 * returned addresses, and remote access straight after the allocation. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

enum { MAX_BLOCKS = 16, MAX_PES = 256 };

static int me, npes;
/* On PE 0: offsets[pe][i] is block i's offset from the first block on pe. */
static long offsets[MAX_PES][MAX_BLOCKS];

static int aligned(const void *p, size_t alignment) {
  return ((uintptr_t)p & (alignment - 1)) == 0;
}

/* Every PE writes into its right neighbour's new block at once: the
 * allocation's closing barrier makes that memory usable everywhere. */
static void check_remote_use(char *block, size_t size, const char *what) {
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  const unsigned char mark = (unsigned char)(me * 16 + 1);
  unsigned char row[64];
  memset(row, mark, sizeof row);
  const size_t n = size < sizeof row ? size : sizeof row;
  shmem_putmem(block, row, n, right);            /* first bytes */
  shmem_putmem(block + size - n, row, n, right); /* last bytes */
  shmem_barrier_all();
  const unsigned char want = (unsigned char)(left * 16 + 1);
  CHECK_MSG((unsigned char)block[0] == want && (unsigned char)block[size - 1] == want,
            "%s: %zu bytes: got %d %d, want %d", what, size, block[0], block[size - 1], want);
  shmem_barrier_all();
}

static void check_malloc_free(void) {
  CHECK(shmem_malloc(0) == NULL);
  const size_t sizes[] = {1, 7, 16, 100, 4096, 1 << 20};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i) {
    char *p = shmem_malloc(sizes[i]);
    CHECK_MSG(p != NULL, "shmem_malloc(%zu)", sizes[i]);
    if (!p) continue;
    CHECK_MSG(aligned(p, _Alignof(max_align_t)), "shmem_malloc(%zu) = %p", sizes[i], (void *)p);
    CHECK(shmem_addr_accessible(p, (me + 1) % npes));
    check_remote_use(p, sizes[i], "shmem_malloc");
    shmem_free(p);
  }
  shmem_free(NULL); /* allowed, does nothing */
}

static void check_calloc(void) {
  CHECK(shmem_calloc(0, 8) == NULL);
  CHECK(shmem_calloc(8, 0) == NULL);
  /* Dirty a block, free it, and calloc over the same space. */
  long *dirty = shmem_malloc(1000 * sizeof(long));
  CHECK(dirty != NULL);
  if (dirty) memset(dirty, 0xab, 1000 * sizeof(long));
  shmem_free(dirty);
  long *z = shmem_calloc(1000, sizeof(long));
  CHECK(z != NULL);
  if (!z) return;
  int nonzero = 0;
  for (int i = 0; i < 1000; ++i) nonzero += z[i] != 0;
  CHECK_MSG(nonzero == 0, "shmem_calloc: %d non-zero elements", nonzero);
  shmem_barrier_all(); /* everyone has looked before the left PE writes */
  check_remote_use((char *)z, 1000 * sizeof(long), "shmem_calloc");
  shmem_free(z);
}

static void check_align(void) {
  for (size_t alignment = 16; alignment <= 4096; alignment *= 2) {
    char *pad = shmem_malloc(24); /* knock the next block off any alignment */
    char *p = shmem_align(alignment, 100);
    CHECK_MSG(p != NULL, "shmem_align(%zu, 100)", alignment);
    if (p) {
      CHECK_MSG(aligned(p, alignment), "shmem_align(%zu) = %p", alignment, (void *)p);
      check_remote_use(p, 100, "shmem_align");
    }
    shmem_free(p);
    shmem_free(pad);
  }
  CHECK(shmem_align(64, 0) == NULL);
  CHECK(shmem_align(48, 100) == NULL); /* not a power of two */
  CHECK(shmem_align(3, 100) == NULL);
}

static void check_hints(void) {
  const long hints[] = {0, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                        SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE};
  for (size_t i = 0; i < sizeof hints / sizeof *hints; ++i) {
    CHECK(shmem_malloc_with_hints(0, hints[i]) == NULL);
    long *p = shmem_malloc_with_hints(64 * sizeof(long), hints[i]);
    CHECK_MSG(p != NULL, "shmem_malloc_with_hints(512, %ld)", hints[i]);
    if (!p) continue;
    CHECK(aligned(p, _Alignof(max_align_t)));
    check_remote_use((char *)p, 64 * sizeof(long), "shmem_malloc_with_hints");
    /* shmem_realloc keeps the hints, and the contents. */
    for (int k = 0; k < 64; ++k) p[k] = k;
    long *q = shmem_realloc(p, 128 * sizeof(long));
    CHECK(q != NULL);
    if (q) {
      for (int k = 0; k < 64; ++k) CHECK(q[k] == k);
      p = q;
    }
    shmem_free(p);
  }
}

static int has_pattern(const unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i)
    if (p[i] != (unsigned char)(i * 31 + seed)) return 0;
  return 1;
}

static void fill_pattern(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i) p[i] = (unsigned char)(i * 31 + seed);
}

static void check_realloc(void) {
  unsigned char *p = shmem_realloc(NULL, 100); /* as shmem_malloc */
  CHECK(p != NULL);
  if (!p) return;
  fill_pattern(p, 100, (unsigned)me);
  /* Grow with a block behind it, so that the block has to move. */
  char *blocker = shmem_malloc(32);
  const size_t sizes[] = {1000, 100000, 5000, 50, 3 << 20, 10};
  size_t kept = 100;
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i) {
    unsigned char *q = shmem_realloc(p, sizes[i]);
    CHECK_MSG(q != NULL, "shmem_realloc to %zu", sizes[i]);
    if (!q) break;
    p = q;
    kept = kept < sizes[i] ? kept : sizes[i];
    CHECK_MSG(has_pattern(p, kept, (unsigned)me), "contents lost by shmem_realloc to %zu",
              sizes[i]);
    shmem_barrier_all(); /* everyone has looked before the left PE writes */
    check_remote_use((char *)p, sizes[i], "shmem_realloc");
    fill_pattern(p, sizes[i], (unsigned)me); /* check_remote_use wrote into it */
    kept = sizes[i];
  }
  CHECK(shmem_realloc(p, 0) == NULL); /* frees p */
  shmem_free(blocker);
}

/* Every PE's blocks have the same offsets: PE 0 compares them. */
static void check_symmetric_offsets(void) {
  void *blocks[MAX_BLOCKS];
  const size_t sizes[MAX_BLOCKS] = {8,  100,  3,  4096, 1,   17, 64,  1000,
                                    12, 5000, 33, 8,    256, 2,  999, 70000};
  for (int i = 0; i < MAX_BLOCKS; ++i)
    blocks[i] = (i % 3 == 2) ? shmem_align(256, sizes[i]) : shmem_malloc(sizes[i]);
  shmem_free(blocks[3]); /* holes, then fill them again */
  shmem_free(blocks[7]);
  blocks[3] = shmem_malloc(200);
  blocks[7] = shmem_calloc(10, 10);
  long mine[MAX_BLOCKS];
  for (int i = 0; i < MAX_BLOCKS; ++i) {
    CHECK(blocks[i] != NULL);
    mine[i] = (long)((char *)blocks[i] - (char *)blocks[0]);
  }
  if (npes <= MAX_PES) shmem_long_put(offsets[me], mine, MAX_BLOCKS, 0);
  shmem_barrier_all();
  if (me == 0)
    for (int pe = 1; pe < npes && pe < MAX_PES; ++pe)
      for (int i = 0; i < MAX_BLOCKS; ++i)
        CHECK_MSG(offsets[pe][i] == offsets[0][i], "block %d: offset %ld on PE %d, %ld on PE 0", i,
                  offsets[pe][i], pe, offsets[0][i]);
  for (int i = MAX_BLOCKS - 1; i >= 0; --i) shmem_free(blocks[i]);
}

/* The deprecated names of 1.2 still work. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void check_deprecated(void) {
  int *p = shmalloc(10 * sizeof(int));
  CHECK(p != NULL);
  if (p) {
    for (int i = 0; i < 10; ++i) p[i] = i;
    int *q = shrealloc(p, 1000 * sizeof(int));
    CHECK(q != NULL);
    if (q) {
      for (int i = 0; i < 10; ++i) CHECK(q[i] == i);
      p = q;
    }
    shfree(p);
  }
  void *a = shmemalign(1024, 10);
  CHECK(a != NULL && aligned(a, 1024));
  if (a) check_remote_use(a, 10, "shmemalign");
  shfree(a);
}

int main(void) {
  CHECK_INIT();
  check_malloc_free();
  check_calloc();
  check_align();
  check_hints();
  check_realloc();
  check_symmetric_offsets();
  check_deprecated();
  CHECK_DONE();
}
