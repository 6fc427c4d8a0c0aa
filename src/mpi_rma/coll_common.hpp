// What the blocking (coll.cpp) and nonblocking (coll_nbi.cpp) collectives
// share: pieces within MPI's int counts, and the MPI datatypes and
// operations of the spec's element kinds (coll_types.cpp).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstddef>

#include "transport/collectives.hpp"

namespace shmemi::mpi_rma {
// MPI counts are int: larger operations go in pieces of at most this many
// bytes (per PE and block).
constexpr std::size_t max_chunk = std::size_t{1} << 30;

// Runs op(first, count) over pieces of n elements of elem_bytes each; the
// common single piece without the division.
template <class F>
[[gnu::always_inline]] inline void for_each_piece(std::size_t n, std::size_t elem_bytes, F op) {
  if (n <= max_chunk && n * elem_bytes <= max_chunk) return op(0, static_cast<int>(n));
  const std::size_t per_piece = std::max<std::size_t>(1, max_chunk / elem_bytes);
  for (std::size_t first = 0; first < n; first += per_piece)
    op(first, static_cast<int>(std::min(per_piece, n - first)));
}

int my_rank(MPI_Comm comm);

// count elements of elem_bytes, stride_bytes apart, in a block whose extent
// is `extent` bytes (so that consecutive blocks go to consecutive PEs).
// Adjacent elements make one contiguous run: MPI packs runs much faster
// than many small elements. count * elem_bytes is at most one piece.
MPI_Datatype strided_block(int count, std::size_t elem_bytes, std::ptrdiff_t stride_bytes,
                           MPI_Aint extent);

// Per element kind and log2 of its bytes (1 to 16): the MPI datatype (null
// where no spec type has that shape) and the operation per Op (null where
// it has none), made by reduction_types_start (at start_rma, with the
// datatype of Kind::quad) so that a reduction only looks them up: choosing
// them on every call (switches, a probe's guard) was a large share of
// the instructions a forced inter-node sum reduction spent in the library
// (docs/bench/notes.md, "The library's work around each MPI call").
struct Reduction {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  std::array<MPI_Op, 7> ops{};
};
using ReductionTable = std::array<std::array<Reduction, 5>, 5>;
extern ReductionTable reductions;
// The table, and the datatype of Kind::quad (coll_types.cpp): made by start_rma, freed by stop,
// unlike the reduction ops, which live until MPI ends: MPICH warns at MPI_Finalize about every
// datatype left ("yaksa: 1 leaked handle pool objects"), not about ops.
void reduction_types_start();
void reduction_types_stop();
[[noreturn]] void no_reduction(Elem elem, Op op, const char *function);

// The MPI datatype and operation of a reduction `op` on `elem` (`function`
// names the caller in the message of an internal error).
struct MpiReduction {
  MPI_Datatype type;
  MPI_Op op;
};
inline MpiReduction mpi_reduction(Elem elem, Op op, const char *function) {
  const std::size_t bytes = elem.bytes;
  const auto kind = static_cast<std::size_t>(elem.kind);
  const bool tabled =
      bytes != 0 && bytes <= 16 && (bytes & (bytes - 1)) == 0 && kind < reductions.size();
  if (!tabled) [[unlikely]]
    no_reduction(elem, op, function);
  const Reduction &r = reductions[kind][static_cast<std::size_t>(__builtin_ctzll(bytes))];
  const MPI_Op mpi = r.ops[static_cast<std::size_t>(op)];
  if (mpi == MPI_OP_NULL) [[unlikely]]
    no_reduction(elem, op, function);
  return {r.type, mpi};
}

} // namespace shmemi::mpi_rma
