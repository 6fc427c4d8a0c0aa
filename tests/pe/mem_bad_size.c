/* Sizes no symmetric heap holds: shmem_malloc, shmem_calloc and shmem_align
 * return NULL on every PE, and the program goes on. A "negative" size (a
 * negative number converted to size_t) and a size just above the heap get
 * different SHMEM_DEBUG messages (tests/pe/setup.cmake checks them). */
#include <shmem.h>
#include <shmemx.h>

#include "check.h"

int main(void) {
  shmem_init();
  const size_t negative = (size_t)-8;
  CHECK(shmem_malloc(negative) == NULL);
  CHECK(shmem_calloc(1, negative) == NULL);
  CHECK(shmem_align(64, negative) == NULL);
  CHECK(shmem_malloc(shmemx_heap_size() + 1) == NULL);
  long *block = shmem_malloc(sizeof(long));
  CHECK(block != NULL);
  shmem_free(block);
  CHECK_DONE();
}
