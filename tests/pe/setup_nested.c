/* Section 9.1: initialization nests (every init needs its finalize; only the
 * last finalize ends the library) and the library may be initialized again
 * after the last finalize. Also shmem_init_thread and shmem_query_thread at
 * every thread level, across re-initializations. */
#include <shmem.h>

#include "check.h"

static long global_slot; /* static data must work after re-initialization */
static int saved_me = -1;

/* CHECK names the PE through the library; this one works uninitialized. */
#define CHECK_UNINIT(cond)                                                                         \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "[PE %d] %s:%d: check failed (library not initialized): %s\n", saved_me,     \
              __FILE__, __LINE__, #cond);                                                          \
      ++check_failures;                                                                            \
    }                                                                                              \
  } while (0)

_Static_assert(SHMEM_THREAD_SINGLE < SHMEM_THREAD_FUNNELED &&
                   SHMEM_THREAD_FUNNELED < SHMEM_THREAD_SERIALIZED &&
                   SHMEM_THREAD_SERIALIZED < SHMEM_THREAD_MULTIPLE,
               "thread levels are ordered (section 9.2)");

static int initialized(void) {
  int flag = -1;
  shmem_query_initialized(&flag);
  return flag;
}

/* Every PE puts `tag` and its number to its right neighbour, into a block of
 * the heap and a static variable, and checks what its left one sent. */
static void ring_exchange(long tag) {
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  long *heap = shmem_malloc(2 * sizeof(long));
  CHECK(heap != NULL);
  if (!heap) return;
  const long mine[2] = {tag, me};
  shmem_long_put(heap, mine, 2, right);
  shmem_long_p(&global_slot, tag * 1000 + me, right);
  shmem_barrier_all();
  CHECK_MSG(heap[0] == tag && heap[1] == left, "tag %ld: heap got %ld %ld", tag, heap[0], heap[1]);
  CHECK_MSG(global_slot == tag * 1000 + left, "tag %ld: static got %ld", tag, global_slot);
  shmem_free(heap);
}

static void nested_init(void) {
  shmem_init();
  saved_me = shmem_my_pe();
  shmem_init();
  CHECK(initialized() == 1);
  ring_exchange(1);
  shmem_finalize(); /* not the last: the library stays usable */
  CHECK(initialized() == 1);
  CHECK(shmem_my_pe() == saved_me);
  ring_exchange(2);
  shmem_finalize();
  CHECK_UNINIT(initialized() == 0);
}

static void reinit(void) {
  shmem_init();
  CHECK(initialized() == 1);
  CHECK(shmem_my_pe() == saved_me);
  ring_exchange(3);
  shmem_finalize();
  CHECK_UNINIT(initialized() == 0);
}

/* One initialization per level; the provided level is a valid one, at most
 * the requested one, and what shmem_query_thread reports. A nested
 * shmem_init_thread keeps the library usable. */
static void thread_levels(void) {
  for (int level = SHMEM_THREAD_SINGLE; level <= SHMEM_THREAD_MULTIPLE; ++level) {
    int provided = -1, queried = -2;
    const int rc = shmem_init_thread(level, &provided);
    CHECK_MSG(rc == 0, "shmem_init_thread(%d) returned %d", level, rc);
    CHECK_MSG(provided >= SHMEM_THREAD_SINGLE && provided <= level, "requested %d, provided %d",
              level, provided);
    shmem_query_thread(&queried);
    CHECK_MSG(queried == provided, "provided %d, query says %d", provided, queried);

    int nested = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_SINGLE, &nested) == 0);
    CHECK(nested >= SHMEM_THREAD_SINGLE && nested <= SHMEM_THREAD_MULTIPLE);
    shmem_query_thread(&queried);
    CHECK_MSG(queried == nested, "nested init provided %d, query says %d", nested, queried);
    ring_exchange(10 + level);
    shmem_finalize();
    shmem_finalize();
    CHECK_UNINIT(initialized() == 0);
  }
}

int main(void) {
  nested_init();
  reinit();
  thread_levels();

  shmem_init(); /* plain init: any level, but a valid one */
  int queried = -1;
  shmem_query_thread(&queried);
  CHECK(queried >= SHMEM_THREAD_SINGLE && queried <= SHMEM_THREAD_MULTIPLE);
  ring_exchange(20);
  CHECK_DONE();
}
