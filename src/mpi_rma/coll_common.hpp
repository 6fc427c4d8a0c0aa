// What the blocking (coll.cpp) and nonblocking (coll_nbi.cpp) collectives
// share: pieces within MPI's int counts, and the MPI datatypes and
// operations of the spec's element kinds (coll_types.cpp).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstddef>

#include "port/collectives.hpp"

namespace shmemi::mpi {
using transport::Elem;
using transport::Op;

// MPI counts are int: larger operations go in pieces of at most this many
// bytes (per PE and block).
constexpr std::size_t max_chunk = std::size_t{1} << 30;

// Runs op(first, count) over pieces of n elements of elem_bytes each; the
// common single piece without the division.
template <class F> void for_each_piece(std::size_t n, std::size_t elem_bytes, F op) {
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

// The MPI datatype and operation of a reduction on `elem` (`function` names
// the caller in the message of an internal error).
MPI_Datatype mpi_type(Elem elem, const char *function);
MPI_Op mpi_op(Op op, Elem elem);

} // namespace shmemi::mpi
