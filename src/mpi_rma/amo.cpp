// Atomic memory operations as MPI_Fetch_and_op, MPI_Accumulate and
// MPI_Compare_and_swap in the lock_all epoch. Atomicity of mixed operations
// on one location rests on the MPI library; docs/design.md says which
// configurations are verified by the mixed-operation stress test.
#include <array>
#include <cstring>
#include <deque>
#include <mutex>

#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/state.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi;

namespace {

MPI_Datatype datatype_of(AmoType type) {
  static const MPI_Datatype types[] = {MPI_INT32_T,  MPI_INT64_T, MPI_UINT32_T,
                                       MPI_UINT64_T, MPI_FLOAT,   MPI_DOUBLE};
  return types[static_cast<int>(type)];
}

MPI_Op op_of(AmoOp op) {
  static const MPI_Op ops[] = {MPI_NO_OP, MPI_REPLACE, MPI_SUM, MPI_BAND, MPI_BOR, MPI_BXOR};
  return ops[static_cast<int>(op)];
}

// Operands of operations not yet flushed live here until the next quiet, so
// that non-fetching and nbi AMOs need no flush of their own. Under
// SHMEM_THREAD_MULTIPLE a mutex covers copying the operands and issuing the
// operation, so every copy below a mark belongs to an issued operation; a
// single program thread takes no lock.
using Operand = std::array<std::byte, 8>;
struct OperandPool {
  std::mutex lock;
  std::deque<Operand> slots; // deque: appending moves no slot
  unsigned long first = 0;   // sequence number of slots.front()
};
OperandPool pool;
constexpr std::size_t max_pending = 4096;

std::unique_lock<std::mutex> hold_pool() {
  std::unique_lock<std::mutex> hold(pool.lock, std::defer_lock);
  if (activity.concurrent) hold.lock();
  return hold;
}

// Copies a value of `bytes` (4 or 8) bytes into a new slot.
const void *keep(const void *value, std::size_t bytes) {
  if (value == nullptr) return nullptr;
  Operand &slot = pool.slots.emplace_back();
  std::memcpy(slot.data(), value, bytes);
  return slot.data();
}

std::size_t size_of(AmoType type) {
  return type == AmoType::i32 || type == AmoType::u32 || type == AmoType::f32 ? 4 : 8;
}

void issue(AmoOp op, const void *operand, const void *compare, void *result, MPI_Datatype dt,
           int pe, MPI_Aint disp, MPI_Win win) {
  if (op == AmoOp::cswap)
    SHMEMI_MPI(MPI_Compare_and_swap(operand, compare, result, dt, pe, disp, win));
  else if (result != nullptr)
    SHMEMI_MPI(MPI_Fetch_and_op(operand, result, dt, pe, disp, op_of(op), win));
  else
    SHMEMI_MPI(MPI_Accumulate(operand, 1, dt, pe, disp, 1, dt, op_of(op), win));
  note_issued(win, pe);
}

std::size_t pending_count() {
  const auto hold = hold_pool();
  return pool.slots.size();
}

} // namespace

void amo(SymAddr dest, AmoOp op, AmoType type, const void *operand, const void *compare,
         void *result, int pe, Completion c) {
  const MPI_Win win = window_of(dest.space);
  const MPI_Aint disp = displacement(dest, pe);
  const MPI_Datatype dt = datatype_of(type);
  // The result is here when the call returns (and the operands were read):
  // MPI_Win_flush, as a raw MPI fetch-and-op does.
  if (result != nullptr && c == Completion::local) {
    const auto turn = serialize_rma();
    issue(op, operand, compare, result, dt, pe, disp, win);
    SHMEMI_MPI(MPI_Win_flush(pe, win));
    return;
  }
  if (pending_count() + 2 > max_pending) quiet();
  const auto hold = hold_pool();
  const std::size_t bytes = size_of(type);
  const void *kept_operand = keep(operand, bytes);
  const auto turn = serialize_rma();
  issue(op, kept_operand, keep(compare, bytes), result, dt, pe, disp, win);
}

} // namespace shmemi::transport

unsigned long shmemi::mpi::pending_operands_mark() {
  using namespace shmemi::transport;
  const auto hold = hold_pool();
  return pool.first + pool.slots.size();
}

void shmemi::mpi::release_pending_operands(unsigned long mark) {
  using namespace shmemi::transport;
  const auto hold = hold_pool();
  for (; pool.first < mark && !pool.slots.empty(); ++pool.first) pool.slots.pop_front();
}
