// Each PE's symmetric region, as the memory layer lays it out: the heap,
// then the room the node layer asks for (its flags), then the room the
// backend keeps for itself (transport::backend_room). Each layer states
// its room; only this file knows where the rooms lie.
#pragma once

#include <cstddef>

#include "base/pages.hpp"

namespace shmemi::memory {

constexpr std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// The largest power of two not above `heap_bytes`, at least a page: every
// PE's heap starts at a multiple of it, and the allocator hands out the
// same offsets on every PE, so it is the largest alignment shmem_align can
// promise.
constexpr std::size_t heap_alignment(std::size_t heap_bytes) {
  std::size_t alignment = small_page;
  while (alignment <= heap_bytes / 2) alignment *= 2;
  return alignment;
}

struct Layout {
  std::size_t heap_bytes = 0;          // whole small pages
  std::size_t node_bytes = 0;          // the node layer's room
  std::size_t backend_bytes = 0;       // the backend's room
  std::size_t page_bytes = small_page; // the region's pages: small, or a huge page's size

  std::size_t node_offset() const { return heap_bytes; }
  std::size_t backend_offset() const { return round_up(heap_bytes + node_bytes, small_page); }
  // The region's bytes: whole pages of its kind.
  std::size_t bytes() const { return round_up(backend_offset() + backend_bytes, page_bytes); }
  // Where the region is mapped: huge pages need their own size's alignment.
  std::size_t map_alignment() const {
    const std::size_t heap = heap_alignment(heap_bytes);
    return heap > page_bytes ? heap : page_bytes;
  }
};

} // namespace shmemi::memory
