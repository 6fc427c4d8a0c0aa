// Copies of operands that MPI may still read: operations whose source the
// caller may reuse on return (blocking small puts, AMOs) are issued from a
// copy kept here until the next quiet flushed them, so that they need no
// flush of their own.
#include <array>
#include <cstring>

#include "mpi_rma/state.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::mpi {
namespace {

// Under SHMEM_THREAD_MULTIPLE a mutex covers copying the operands and
// issuing the operation, so every copy below a mark belongs to an issued
// operation; a single program thread takes no lock. The copies live in a
// ring of fixed slots (a put + quiet takes and frees one: no allocation on
// the path), numbered by sequence: [first, next) are kept.
struct alignas(8) Operand {
  std::array<std::byte, max_kept_bytes> bytes;
};
constexpr std::size_t max_pending = 4096;
struct OperandPool {
  std::mutex lock;
  std::array<Operand, max_pending> slots; // 256 KiB of bss, touched as used
  unsigned long first = 0;
  unsigned long next = 0;
};
OperandPool pool;

std::unique_lock<std::mutex> lock_pool() {
  std::unique_lock<std::mutex> hold(pool.lock, std::defer_lock);
  if (activity.concurrent) hold.lock();
  return hold;
}

} // namespace

std::unique_lock<std::mutex> hold_operands(std::size_t count) {
  std::unique_lock<std::mutex> hold = lock_pool();
  if (pool.next - pool.first + count > max_pending) {
    if (hold.owns_lock()) hold.unlock();
    transport::quiet(); // takes the lock itself
    if (activity.concurrent) hold.lock();
  }
  return hold;
}

const void *keep_operand(const void *value, std::size_t bytes) {
  if (value == nullptr) return nullptr;
  Operand &slot = pool.slots[pool.next++ % max_pending];
  std::memcpy(slot.bytes.data(), value, bytes);
  return slot.bytes.data();
}

unsigned long pending_operands_mark() {
  const auto hold = lock_pool();
  return pool.next;
}

void release_pending_operands(unsigned long mark) {
  const auto hold = lock_pool();
  if (mark > pool.first) pool.first = mark; // marks never pass `next`
}

} // namespace shmemi::mpi
