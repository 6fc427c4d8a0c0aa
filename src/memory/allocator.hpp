// The symmetric heap's allocator. It hands out offsets, not pointers, and
// is deterministic: PEs that make the same calls get the same offsets, which
// is what makes shmem_malloc symmetric without any communication.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

namespace shmemi::memory {

class HeapAllocator {
public:
  static constexpr std::size_t npos = SIZE_MAX;
  static constexpr std::size_t min_align = 16; // alignof(max_align_t)

  explicit HeapAllocator(std::size_t size);

  // First fit. Returns the offset of a block of at least `size` bytes at a
  // multiple of `align` (a power of two), or npos when nothing fits.
  std::size_t alloc(std::size_t size, std::size_t align = min_align);
  // Releases the block starting at `offset`; false if there is none.
  bool free(std::size_t offset);
  // Grows or shrinks the block at `offset` where it stands; false if the
  // bytes after it are taken (the block is then unchanged).
  bool resize(std::size_t offset, std::size_t size);
  // Size of the live block at `offset`, 0 if none starts there.
  std::size_t block_size(std::size_t offset) const;
  // Whether `offset` lies inside a live block (at its start or after it).
  bool in_block(std::size_t offset) const;

  std::size_t capacity() const { return size_; }
  std::size_t bytes_free() const;
  std::size_t largest_free() const;
  std::size_t blocks_in_use() const { return used_.size(); }

private:
  void release(std::size_t offset, std::size_t size);

  std::size_t size_;
  std::map<std::size_t, std::size_t> free_; // offset -> bytes
  std::map<std::size_t, std::size_t> used_; // offset -> bytes
};

} // namespace shmemi::memory
