#include "mpi_rma/strided_types.hpp"

#include <algorithm>

#include "mpi_rma/mpi_check.hpp"

namespace shmemi::mpi_rma {

StridedTypes strided_types;

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
  SHMEMI_MPI(MPI_Type_create_hvector(static_cast<int>(nblocks), static_cast<int>(block_bytes),
                                     stride, MPI_BYTE, &type));
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
