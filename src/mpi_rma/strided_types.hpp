// The MPI datatypes of strided puts and gets, made once per shape: making
// and committing two hvector types cost more than the transfer itself
// (docs/bench/notes.md, "Strided transfers between nodes").
#pragma once

#include <mpi.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace shmemi::mpi_rma {

// The types of the last `slots` shapes used, the least recently used one
// replaced. A type returned by `blocks` stays valid while the lock from
// `hold` is held: under SHMEM_THREAD_MULTIPLE another thread may replace
// it (and free it: an operation already issued with it still completes).
class StridedTypes {
public:
  std::unique_lock<std::mutex> hold();
  // A committed type of nblocks blocks of block_bytes, stride bytes apart.
  MPI_Datatype blocks(std::size_t nblocks, std::size_t block_bytes, std::ptrdiff_t stride);
  void clear(); // at the end, before MPI ends

private:
  struct Slot {
    std::size_t nblocks = 0, block_bytes = 0;
    std::ptrdiff_t stride = 0;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    std::uint64_t used = 0;
  };
  static constexpr std::size_t slots = 16;
  std::array<Slot, slots> slots_{};
  std::uint64_t clock_ = 0;
  std::mutex mutex_;
};

extern StridedTypes strided_types;

} // namespace shmemi::mpi_rma
