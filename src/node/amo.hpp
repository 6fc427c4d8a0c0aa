// AMOs executed by this CPU on memory mapped into the process: the heaps of
// the node when every PE is on it (docs/decisions/atomicity.md). Signed and
// unsigned integers share the two's-complement bits, and the floating-point
// AMOs (fetch, set, swap) only move bits, so two widths cover every type.
#pragma once

#include <cstdint>
#include <cstring>

#include "transport/data_path.hpp"

namespace shmemi::node {

// Applies `op` to *target and returns the value it had before.
template <class U> U cpu_amo_bits(U *target, transport::AmoOp op, U operand, U compare) {
  using transport::AmoOp;
  switch (op) {
  case AmoOp::fetch: return __atomic_load_n(target, __ATOMIC_SEQ_CST);
  case AmoOp::replace: return __atomic_exchange_n(target, operand, __ATOMIC_SEQ_CST);
  case AmoOp::sum: return __atomic_fetch_add(target, operand, __ATOMIC_SEQ_CST);
  case AmoOp::band: return __atomic_fetch_and(target, operand, __ATOMIC_SEQ_CST);
  case AmoOp::bor: return __atomic_fetch_or(target, operand, __ATOMIC_SEQ_CST);
  case AmoOp::bxor: return __atomic_fetch_xor(target, operand, __ATOMIC_SEQ_CST);
  case AmoOp::cswap: // on failure `compare` receives the current value
    __atomic_compare_exchange_n(target, &compare, operand, false, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return compare;
  }
  __builtin_unreachable();
}

// The operation on `bytes` (4 or 8) bytes at `target`; `result` (may be
// null) receives the old value.
template <class U>
void cpu_amo_as(void *target, transport::AmoOp op, const void *operand, const void *compare,
                void *result) {
  U value{}, expected{};
  if (operand) std::memcpy(&value, operand, sizeof(U));
  if (compare) std::memcpy(&expected, compare, sizeof(U));
  const U old = cpu_amo_bits(static_cast<U *>(target), op, value, expected);
  if (result) std::memcpy(result, &old, sizeof(U));
}

inline void cpu_amo(void *target, std::size_t bytes, transport::AmoOp op, const void *operand,
                    const void *compare, void *result) {
  if (bytes == 4)
    cpu_amo_as<std::uint32_t>(target, op, operand, compare, result);
  else
    cpu_amo_as<std::uint64_t>(target, op, operand, compare, result);
}

} // namespace shmemi::node
