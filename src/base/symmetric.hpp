// Symmetric addresses: a local address becomes (space, offset), which names
// the same object on every PE. The heap and the static data are the two
// spaces; a remote PE's address is its own base of the space plus offset.
#pragma once

#include <cstddef>
#include <cstdint>

namespace shmemi {

struct Region {
  char *base = nullptr;
  std::size_t size = 0;

  bool contains(const void *addr, std::size_t len) const {
    const auto a = reinterpret_cast<std::uintptr_t>(addr);
    const auto b = reinterpret_cast<std::uintptr_t>(base);
    return a >= b && a - b <= size && len <= size - (a - b);
  }
};

enum class Space : std::uint8_t { heap, statics };

struct SymAddr {
  Space space;
  std::size_t offset;
};

// Where [addr, addr + len) lies; false if it is not wholly inside one space.
inline bool symmetric_locate(const Region &heap, const Region &statics, const void *addr,
                             std::size_t len, SymAddr &out) {
  const char *p = static_cast<const char *>(addr);
  if (heap.contains(addr, len)) {
    out = {Space::heap, static_cast<std::size_t>(p - heap.base)};
    return true;
  }
  if (statics.contains(addr, len)) {
    out = {Space::statics, static_cast<std::size_t>(p - statics.base)};
    return true;
  }
  return false;
}

// The whole pages around `r`.
inline Region whole_pages(const Region &r, std::size_t page) {
  const auto lo = reinterpret_cast<std::uintptr_t>(r.base) / page * page;
  const auto hi = (reinterpret_cast<std::uintptr_t>(r.base) + r.size + page - 1) / page * page;
  return {reinterpret_cast<char *>(lo), hi - lo};
}

} // namespace shmemi
