// Section 9.3: memory management. Every routine is collective; the
// allocator is deterministic, so all PEs get the same offsets.
#include <cstring>

#include "api/stamp.hpp"
#include "core/checks.hpp"
#include "core/sync.hpp"
#include "mpi_rma/transport.hpp"

using namespace shmemi;

namespace {

void *heap_address(std::size_t offset) { return rt.heap.base + offset; }

std::size_t heap_offset(const char *routine, void *ptr) {
  const std::size_t offset = static_cast<std::size_t>(static_cast<char *>(ptr) - rt.heap.base);
  if (!rt.heap.contains(ptr, 0) || rt.allocator->block_size(offset) == 0) [[unlikely]]
    fatal(routine, "argument ptr = %p is not a block returned by shmem_malloc and not yet "
                   "freed (the symmetric heap is [%p, %p))",
          ptr, static_cast<void *>(rt.heap.base),
          static_cast<void *>(rt.heap.base + rt.heap.size));
  return offset;
}

void report_exhausted(const char *routine, std::size_t size) {
  debug(routine, "out of symmetric memory: %zu bytes requested, largest free block %zu of "
                 "%zu bytes; set SHMEM_SYMMETRIC_SIZE larger",
        size, rt.allocator->largest_free(), rt.allocator->capacity());
}

// Allocation followed by the barrier the spec requires on exit.
void *allocate(const char *routine, std::size_t size, std::size_t align, bool zero = false) {
  require_init(routine);
  if (size == 0) return nullptr;
  const std::size_t offset = rt.allocator->alloc(size, align);
  if (zero && offset != HeapAllocator::npos) std::memset(heap_address(offset), 0, size);
  barrier_all();
  if (offset == HeapAllocator::npos) {
    report_exhausted(routine, size);
    return nullptr;
  }
  return heap_address(offset);
}

} // namespace

extern "C" {

SHMEMI_ENTRY(void *, shmem_malloc)(size_t size) noexcept {
  return allocate("shmem_malloc", size, HeapAllocator::min_align);
}

// The hints are performance advice; every block here serves every use.
SHMEMI_ENTRY(void *, shmem_malloc_with_hints)(size_t size, long) noexcept {
  return allocate("shmem_malloc_with_hints", size, HeapAllocator::min_align);
}

SHMEMI_ENTRY(void *, shmem_calloc)(size_t count, size_t size) noexcept {
  require_init("shmem_calloc");
  if (count != 0 && size > SIZE_MAX / count) {
    debug("shmem_calloc", "count %zu times size %zu overflows size_t", count, size);
    return nullptr;
  }
  return allocate("shmem_calloc", count * size, HeapAllocator::min_align, true);
}

// Every PE's heap base is aligned to transport::heap_alignment, the limit;
// the spec's answer to an alignment it cannot give is NULL.
SHMEMI_ENTRY(void *, shmem_align)(size_t alignment, size_t size) noexcept {
  require_init("shmem_align");
  const std::size_t limit = transport::heap_alignment(rt.heap.size);
  const bool power_of_two = alignment != 0 && (alignment & (alignment - 1)) == 0;
  if (!power_of_two || alignment > limit) {
    warn("shmem_align", "argument alignment = %zu is %s: allowed are powers of two up to %zu "
                        "(the symmetric heap size, %zu bytes, rounded down to a power of two; "
                        "raise SHMEM_SYMMETRIC_SIZE for more); returning NULL",
         alignment, power_of_two ? "too large" : "not a power of two", limit, rt.heap.size);
    return nullptr;
  }
  return allocate("shmem_align", size, alignment);
}

SHMEMI_ENTRY(void, shmem_free)(void *ptr) noexcept {
  require_init("shmem_free");
  if (ptr == nullptr) return;
  const std::size_t offset = heap_offset("shmem_free", ptr);
  barrier_all();
  rt.allocator->free(offset);
}

SHMEMI_ENTRY(void *, shmem_realloc)(void *ptr, size_t size) noexcept {
  require_init("shmem_realloc");
  if (ptr == nullptr) return pshmem_malloc(size);
  if (size == 0) {
    pshmem_free(ptr);
    return nullptr;
  }
  const std::size_t offset = heap_offset("shmem_realloc", ptr);
  barrier_all(); // nobody may still be writing the old block
  void *result = ptr;
  if (!rt.allocator->resize(offset, size)) {
    const std::size_t moved = rt.allocator->alloc(size, HeapAllocator::min_align);
    if (moved == HeapAllocator::npos) {
      report_exhausted("shmem_realloc", size);
      result = nullptr;
    } else {
      std::memcpy(heap_address(moved), ptr, std::min(size, rt.allocator->block_size(offset)));
      rt.allocator->free(offset);
      result = heap_address(moved);
    }
  }
  barrier_all();
  return result;
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
