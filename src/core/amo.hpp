// Atomic memory operations: checks, then CPU atomics on the heap when every
// PE is on this node, else the transport. Every AMO on a location, also one
// to this PE, takes the same path, so that all of them are atomic with
// respect to each other.
#pragma once

#include <cstddef>
#include <type_traits>

#include "core/checks.hpp"
#include "core/context.hpp"
#include "transport/data_path.hpp"

namespace shmemi {

using transport::AmoOp;
using transport::AmoType;
using transport::Completion;

template <class T> constexpr AmoType amo_type_of() {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "AMOs are on 4- and 8-byte types");
  if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? AmoType::f32 : AmoType::f64;
  else if constexpr (std::is_signed_v<T>)
    return sizeof(T) == 4 ? AmoType::i32 : AmoType::i64;
  else
    return sizeof(T) == 4 ? AmoType::u32 : AmoType::u64;
}

struct AmoArgs {
  AmoOp op;
  AmoType type;
  std::size_t size;
  const void *operand;
  const void *compare;
};

void amo(const char *routine, shmem_ctx_t ctx, const void *dest, const AmoArgs &args, void *result,
         int pe, Completion c);

// Blocking and fetching: returns the old value.
template <class T>
T amo_fetch(const char *routine, shmem_ctx_t ctx, const T *dest, AmoOp op, T operand, T compare,
            int pe) {
  T old;
  const T *cond = op == AmoOp::cswap ? &compare : nullptr;
  amo(routine, ctx, dest, {op, amo_type_of<T>(), sizeof(T), &operand, cond}, &old, pe,
      Completion::local);
  return old;
}

// Not fetching: complete at the next quiet.
template <class T>
void amo_post(const char *routine, shmem_ctx_t ctx, T *dest, AmoOp op, T operand, int pe) {
  amo(routine, ctx, dest, {op, amo_type_of<T>(), sizeof(T), &operand, nullptr}, nullptr, pe,
      Completion::deferred);
}

// Fetching, non-blocking: *fetch holds the old value after the next quiet.
template <class T>
void amo_nbi(const char *routine, shmem_ctx_t ctx, T *fetch, const T *dest, AmoOp op, T operand,
             T compare, int pe) {
  require_buffer(routine, "fetch", fetch, sizeof(T));
  const T *cond = op == AmoOp::cswap ? &compare : nullptr;
  amo(routine, ctx, dest, {op, amo_type_of<T>(), sizeof(T), &operand, cond}, fetch, pe,
      Completion::deferred);
}

} // namespace shmemi
