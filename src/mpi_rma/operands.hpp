// Taking and freeing a channel's operand copies (operands.cpp; the ring
// that holds them is in operand_ring.hpp).
#pragma once

#include <cstddef>
#include <cstring>
#include <mutex>

#include "mpi_rma/channel.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/operand_ring.hpp"

namespace shmemi::mpi_rma {

// Hold the lock from hold_operands(count) (which first makes room for
// `count` copies) while copying with keep_operand and issuing the
// operation. A mark taken before a flush covers the copies of the
// operations issued so far; after the flush they may go. With one program
// thread they take no lock and make no call (each call and lock showed in
// the profile of a put + quiet between nodes: docs/bench/notes.md, "The
// library's work around each MPI call").
std::unique_lock<std::mutex> hold_operands_locked(Channel &ch, std::size_t count);
inline std::unique_lock<std::mutex> hold_operands(Channel &ch, std::size_t count) {
  if (!activity.concurrent && ch.operands.next - ch.operands.first + count <= OperandRing::slots)
    return {};
  return hold_operands_locked(ch, count);
}
inline const void *keep_operand(Channel &ch, const void *value,
                                std::size_t bytes) { // nullptr stays
  if (value == nullptr) return nullptr;
  OperandRing &ring = ch.operands;
  OperandRing::Slot &slot = ring.ring[ring.next++ % OperandRing::slots];
  if (bytes == 8) // the common operand: an inline copy, not a call
    std::memcpy(slot.bytes.data(), value, 8);
  else
    std::memcpy(slot.bytes.data(), value, bytes);
  return slot.bytes.data();
}
unsigned long pending_operands_mark(Channel &ch);
void release_pending_operands(Channel &ch, unsigned long mark);

} // namespace shmemi::mpi_rma
