// Puts and gets as MPI_Put/MPI_Get inside the lock_all epoch opened at init.
#include <algorithm>
#include <climits>

#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/state.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi;

namespace {

// MPI counts are int: larger transfers go in pieces of this many bytes.
constexpr std::size_t max_chunk = std::size_t{1} << 30;

void complete(MPI_Win win, int pe, Completion c) {
  state.unflushed = true;
  if (c == Completion::local) SHMEMI_MPI(MPI_Win_flush_local(pe, win));
}

// An MPI datatype of nblocks blocks of block_bytes, stride bytes apart.
struct BlockType {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  BlockType(std::size_t nblocks, std::size_t block_bytes, std::ptrdiff_t stride) {
    SHMEMI_MPI(MPI_Type_create_hvector(static_cast<int>(nblocks), static_cast<int>(block_bytes),
                                       stride, MPI_BYTE, &type));
    SHMEMI_MPI(MPI_Type_commit(&type));
  }
  ~BlockType() { MPI_Type_free(&type); }
  BlockType(const BlockType &) = delete;
  BlockType &operator=(const BlockType &) = delete;
};

// Runs op(first_block, nblocks) over pieces whose counts fit MPI's int.
template <class Op> void for_each_piece(const Strided &shape, Op op) {
  const std::size_t per_piece =
      std::max<std::size_t>(1, std::min<std::size_t>(INT_MAX, max_chunk / shape.block_bytes));
  for (std::size_t first = 0; first < shape.nblocks; first += per_piece)
    op(first, std::min(per_piece, shape.nblocks - first));
}

} // namespace

void put(SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion c) {
  const MPI_Win win = window_of(dest.space);
  const MPI_Aint disp = displacement(dest, pe);
  const char *src = static_cast<const char *>(source);
  for (std::size_t done = 0; done < nbytes;) {
    const int n = static_cast<int>(std::min(max_chunk, nbytes - done));
    SHMEMI_MPI(MPI_Put(src + done, n, MPI_BYTE, pe, disp + static_cast<MPI_Aint>(done), n,
                       MPI_BYTE, win));
    done += static_cast<std::size_t>(n);
  }
  complete(win, pe, c);
}

void get(void *dest, SymAddr source, std::size_t nbytes, int pe, Completion c) {
  const MPI_Win win = window_of(source.space);
  const MPI_Aint disp = displacement(source, pe);
  char *dst = static_cast<char *>(dest);
  for (std::size_t done = 0; done < nbytes;) {
    const int n = static_cast<int>(std::min(max_chunk, nbytes - done));
    SHMEMI_MPI(MPI_Get(dst + done, n, MPI_BYTE, pe, disp + static_cast<MPI_Aint>(done), n,
                       MPI_BYTE, win));
    done += static_cast<std::size_t>(n);
  }
  complete(win, pe, c);
}

void put_strided(SymAddr dest, const void *source, const Strided &shape, int pe) {
  if (shape.block_bytes > max_chunk) { // huge blocks: one contiguous put each
    for (std::size_t b = 0; b < shape.nblocks; ++b)
      put({dest.space, dest.offset + b * shape.dst_stride},
          static_cast<const char *>(source) + b * shape.src_stride, shape.block_bytes, pe,
          Completion::local);
    return;
  }
  const MPI_Win win = window_of(dest.space);
  const MPI_Aint disp = displacement(dest, pe);
  for_each_piece(shape, [&](std::size_t first, std::size_t count) {
    BlockType origin(count, shape.block_bytes, shape.src_stride);
    BlockType target(count, shape.block_bytes, shape.dst_stride);
    SHMEMI_MPI(MPI_Put(static_cast<const char *>(source) + first * shape.src_stride, 1,
                       origin.type, pe, disp + static_cast<MPI_Aint>(first * shape.dst_stride),
                       1, target.type, win));
  });
  complete(win, pe, Completion::local);
}

void get_strided(void *dest, SymAddr source, const Strided &shape, int pe) {
  if (shape.block_bytes > max_chunk) {
    for (std::size_t b = 0; b < shape.nblocks; ++b)
      get(static_cast<char *>(dest) + b * shape.dst_stride,
          {source.space, source.offset + b * shape.src_stride}, shape.block_bytes, pe,
          Completion::local);
    return;
  }
  const MPI_Win win = window_of(source.space);
  const MPI_Aint disp = displacement(source, pe);
  for_each_piece(shape, [&](std::size_t first, std::size_t count) {
    BlockType origin(count, shape.block_bytes, shape.dst_stride);
    BlockType target(count, shape.block_bytes, shape.src_stride);
    SHMEMI_MPI(MPI_Get(static_cast<char *>(dest) + first * shape.dst_stride, 1, origin.type,
                       pe, disp + static_cast<MPI_Aint>(first * shape.src_stride), 1,
                       target.type, win));
  });
  complete(win, pe, Completion::local);
}

} // namespace shmemi::transport
