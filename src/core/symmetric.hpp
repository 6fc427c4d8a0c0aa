// The checks against symmetric memory (memory::mapping): an address in the
// heap or the static data, a live block of the heap.
#pragma once

#include <cstddef>

#include "base/symmetric.hpp"
#include "core/checks.hpp"
#include "memory/memory.hpp"

namespace shmemi {

inline SymAddr require_symmetric(const char *routine, const char *arg, const void *addr,
                                 std::size_t len) {
  return require_symmetric_in(routine, arg, addr, len, memory::mapping.heap,
                              memory::mapping.statics);
}

// shmem_free and shmem_realloc's ptr: a live block of the heap; returns
// its offset in the heap.
inline std::size_t require_heap_block(const char *routine, const void *ptr) {
  const Region &heap = memory::mapping.heap;
  const auto offset = static_cast<std::size_t>(static_cast<const char *>(ptr) - heap.base);
  require_live_block(routine, ptr, heap,
                     heap.contains(ptr, 0) ? memory::allocator().block_size(offset) : 0);
  return offset;
}

} // namespace shmemi
