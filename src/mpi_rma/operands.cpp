// The channels' operand copies (operand_ring.hpp): an operation whose
// source the caller may reuse on return is issued from a copy kept until
// the channel's next quiet flushed it, so that it needs no flush of its own.
#include <cstddef>
#include <mutex>

#include "mpi_rma/channel.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/operand_ring.hpp"
#include "mpi_rma/operands.hpp"
#include "transport/data_path.hpp"

namespace shmemi::mpi_rma {
namespace {

std::unique_lock<std::mutex> lock_ring(OperandRing &ring) {
  std::unique_lock<std::mutex> hold(ring.lock, std::defer_lock);
  if (activity.concurrent) hold.lock();
  return hold;
}

} // namespace

std::unique_lock<std::mutex> hold_operands_locked(Channel &ch, std::size_t count) {
  OperandRing &ring = ch.operands;
  std::unique_lock<std::mutex> hold = lock_ring(ring);
  if (ring.next - ring.first + count > OperandRing::slots) {
    if (hold.owns_lock()) hold.unlock();
    transport::quiet(ch); // takes the lock itself
    if (activity.concurrent) hold.lock();
  }
  return hold;
}

unsigned long pending_operands_mark(Channel &ch) {
  const auto hold = lock_ring(ch.operands);
  return ch.operands.next;
}

void release_pending_operands(Channel &ch, unsigned long mark) {
  const auto hold = lock_ring(ch.operands);
  if (mark > ch.operands.first) ch.operands.first = mark; // marks never pass `next`
}

} // namespace shmemi::mpi_rma
