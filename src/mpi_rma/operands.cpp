// Copies of operands that MPI may still read: operations whose source the
// caller may reuse on return (blocking small puts, AMOs) are issued from a
// copy kept here until the next quiet flushed them, so that they need no
// flush of their own.
#include <array>
#include <cstring>
#include <deque>

#include "mpi_rma/state.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::mpi {
namespace {

// Under SHMEM_THREAD_MULTIPLE a mutex covers copying the operands and
// issuing the operation, so every copy below a mark belongs to an issued
// operation; a single program thread takes no lock.
struct alignas(8) Operand {
  std::array<std::byte, max_kept_bytes> bytes;
};
struct OperandPool {
  std::mutex lock;
  std::deque<Operand> slots; // deque: appending moves no slot
  unsigned long first = 0;   // sequence number of slots.front()
};
OperandPool pool;
constexpr std::size_t max_pending = 4096;

std::unique_lock<std::mutex> lock_pool() {
  std::unique_lock<std::mutex> hold(pool.lock, std::defer_lock);
  if (activity.concurrent) hold.lock();
  return hold;
}

} // namespace

std::unique_lock<std::mutex> hold_operands(std::size_t count) {
  std::unique_lock<std::mutex> hold = lock_pool();
  if (pool.slots.size() + count > max_pending) {
    if (hold.owns_lock()) hold.unlock();
    transport::quiet(); // takes the lock itself
    if (activity.concurrent) hold.lock();
  }
  return hold;
}

const void *keep_operand(const void *value, std::size_t bytes) {
  if (value == nullptr) return nullptr;
  Operand &slot = pool.slots.emplace_back();
  std::memcpy(slot.bytes.data(), value, bytes);
  return slot.bytes.data();
}

unsigned long pending_operands_mark() {
  const auto hold = lock_pool();
  return pool.first + pool.slots.size();
}

void release_pending_operands(unsigned long mark) {
  const auto hold = lock_pool();
  for (; pool.first < mark && !pool.slots.empty(); ++pool.first) pool.slots.pop_front();
}

} // namespace shmemi::mpi
