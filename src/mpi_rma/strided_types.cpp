#include "mpi_rma/strided_types.hpp"

#include <algorithm>

#include "mpi_rma/mpi_check.hpp"

namespace shmemi::mpi_rma {

StridedTypes strided_types;

namespace {

// A block as the widest unsigned integers that make it up: MPICH moves
// typed blocks faster than the same bytes as MPI_BYTE
// (docs/bench/notes.md, "Strided transfers").
struct Unit {
  MPI_Datatype type;
  std::size_t bytes;
};
Unit unit_of(std::size_t block_bytes) {
  if (block_bytes % 8 == 0) return {MPI_UINT64_T, 8};
  if (block_bytes % 4 == 0) return {MPI_UINT32_T, 4};
  if (block_bytes % 2 == 0) return {MPI_UINT16_T, 2};
  return {MPI_BYTE, 1};
}

} // namespace

std::unique_lock<std::mutex> StridedTypes::hold() {
  if (!activity.concurrent) return {};
  return std::unique_lock<std::mutex>(mutex_);
}

MPI_Datatype StridedTypes::blocks(std::size_t nblocks, std::size_t block_bytes,
                                  std::ptrdiff_t stride) {
  ++clock_;
  for (Slot &s : slots_) {
    if (s.type != MPI_DATATYPE_NULL && s.nblocks == nblocks && s.block_bytes == block_bytes &&
        s.stride == stride) {
      s.used = clock_;
      return s.type;
    }
  }
  Slot &oldest = *std::min_element(slots_.begin(), slots_.end(),
                                   [](const Slot &a, const Slot &b) { return a.used < b.used; });
  if (oldest.type != MPI_DATATYPE_NULL) SHMEMI_MPI(MPI_Type_free(&oldest.type));
  MPI_Datatype type = MPI_DATATYPE_NULL;
  const Unit unit = unit_of(block_bytes);
  SHMEMI_MPI(MPI_Type_create_hvector(static_cast<int>(nblocks),
                                     static_cast<int>(block_bytes / unit.bytes), stride, unit.type,
                                     &type));
  SHMEMI_MPI(MPI_Type_commit(&type));
  oldest = {nblocks, block_bytes, stride, type, clock_};
  return type;
}

void StridedTypes::clear() {
  for (Slot &s : slots_)
    if (s.type != MPI_DATATYPE_NULL) SHMEMI_MPI(MPI_Type_free(&s.type));
  slots_ = {};
  clock_ = 0;
}

} // namespace shmemi::mpi_rma
