// Section 9.3: memory management (core/memory.cpp).
#include <shmemx.h>

#include "api/stamp.hpp"
#include "core/memory.hpp"

using namespace shmemi;

extern "C" {

SHMEMI_ENTRY(void *, shmem_malloc)(size_t size) noexcept {
  return heap_malloc("shmem_malloc", size);
}

// The hints are performance advice; every block here serves every use.
SHMEMI_ENTRY(void *, shmem_malloc_with_hints)(size_t size, long) noexcept {
  return heap_malloc("shmem_malloc_with_hints", size);
}

SHMEMI_ENTRY(void *, shmem_calloc)(size_t count, size_t size) noexcept {
  return heap_calloc("shmem_calloc", count, size);
}

SHMEMI_ENTRY(void *, shmem_align)(size_t alignment, size_t size) noexcept {
  return heap_align("shmem_align", alignment, size);
}

SHMEMI_ENTRY(void, shmem_free)(void *ptr) noexcept { heap_free("shmem_free", ptr); }

SHMEMI_ENTRY(void *, shmem_realloc)(void *ptr, size_t size) noexcept {
  return heap_realloc("shmem_realloc", ptr, size);
}

// Extensions (shmemx.h): queries that communicate with nobody.
SHMEMI_ENTRY(size_t, shmemx_heap_size)(void) noexcept { return heap_size("shmemx_heap_size"); }
SHMEMI_ENTRY(size_t, shmemx_heap_available)(void) noexcept {
  return heap_available("shmemx_heap_available");
}

// Deprecated since 1.2.
SHMEMI_ENTRY(void *, shmalloc)(size_t size) noexcept { return pshmem_malloc(size); }
SHMEMI_ENTRY(void *, shmemalign)(size_t alignment, size_t size) noexcept {
  return pshmem_align(alignment, size);
}
SHMEMI_ENTRY(void *, shrealloc)(void *ptr, size_t size) noexcept {
  return pshmem_realloc(ptr, size);
}
SHMEMI_ENTRY(void, shfree)(void *ptr) noexcept { pshmem_free(ptr); }

} // extern "C"
