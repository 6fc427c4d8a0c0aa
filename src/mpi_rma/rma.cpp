// Puts and gets as MPI_Put/MPI_Get inside the lock_all epoch opened at init.
#include <algorithm>
#include <climits>

#include "mpi_rma/channel.hpp"
#include "mpi_rma/issued.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/operand_ring.hpp"
#include "mpi_rma/operands.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/strided_types.hpp"
#include "mpi_rma/windows.hpp"
#include "transport/data_path.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

namespace {

// MPI counts are int: larger transfers go in pieces of this many bytes.
constexpr std::size_t max_chunk = std::size_t{1} << 30;

enum class Dir { put, get };

// One MPI_Put (local -> remote) or MPI_Get (remote -> local).
inline void issue(Dir dir, void *local, int count, MPI_Datatype local_type, int pe, MPI_Aint disp,
                  MPI_Datatype remote_type, MPI_Win win) {
  if (dir == Dir::put)
    SHMEMI_MPI(MPI_Put(local, count, local_type, pe, disp, count, remote_type, win));
  else
    SHMEMI_MPI(MPI_Get(local, count, local_type, pe, disp, count, remote_type, win));
}

// A get is complete at its local completion; a put only at a flush.
[[gnu::always_inline]] inline void complete(Channel &ch, Dir dir, MPI_Win win, int pe,
                                            Completion c) {
  if (dir == Dir::get && c == Completion::local) {
    wake_target(pe);
    return SHMEMI_MPI(MPI_Win_flush_local(pe, win));
  }
  note_issued(ch, win, pe);
  if (c == Completion::local) SHMEMI_MPI(MPI_Win_flush_local(pe, win));
}

// Transfers of more than max_chunk bytes: in pieces.
void chunked(Channel &ch, Dir dir, SymAddr remote, void *local, std::size_t nbytes, int pe,
             Completion c) {
  const auto turn = serialize_rma();
  const MPI_Win win = window_of(ch, remote.space);
  const MPI_Aint disp = displacement(remote, pe);
  char *bytes = static_cast<char *>(local);
  for (std::size_t done = 0; done < nbytes;) {
    const int n = static_cast<int>(std::min(max_chunk, nbytes - done));
    issue(dir, bytes + done, n, MPI_BYTE, pe, disp + static_cast<MPI_Aint>(done), MPI_BYTE, win);
    done += static_cast<std::size_t>(n);
  }
  complete(ch, dir, win, pe, c);
}

// The common transfer, one MPI call, in straight-line code: with one
// program thread a forced inter-node 8-byte nbi put spent most of its
// instructions in the library in calls between small functions and in the
// general case's locals (docs/bench/notes.md, "The library's work around
// each MPI call").
[[gnu::always_inline]] inline void contiguous(Channel &ch, Dir dir, SymAddr remote, void *local,
                                              std::size_t nbytes, int pe, Completion c) {
  if (nbytes > max_chunk) [[unlikely]]
    return chunked(ch, dir, remote, local, nbytes, pe, c);
  const auto turn = serialize_rma();
  const MPI_Win win = window_of(ch, remote.space);
  const int n = static_cast<int>(nbytes);
  issue(dir, local, n, MPI_BYTE, pe, displacement(remote, pe), MPI_BYTE, win);
  complete(ch, dir, win, pe, c);
}

// A small blocking put goes from a copy kept until the next quiet instead of
// waiting for MPI_Win_flush_local, which Open MPI's osc/ucx implements as a
// full flush (a round trip).
[[gnu::always_inline]] inline void put_kept(Channel &ch, SymAddr dest, const void *source,
                                            std::size_t nbytes, int pe) {
  const auto hold = hold_operands(ch, 1);
  const void *kept = keep_operand(ch, source, nbytes);
  const auto turn = serialize_rma();
  const MPI_Win win = window_of(ch, dest.space);
  const int n = static_cast<int>(nbytes);
  SHMEMI_MPI(MPI_Put(kept, n, MPI_BYTE, pe, displacement(dest, pe), n, MPI_BYTE, win));
  note_issued(ch, win, pe);
}

// Blocks of the local side are local_stride apart, of the remote side
// remote_stride apart. Counts are split to fit MPI's int.
void strided(Channel &ch, Dir dir, SymAddr remote, std::ptrdiff_t remote_stride, void *local,
             std::ptrdiff_t local_stride, const Strided &shape, int pe) {
  char *bytes = static_cast<char *>(local);
  if (shape.block_bytes > max_chunk) { // huge blocks: one contiguous transfer each
    for (std::size_t b = 0; b < shape.nblocks; ++b) {
      const auto k = static_cast<std::ptrdiff_t>(b);
      contiguous(ch, dir,
                 {remote.space, remote.offset + static_cast<std::size_t>(k * remote_stride)},
                 bytes + k * local_stride, shape.block_bytes, pe, Completion::local);
    }
    return;
  }
  const auto turn = serialize_rma();
  const MPI_Win win = window_of(ch, remote.space);
  const MPI_Aint disp = displacement(remote, pe);
  const std::size_t per_piece = std::min<std::size_t>(INT_MAX, max_chunk / shape.block_bytes);
  {
    const auto types = strided_types.hold(); // not across the flush
    for (std::size_t first = 0; first < shape.nblocks; first += per_piece) {
      const std::size_t count = std::min(per_piece, shape.nblocks - first);
      const auto k = static_cast<std::ptrdiff_t>(first);
      const MPI_Datatype local_type = strided_types.blocks(count, shape.block_bytes, local_stride);
      const MPI_Datatype remote_type =
          strided_types.blocks(count, shape.block_bytes, remote_stride);
      issue(dir, bytes + k * local_stride, 1, local_type, pe, disp + k * remote_stride, remote_type,
            win);
    }
  }
  complete(ch, dir, win, pe, Completion::local);
}

} // namespace

void put(Channel &ch, SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion c) {
  if (c == Completion::local && nbytes <= max_kept_bytes)
    return put_kept(ch, dest, source, nbytes, pe);
  contiguous(ch, Dir::put, dest, const_cast<void *>(source), nbytes, pe, c);
}

void get(Channel &ch, void *dest, SymAddr source, std::size_t nbytes, int pe, Completion c) {
  contiguous(ch, Dir::get, source, dest, nbytes, pe, c);
}

void put_strided(Channel &ch, SymAddr dest, const void *source, const Strided &shape, int pe) {
  strided(ch, Dir::put, dest, shape.dst_stride, const_cast<void *>(source), shape.src_stride, shape,
          pe);
}

void get_strided(Channel &ch, void *dest, SymAddr source, const Strided &shape, int pe) {
  strided(ch, Dir::get, source, shape.src_stride, dest, shape.dst_stride, shape, pe);
}

} // namespace shmemi::transport
