// Byte counts of `count` elements of `size` bytes, checked for overflow of
// size_t. Each policy is named for what its callers do with a count that
// does not fit; the argument check (require_bytes) is core/checks.hpp's.
#pragma once

#include <cstddef>
#include <cstdint>

namespace shmemi {

// count * size, or false (out untouched) when it overflows.
inline bool product_fits(std::size_t count, std::size_t size, std::size_t &out) {
  return !__builtin_mul_overflow(count, size, &out);
}

// count * size, or SIZE_MAX: for buffer checks, where no buffer is that
// large, so the check that follows rejects it.
inline std::size_t saturated_bytes(std::size_t count, std::size_t size) {
  std::size_t out = SIZE_MAX;
  return product_fits(count, size, out) ? out : SIZE_MAX;
}

} // namespace shmemi
