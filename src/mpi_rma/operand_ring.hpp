// The ring in which a channel keeps its operand copies.
#pragma once

#include <array>
#include <cstddef>
#include <mutex>

namespace shmemi::mpi_rma {

// Copies of operands that MPI may still read (operands.cpp): operations
// whose source the caller may reuse on return (blocking small puts, AMOs)
// are issued from a copy kept until the channel's next quiet. The copies
// live in a ring of fixed slots (a put + quiet takes and frees one: no
// allocation on the path), numbered by sequence: [first, next) are kept.
// Under SHMEM_THREAD_MULTIPLE `lock` covers copying the operands and
// issuing the operation, so every copy below a mark belongs to an issued
// operation; a single program thread takes no lock.
constexpr std::size_t max_kept_bytes = 64;
struct OperandRing {
  struct alignas(8) Slot {
    std::array<std::byte, max_kept_bytes> bytes;
  };
  static constexpr std::size_t slots = 4096;
  std::mutex lock;
  std::array<Slot, slots> ring; // 256 KiB, touched as used
  unsigned long first = 0;
  unsigned long next = 0;
};

} // namespace shmemi::mpi_rma
