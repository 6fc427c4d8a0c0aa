// Section 9.3: memory management. Every routine is collective; the
// allocator is deterministic, so all PEs get the same offsets.
#include "core/memory.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "base/bytes.hpp"
#include "base/report.hpp"
#include "core/coll.hpp"
#include "core/runtime.hpp"
#include "core/symmetric.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"

namespace shmemi {
namespace {

void *heap_address(std::size_t offset) { return memory::mapping.heap.base + offset; }

// A size above SIZE_MAX / 2 is no heap's: most likely a negative number
// converted to size_t ((size_t)-8), which no heap size would satisfy.
void report_exhausted(const char *routine, std::size_t size) {
  if (size > SIZE_MAX / 2) {
    debug(routine,
          "argument size = %zu is larger than any symmetric heap (it looks like a "
          "negative number converted to size_t); returning NULL",
          size);
    return;
  }
  // (A block as large as the request may still be too little for an alignment.)
  const std::size_t largest = memory::allocator().largest_free();
  const std::size_t more = size > largest ? size - largest : size;
  debug(routine,
        "out of symmetric memory: %zu bytes requested, largest free block %zu of "
        "%zu bytes; set SHMEM_SYMMETRIC_SIZE larger, by at least %zu bytes",
        size, largest, memory::allocator().capacity(), more);
}

// Allocation followed by the barrier the spec requires on exit.
void *allocate(const char *routine, std::size_t size, std::size_t align, bool zero = false) {
  require_init(routine);
  if (size == 0) return nullptr;
  const std::size_t offset = memory::allocator().alloc(size, align);
  if (zero && offset != memory::HeapAllocator::npos) std::memset(heap_address(offset), 0, size);
  barrier_all(routine);
  if (offset == memory::HeapAllocator::npos) {
    report_exhausted(routine, size);
    return nullptr;
  }
  return heap_address(offset);
}

} // namespace

void *heap_malloc(const char *routine, std::size_t size) {
  return allocate(routine, size, memory::HeapAllocator::min_align);
}

void *heap_calloc(const char *routine, std::size_t count, std::size_t size) {
  require_init(routine);
  std::size_t bytes = 0;
  if (!product_fits(count, size, bytes)) {
    debug(routine, "count %zu times size %zu overflows size_t", count, size);
    return nullptr;
  }
  return allocate(routine, bytes, memory::HeapAllocator::min_align, true);
}

// Every PE's heap base is aligned to memory::heap_alignment, the limit;
// the spec's answer to an alignment it cannot give is NULL.
void *heap_align(const char *routine, std::size_t alignment, std::size_t size) {
  require_init(routine);
  const std::size_t limit = memory::heap_alignment(memory::mapping.heap.size);
  const bool power_of_two = alignment != 0 && (alignment & (alignment - 1)) == 0;
  if (!power_of_two || alignment > limit) {
    warn(routine,
         "argument alignment = %zu is %s: allowed are powers of two up to %zu "
         "(the symmetric heap size, %zu bytes, rounded down to a power of two; "
         "raise SHMEM_SYMMETRIC_SIZE for more); returning NULL",
         alignment, power_of_two ? "too large" : "not a power of two", limit,
         memory::mapping.heap.size);
    return nullptr;
  }
  return allocate(routine, size, alignment);
}

void heap_free(const char *routine, void *ptr) {
  require_init(routine);
  if (ptr == nullptr) return;
  const std::size_t offset = require_heap_block(routine, ptr);
  barrier_all(routine);
  memory::allocator().free(offset);
}

// In place when the block can grow or shrink there, else moved.
void *heap_realloc(const char *routine, void *ptr, std::size_t size) {
  require_init(routine);
  if (ptr == nullptr) return heap_malloc(routine, size);
  if (size == 0) {
    heap_free(routine, ptr);
    return nullptr;
  }
  const std::size_t offset = require_heap_block(routine, ptr);
  barrier_all(routine); // nobody may still be writing the old block
  void *result = ptr;
  if (!memory::allocator().resize(offset, size)) {
    const std::size_t moved = memory::allocator().alloc(size, memory::HeapAllocator::min_align);
    if (moved == memory::HeapAllocator::npos) {
      report_exhausted(routine, size);
      result = nullptr;
    } else {
      std::memcpy(heap_address(moved), ptr, std::min(size, memory::allocator().block_size(offset)));
      memory::allocator().free(offset);
      result = heap_address(moved);
    }
  }
  barrier_all(routine);
  return result;
}

std::size_t heap_size(const char *routine) {
  require_init(routine);
  return memory::allocator().capacity();
}

std::size_t heap_available(const char *routine) {
  require_init(routine);
  return memory::allocator().largest_free();
}

bool symmetric(const void *addr) {
  SymAddr at;
  return memory::locate(addr, 1, at);
}

void *local_pointer(const void *dest, int pe) {
  SymAddr at;
  if (pe < 0 || pe >= rt.n_pes || !memory::locate(dest, 1, at)) return nullptr;
  return memory::address(at, pe);
}

HeapPlace heap_place(const void *p) {
  const Region &heap = memory::mapping.heap;
  if (!heap.contains(p, 0)) return HeapPlace::outside;
  const auto offset = static_cast<std::size_t>(static_cast<const char *>(p) - heap.base);
  if (memory::allocator().block_size(offset) != 0) return HeapPlace::block;
  return memory::allocator().in_block(offset) ? HeapPlace::inside_block : HeapPlace::free;
}

} // namespace shmemi
