// Atomic memory operations as MPI_Fetch_and_op, MPI_Accumulate and
// MPI_Compare_and_swap in the lock_all epoch. Atomicity of mixed operations
// on one location rests on the MPI library; docs/design.md says which
// configurations are verified by the mixed-operation stress test.
#include <array>
#include <cstring>
#include <deque>

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
// that non-fetching and nbi AMOs need no flush of their own.
using Operand = std::array<std::byte, 8>;
std::deque<Operand> pending_operands;
constexpr std::size_t max_pending = 4096;

const void *keep(const void *value) {
  if (value == nullptr) return nullptr;
  Operand &slot = pending_operands.emplace_back();
  std::memcpy(slot.data(), value, slot.size());
  return slot.data();
}

} // namespace

void amo(SymAddr dest, AmoOp op, AmoType type, const void *operand, const void *compare,
         void *result, int pe, Completion c) {
  const MPI_Win win = window_of(dest.space);
  const MPI_Aint disp = displacement(dest, pe);
  const MPI_Datatype dt = datatype_of(type);
  const bool wait = result != nullptr && c == Completion::local;
  if (!wait) { // the call returns before MPI reads the operands
    if (pending_operands.size() + 2 > max_pending) quiet();
    operand = keep(operand);
    compare = keep(compare);
  }
  if (op == AmoOp::cswap)
    SHMEMI_MPI(MPI_Compare_and_swap(operand, compare, result, dt, pe, disp, win));
  else if (result != nullptr)
    SHMEMI_MPI(MPI_Fetch_and_op(operand, result, dt, pe, disp, op_of(op), win));
  else
    SHMEMI_MPI(MPI_Accumulate(operand, 1, dt, pe, disp, 1, dt, op_of(op), win));
  state.unflushed = true;
  if (wait) SHMEMI_MPI(MPI_Win_flush_local(pe, win));
}

} // namespace shmemi::transport

void shmemi::mpi::release_pending_operands() { transport::pending_operands.clear(); }
