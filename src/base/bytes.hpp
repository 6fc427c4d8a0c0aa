// Byte counts of `count` elements of `size` bytes, checked for overflow of
// size_t. Each policy is named for what its callers do with a count that
// does not fit.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/report.hpp"

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

// count * size, or a fatal error naming the routine and the argument.
inline std::size_t require_bytes(const char *routine, const char *arg, std::size_t count,
                                 std::size_t size) {
  std::size_t out = 0;
  if (!product_fits(count, size, out)) [[unlikely]]
    fatal(routine, "argument %s = %zu is too large: %zu-byte elements overflow size_t", arg, count,
          size);
  return out;
}

} // namespace shmemi
