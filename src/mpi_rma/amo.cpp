// Atomic memory operations as MPI_Fetch_and_op, MPI_Accumulate and
// MPI_Compare_and_swap in the lock_all epoch. Atomicity of mixed operations
// on one location rests on the MPI library; docs/decisions/atomicity.md says
// which configurations the mixed-operation stress test verifies.

#include "mpi_rma/channel.hpp"
#include "mpi_rma/issued.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/operands.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/windows.hpp"
#include "transport/data_path.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

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
}

} // namespace

void amo(Channel &ch, SymAddr dest, AmoOp op, AmoType type, const void *operand,
         const void *compare, void *result, int pe, Completion c) {
  const MPI_Win win = window_of(ch, dest.space);
  const MPI_Aint disp = displacement(dest, pe);
  const MPI_Datatype dt = datatype_of(type);
  // The result is here when the call returns (and the operands were read):
  // MPI_Win_flush, as a raw MPI fetch-and-op does.
  if (result != nullptr && c == Completion::local) {
    const auto turn = serialize_rma();
    issue(op, operand, compare, result, dt, pe, disp, win);
    wake_target(pe);
    SHMEMI_MPI(MPI_Win_flush(pe, win));
    return;
  }
  const auto hold = hold_operands(ch, 2);
  const std::size_t bytes = size_of(type);
  const void *kept_operand = keep_operand(ch, operand, bytes);
  const void *kept_compare = keep_operand(ch, compare, bytes);
  const auto turn = serialize_rma();
  issue(op, kept_operand, kept_compare, result, dt, pe, disp, win);
  note_issued(ch, win, pe);
}

} // namespace shmemi::transport
