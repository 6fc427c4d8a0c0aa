/* Collectives beyond MPI's int counts and the library's 1 GiB pieces, on
 * 2 PEs: broadcastmem of 2 GiB, fcollectmem and collectmem whose results
 * exceed INT_MAX bytes, alltoallmem with 1 GiB blocks, and a sum reduction
 * and inclusive scan of 134 M longs (two pieces). Every 8-byte word is
 * derived from its index with a hash, so a piece at the wrong offset
 * shows (every size and offset is a multiple of 8); bytes past the end
 * must stay untouched.
 *
 * Memory touched: two 2 GiB symmetric buffers per PE. Run with 2 PEs and
 * SHMEM_SYMMETRIC_SIZE of at least 4.1 GB. */
#include <limits.h>
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define HALF (((size_t)1 << 30) + 24) /* just over one piece */
#define GUARD 4096                    /* bytes past the end */
#define GUARD_BYTE 0x5A

_Static_assert(2 * HALF > INT_MAX, "the point is more than INT_MAX bytes");
_Static_assert(HALF % 8 == 0, "whole words");

static unsigned char *src, *dst;
static int me, npes;

static uint64_t word(size_t i, int pe) {
  return (i + 1) * 0x9E3779B97F4A7C15ULL ^ (uint64_t)pe * 0xD1B54A32D192ED03ULL;
}

/* Fills the n bytes (a multiple of 8) of buf with PE pe's words. */
static void fill(unsigned char *buf, size_t n, int pe) {
  uint64_t *w = (uint64_t *)buf;
  for (size_t i = 0; i < n / 8; ++i) w[i] = word(i, pe);
}

/* Number of words of buf[0, n) that are not PE pe's words from byte offset on. */
static size_t wrong(const unsigned char *buf, size_t n, size_t offset, int pe) {
  const uint64_t *w = (const uint64_t *)buf;
  size_t bad = 0;
  for (size_t i = 0; i < n / 8; ++i) bad += w[i] != word(i + offset / 8, pe);
  return bad;
}

static size_t guard_damage(const unsigned char *end) {
  size_t bad = 0;
  for (size_t i = 0; i < GUARD; ++i) bad += end[i] != GUARD_BYTE;
  return bad;
}

static void reset_dst(size_t n) {
  memset(dst, 0, n);
  memset(dst + n, GUARD_BYTE, GUARD);
  shmem_barrier_all();
}

static void test_broadcast(void) {
  const size_t n = 2 * HALF;
  fill(src, n, me);
  reset_dst(n);
  CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, dst, src, n, npes - 1) == 0);
  CHECK_MSG(wrong(dst, n, 0, npes - 1) == 0, "broadcastmem of %zu bytes", n);
  CHECK(guard_damage(dst + n) == 0);
}

/* fixed: fcollect of HALF bytes each; else collect of HALF - 8 * pe. */
static void test_collect(int fixed) {
  const size_t mine = fixed ? HALF : HALF - 8 * (size_t)me;
  fill(src, mine, me);
  size_t total = 0;
  for (int pe = 0; pe < npes; ++pe) total += fixed ? HALF : HALF - 8 * (size_t)pe;
  reset_dst(total);
  CHECK((fixed ? shmem_fcollectmem : shmem_collectmem)(SHMEM_TEAM_WORLD, dst, src, mine) == 0);
  size_t at = 0;
  for (int pe = 0; pe < npes; ++pe) {
    const size_t n = fixed ? HALF : HALF - 8 * (size_t)pe;
    CHECK_MSG(wrong(dst + at, n, 0, pe) == 0, "%scollectmem: block of PE %d", fixed ? "f" : "", pe);
    at += n;
  }
  CHECK(guard_damage(dst + total) == 0);
}

/* Block j of PE i's source holds byte(j * HALF + k, i). */
static void test_alltoall(void) {
  fill(src, HALF * (size_t)npes, me);
  reset_dst(HALF * (size_t)npes);
  CHECK(shmem_alltoallmem(SHMEM_TEAM_WORLD, dst, src, HALF) == 0);
  for (int pe = 0; pe < npes; ++pe)
    CHECK_MSG(wrong(dst + (size_t)pe * HALF, HALF, (size_t)me * HALF, pe) == 0,
              "alltoallmem: block from PE %d", pe);
  CHECK(guard_damage(dst + HALF * (size_t)npes) == 0);
}

static void test_reduce_scan(void) {
  const size_t n = HALF / sizeof(long);
  long *s = (long *)src, *d = (long *)dst;
  for (size_t i = 0; i < n; ++i) s[i] = (long)(i % 1000) + me;
  reset_dst(n * sizeof(long));
  CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, d, s, n) == 0);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += d[i] != npes * (long)(i % 1000) + (long)npes * (npes - 1) / 2;
  CHECK_MSG(bad == 0, "sum_reduce of %zu longs: %zu wrong", n, bad);
  CHECK(shmem_long_sum_inscan(SHMEM_TEAM_WORLD, d, s, n) == 0);
  bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += d[i] != (me + 1) * (long)(i % 1000) + (long)me * (me + 1) / 2;
  CHECK_MSG(bad == 0, "sum_inscan of %zu longs: %zu wrong", n, bad);
  CHECK(guard_damage(dst + n * sizeof(long)) == 0);
}

int main(void) {
  CHECK_INIT();
  src = shmem_malloc(2 * HALF);
  dst = shmem_malloc(2 * HALF + GUARD);
  CHECK(src != NULL && dst != NULL && npes <= 2);
  if (src && dst && npes <= 2) {
    test_broadcast();
    test_collect(1);
    test_collect(0);
    test_alltoall();
    test_reduce_scan();
  }
  shmem_free(dst);
  shmem_free(src);
  CHECK_DONE();
}
