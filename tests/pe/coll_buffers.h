/* The source and dest buffers of the collective tests: BUF_BYTES (which the
 * test defines first) each on the symmetric heap; every byte of dest that no
 * collective may write holds SENTINEL. */
#ifndef SHMEM_TEST_COLL_BUFFERS_H
#define SHMEM_TEST_COLL_BUFFERS_H

#include <shmem.h>
#include <string.h>

#define SENTINEL 0xA5

static unsigned char *src, *dst;

static void alloc_buffers(void) {
  src = shmem_malloc(BUF_BYTES);
  dst = shmem_malloc(BUF_BYTES);
}

/* Whether buf[from, to) still holds SENTINEL. */
static int untouched(const unsigned char *buf, size_t from, size_t to) {
  for (size_t b = from; b < to; ++b)
    if (buf[b] != SENTINEL) return 0;
  return 1;
}

/* Every byte of source `src_byte`, of dest SENTINEL, on every PE. */
static void fill_buffers(int src_byte) {
  memset(src, src_byte, BUF_BYTES);
  memset(dst, SENTINEL, BUF_BYTES);
  shmem_barrier_all();
}

#endif
