/* Strided puts and gets of blocks whose size is a multiple of 2, 4 or 8
 * bytes at every byte offset: between nodes the library describes such
 * blocks to MPI as 16-, 32- or 64-bit integers, which must not assume the
 * addresses are aligned to them. ibput/ibget of chars (bsize = the block's
 * bytes) from and to the heap and a global array, at offsets 0-7 on both
 * sides, to the right neighbour; every byte checked, and the bytes between
 * the blocks untouched. */
#include <shmem.h>
#include <string.h>

#include "check.h"

enum { SPAN = 4096, NBLOCKS = 5 };

static char global_area[SPAN];

static char pattern(int pe, int i) { return (char)(pe * 31 + i * 7 + 1); }

/* The expected bytes of `area` after blocks of `bsize` bytes came from
 * `from`'s pattern at src_off, sst apart, to dst_off, dst apart. */
static int check_area(const char *area, int from, size_t bsize, int dst_off, int dst, int src_off,
                      int sst) {
  int bad = 0;
  for (int i = 0; i < SPAN; ++i) {
    char want = 0;
    for (int b = 0; b < NBLOCKS; ++b) {
      const int at = i - dst_off - b * dst;
      if (at >= 0 && at < (int)bsize) want = pattern(from, src_off + b * sst + at);
    }
    bad += area[i] != want;
  }
  return bad;
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  char *heap_area = shmem_malloc(SPAN);
  char *src = shmem_malloc(SPAN);
  for (int i = 0; i < SPAN; ++i) src[i] = pattern(me, i);
  char *areas[2] = {heap_area, global_area};
  const size_t sizes[] = {2, 4, 8, 12, 16, 24};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
    const size_t bsize = sizes[s];
    const int dst = (int)bsize + 3, sst = 2 * (int)bsize + 1;
    for (int a = 0; a < 2; ++a) {
      for (int off = 0; off < 8; ++off) {
        char *area = areas[a];
        memset(area, 0, SPAN);
        shmem_barrier_all();
        shmem_char_ibput(area + off, src + 7 - off, dst, sst, bsize, NBLOCKS, right);
        shmem_barrier_all();
        CHECK_MSG(check_area(area, left, bsize, off, dst, 7 - off, sst) == 0,
                  "ibput of %zu-byte blocks at offset %d (%s): wrong bytes", bsize, off,
                  a == 0 ? "heap" : "global");
        char got[SPAN];
        memset(got, 0, SPAN);
        shmem_char_ibget(got + off, src + 7 - off, dst, sst, bsize, NBLOCKS, right);
        CHECK_MSG(check_area(got, right, bsize, off, dst, 7 - off, sst) == 0,
                  "ibget of %zu-byte blocks at offset %d: wrong bytes", bsize, off);
      }
    }
  }
  shmem_free(src);
  shmem_free(heap_area);
  CHECK_DONE();
}
