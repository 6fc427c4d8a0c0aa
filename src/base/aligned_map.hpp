// Mapping memory at an address aligned beyond a page: address space is
// reserved with room to align, the memory is mapped over the aligned part,
// and the rest is given back. Only address space pays for the alignment.
#pragma once

#include <sys/mman.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace shmemi {

// Calls map(at) to map `bytes` at `at` (a multiple of `alignment`, a power
// of two, inside the reservation: map with MAP_FIXED), which returns
// whether it did. Returns `at`, or null (errno says why).
template <class Map> char *map_aligned(std::size_t bytes, std::size_t alignment, Map map) {
  void *room = mmap(nullptr, bytes + alignment, PROT_NONE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (room == MAP_FAILED) return nullptr;
  const auto lo = reinterpret_cast<std::uintptr_t>(room);
  const std::uintptr_t at = (lo + alignment - 1) / alignment * alignment;
  const std::uintptr_t end = at + bytes, room_end = lo + bytes + alignment;
  const bool mapped = map(reinterpret_cast<void *>(at));
  const int error = errno;
  if (at > lo) munmap(room, at - lo);
  if (room_end > end) munmap(reinterpret_cast<void *>(end), room_end - end);
  if (!mapped) munmap(reinterpret_cast<void *>(at), bytes);
  errno = error;
  return mapped ? reinterpret_cast<char *>(at) : nullptr;
}

} // namespace shmemi
