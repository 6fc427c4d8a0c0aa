/* shmem_align at every alignment the library supports, up to the heap size
 * (argv[1]: the largest power of two not above SHMEM_SYMMETRIC_SIZE rounded
 * to pages), and beyond it. Every block must be aligned on every PE (the
 * heap bases are aligned to that largest alignment), symmetric (a put to the
 * neighbour's copy lands in it) and whole (its last byte is writable); an
 * alignment above the limit returns NULL on every PE (with a warning). Also
 * shmem_realloc and shmem_malloc_with_hints: alignof(max_align_t), also
 * when the block moved out of a large alignment. */
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static int me, npes;

static int aligned(const void *p, size_t alignment) {
  return ((uintptr_t)p & (alignment - 1)) == 0;
}

/* The right neighbour's copy of block[offset] gets a mark; the left one's
 * mark must arrive here. */
static void check_symmetric(char *block, size_t offset, const char *what, size_t alignment) {
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  shmem_char_p(block + offset, (char)('a' + me % 26), right);
  shmem_barrier_all();
  CHECK_MSG(block[offset] == (char)('a' + left % 26), "%s(%zu): byte %zu is %d, want %d", what,
            alignment, offset, block[offset], 'a' + left % 26);
  shmem_barrier_all();
}

/* A small block first knocks the next one off any alignment but the
 * largest (which must start the empty heap). */
static void check_alignment(size_t alignment, size_t limit) {
  char *pad = alignment < limit ? shmem_malloc(24) : NULL;
  const size_t size = alignment < limit ? alignment / 2 + 8 : alignment / 2;
  char *p = shmem_align(alignment, size);
  CHECK_MSG(p != NULL, "shmem_align(%zu, %zu)", alignment, size);
  if (p) {
    CHECK_MSG(aligned(p, alignment), "shmem_align(%zu) = %p", alignment, (void *)p);
    check_symmetric(p, 0, "shmem_align", alignment);
    check_symmetric(p, size - 1, "shmem_align", alignment);
  }
  shmem_free(p);
  shmem_free(pad);
}

/* shmem_align(alignment, 8) with this PE's stderr caught in `text`. */
static void *align_caught(size_t alignment, char *text, size_t room) {
  FILE *caught = tmpfile();
  CHECK(caught != NULL);
  if (!caught) return shmem_align(alignment, 8);
  fflush(stderr);
  const int saved = dup(2);
  dup2(fileno(caught), 2);
  void *p = shmem_align(alignment, 8);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(caught);
  text[fread(text, 1, room - 1, caught)] = '\0';
  fclose(caught);
  return p;
}

/* Beyond the limit: NULL on every PE with a warning that names the
 * argument and the limit, and the heap is still usable. */
static void check_beyond(size_t limit) {
  for (size_t alignment = limit * 2; alignment != 0 && alignment <= limit * 8; alignment *= 2) {
    char text[1024], want[128];
    CHECK_MSG(align_caught(alignment, text, sizeof text) == NULL,
              "shmem_align(%zu), above the limit %zu", alignment, limit);
    snprintf(want, sizeof want, "shmem_align: argument alignment = %zu is", alignment);
    CHECK_MSG(strstr(text, want) != NULL, "no warning \"%s...\"; stderr: %s", want, text);
    snprintf(want, sizeof want, "allowed are powers of two up to %zu", limit);
    CHECK_MSG(strstr(text, want) != NULL, "no \"%s\" in the warning: %s", want, text);
  }
  long *p = shmem_malloc(sizeof(long));
  CHECK(p != NULL);
  shmem_free(p);
}

/* realloc and malloc_with_hints promise alignof(max_align_t), also for a
 * block that came from a large alignment and had to move. */
static void check_realloc(size_t limit) {
  const size_t alignment = limit / 4 > 4096 ? limit / 4 : 4096;
  char *p = shmem_align(alignment, 64);
  char *blocker = shmem_malloc(8);
  CHECK(p != NULL && blocker != NULL);
  if (!p) return;
  p[0] = 'x';
  char *q = shmem_realloc(p, alignment / 2);
  CHECK_MSG(q != NULL, "shmem_realloc to %zu", alignment / 2);
  if (q) {
    CHECK_MSG(aligned(q, _Alignof(max_align_t)), "shmem_realloc = %p", (void *)q);
    CHECK(q[0] == 'x');
    check_symmetric(q, alignment / 2 - 1, "shmem_realloc", alignment);
    p = q;
  }
  long *h = shmem_malloc_with_hints(24, SHMEM_MALLOC_ATOMICS_REMOTE);
  CHECK(h != NULL && aligned(h, _Alignof(max_align_t)));
  shmem_free(h);
  shmem_free(blocker);
  shmem_free(p);
}

int main(int argc, char **argv) {
  CHECK_INIT();
  const size_t limit = argc > 1 ? strtoull(argv[1], NULL, 0) : 0;
  CHECK_MSG(limit >= 4096 && (limit & (limit - 1)) == 0, "argument: the largest alignment");
  if (check_failures) CHECK_DONE();
  for (size_t alignment = sizeof(void *); alignment <= limit; alignment *= 2)
    check_alignment(alignment, limit);
  check_beyond(limit);
  check_realloc(limit);
  CHECK_DONE();
}
