#include "memory/allocator.hpp"

#include <algorithm>
#include <iterator>

namespace shmemi::memory {
namespace {

std::size_t round_up(std::size_t value, std::size_t align) {
  return (value + align - 1) & ~(align - 1);
}

} // namespace

HeapAllocator::HeapAllocator(std::size_t size) : size_(size & ~(min_align - 1)) {
  if (size_ > 0) free_[0] = size_;
}

std::size_t HeapAllocator::alloc(std::size_t size, std::size_t align) {
  align = std::max(align, min_align);
  if (size == 0 || size > size_ || (align & (align - 1)) != 0) return npos;
  size = round_up(size, min_align);
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    const std::size_t start = it->first, end = it->first + it->second;
    const std::size_t at = round_up(start, align);
    if (at > end || end - at < size) continue;
    free_.erase(it);
    if (at > start) free_[start] = at - start;
    if (end > at + size) free_[at + size] = end - (at + size);
    used_[at] = size;
    return at;
  }
  return npos;
}

void HeapAllocator::release(std::size_t offset, std::size_t size) {
  auto next = free_.lower_bound(offset);
  if (next != free_.end() && next->first == offset + size) {
    size += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == offset) {
      prev->second += size;
      return;
    }
  }
  free_[offset] = size;
}

bool HeapAllocator::free(std::size_t offset) {
  auto it = used_.find(offset);
  if (it == used_.end()) return false;
  const std::size_t size = it->second;
  used_.erase(it);
  release(offset, size);
  return true;
}

bool HeapAllocator::resize(std::size_t offset, std::size_t size) {
  auto it = used_.find(offset);
  if (it == used_.end() || size == 0) return false;
  size = round_up(size, min_align);
  const std::size_t old = it->second;
  if (size <= old) {
    it->second = size;
    if (size < old) release(offset + size, old - size);
    return true;
  }
  auto next = free_.find(offset + old);
  if (next == free_.end() || old + next->second < size) return false;
  const std::size_t left = old + next->second - size;
  free_.erase(next);
  if (left > 0) free_[offset + size] = left;
  it->second = size;
  return true;
}

std::size_t HeapAllocator::block_size(std::size_t offset) const {
  auto it = used_.find(offset);
  return it == used_.end() ? 0 : it->second;
}

bool HeapAllocator::in_block(std::size_t offset) const {
  auto it = used_.upper_bound(offset);
  if (it == used_.begin()) return false;
  --it;
  return offset - it->first < it->second;
}

std::size_t HeapAllocator::bytes_free() const {
  std::size_t total = 0;
  for (const auto &block : free_) total += block.second;
  return total;
}

std::size_t HeapAllocator::largest_free() const {
  std::size_t best = 0;
  for (const auto &block : free_) best = std::max(best, block.second);
  return best;
}

} // namespace shmemi::memory
