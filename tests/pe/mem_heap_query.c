/* The symmetric heap queries of shmemx.h.
 *
 *   mem_heap_query BYTES    (run with SHMEM_SYMMETRIC_SIZE=BYTES or 64M...)
 *
 * shmemx_heap_size() is BYTES rounded up to whole pages (so at least BYTES
 * and a multiple of the page size) and does not change with allocations;
 * shmemx_heap_available() is at most the heap size, the same on every PE,
 * drops by at least the size of each shmem_malloc and comes back after
 * shmem_free; it is the largest block shmem_malloc can return now:
 * shmem_malloc(available) succeeds and shmem_malloc(available + 4096)
 * returns NULL, also when the heap has a hole (the largest free block is
 * then not the total free). */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <shmemx.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static size_t pub_value, pub_min, pub_max;

/* Whether v is the same on every PE (collective over the world). */
static int same_everywhere(size_t v) {
  pub_value = v;
  shmem_barrier_all();
  shmem_size_min_reduce(SHMEM_TEAM_WORLD, &pub_min, &pub_value, 1);
  shmem_size_max_reduce(SHMEM_TEAM_WORLD, &pub_max, &pub_value, 1);
  return pub_min == v && pub_max == v;
}

/* available is what shmem_malloc can give: exactly that much works, 4 KiB
 * more does not. Returns the block (to be freed) or NULL. */
static void *check_largest(const char *when) {
  const size_t avail = shmemx_heap_available();
  CHECK_MSG(same_everywhere(avail), "%s: heap_available() = %zu differs between PEs (%zu to %zu)",
            when, avail, pub_min, pub_max);
  void *too_big = shmem_malloc(avail + 4096);
  CHECK_MSG(too_big == NULL, "%s: shmem_malloc(heap_available() + 4096 = %zu) returned %p", when,
            avail + 4096, too_big);
  if (too_big) shmem_free(too_big);
  CHECK_MSG(shmemx_heap_available() == avail, "%s: a failed shmem_malloc changed heap_available()",
            when);
  if (avail == 0) return NULL;
  void *p = shmem_malloc(avail);
  CHECK_MSG(p != NULL, "%s: shmem_malloc(heap_available() = %zu) returned NULL", when, avail);
  if (p) {
    /* The whole block is usable memory. */
    ((volatile char *)p)[0] = 1;
    ((volatile char *)p)[avail - 1] = 2;
    CHECK_MSG(shmem_addr_accessible(p, shmem_my_pe()), "%s: the block is not symmetric", when);
    const size_t after = shmemx_heap_available();
    CHECK_MSG(after < avail, "%s: heap_available() = %zu after taking all %zu bytes", when, after,
              avail);
    void *more = shmem_malloc(after + 4096);
    CHECK_MSG(more == NULL, "%s, all taken: shmem_malloc(%zu) returned %p", when, after + 4096,
              more);
    if (more) shmem_free(more);
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: mem_heap_query SHMEM_SYMMETRIC_SIZE-in-bytes\n");
    return 2;
  }
  const size_t asked = strtoull(argv[1], NULL, 10);
  shmem_init();
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const size_t size = shmemx_heap_size();
  const size_t rounded = (asked + page - 1) / page * page;
  CHECK_MSG(size >= asked, "heap_size() = %zu, below SHMEM_SYMMETRIC_SIZE = %zu", size, asked);
  CHECK_MSG(size % page == 0, "heap_size() = %zu is not a multiple of the page size %zu", size,
            page);
  CHECK_MSG(size == rounded,
            "heap_size() = %zu, expected SHMEM_SYMMETRIC_SIZE %zu rounded up to "
            "whole pages: %zu",
            size, asked, rounded);
  CHECK_MSG(same_everywhere(size), "heap_size() = %zu differs between PEs", size);

  const size_t initial = shmemx_heap_available();
  if (shmem_my_pe() == 0) printf("heap_size %zu, heap_available %zu at start\n", size, initial);
  CHECK_MSG(initial <= size && initial > 0, "heap_available() = %zu of a %zu-byte heap", initial,
            size);
  CHECK_MSG(same_everywhere(initial), "heap_available() = %zu differs between PEs", initial);

  /* Allocations lower it by at least their size; frees give it back. */
  const size_t sizes[] = {1, 1000, 4096, size / 16, size / 4};
  void *blocks[sizeof sizes / sizeof sizes[0]];
  size_t prev = initial;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
    blocks[k] = shmem_malloc(sizes[k]);
    CHECK(blocks[k] != NULL);
    const size_t now = shmemx_heap_available();
    CHECK_MSG(now + sizes[k] <= prev, "shmem_malloc(%zu): heap_available() %zu -> %zu", sizes[k],
              prev, now);
    CHECK_MSG(same_everywhere(now), "after shmem_malloc(%zu): heap_available() differs", sizes[k]);
    CHECK(shmemx_heap_size() == size);
    prev = now;
  }
  void *aligned = shmem_align(1 << 16, 1 << 16);
  CHECK(aligned != NULL);
  CHECK_MSG(shmemx_heap_available() + (1 << 16) <= prev, "shmem_align: heap_available() %zu -> %zu",
            prev, shmemx_heap_available());
  shmem_free(aligned);
  CHECK_MSG(shmemx_heap_available() == prev,
            "free after shmem_align: heap_available() %zu, was %zu", shmemx_heap_available(), prev);
  for (size_t k = sizeof sizes / sizeof sizes[0]; k-- > 0;) shmem_free(blocks[k]);
  CHECK_MSG(shmemx_heap_available() == initial,
            "after freeing everything: heap_available() = %zu, %zu at start",
            shmemx_heap_available(), initial);

  /* The largest block, on an empty heap. */
  void *all = check_largest("empty heap");
  shmem_free(all);
  CHECK_MSG(shmemx_heap_available() == initial, "after freeing the whole heap: %zu, %zu at start",
            shmemx_heap_available(), initial);

  /* With a hole: a, b, c, then b freed; the tail is taken, so the largest
   * free block is the hole, less than the free total. */
  const size_t chunk = size / 8;
  void *a = shmem_malloc(chunk), *b = shmem_malloc(chunk), *c = shmem_malloc(chunk);
  CHECK(a && b && c);
  shmem_free(b);
  void *tail = shmem_malloc(shmemx_heap_available());
  CHECK(tail != NULL);
  const size_t hole = shmemx_heap_available();
  CHECK_MSG(hole >= chunk && hole < 2 * chunk, "the hole of %zu bytes: heap_available() = %zu",
            chunk, hole);
  void *in_hole = check_largest("heap with a hole");
  CHECK_MSG(in_hole == NULL || ((char *)in_hole >= (char *)a && (char *)in_hole < (char *)c),
            "the hole's block %p is not between %p and %p", in_hole, a, c);
  shmem_free(in_hole);
  shmem_free(tail);
  shmem_free(c);
  shmem_free(a);
  CHECK_MSG(shmemx_heap_available() == initial, "at the end: heap_available() = %zu, %zu at start",
            shmemx_heap_available(), initial);
  CHECK_DONE();
}
