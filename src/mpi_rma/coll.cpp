// Team and active-set collectives as MPI collectives on the set's cached
// communicator. The buffers are symmetric memory inside the windows, so the
// windows' views are synced before and after MPI touches them.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "mpi_rma/coll_common.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/memory_sync.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/team.hpp"
#include "transport/collectives.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

namespace {

template <class F> [[gnu::always_inline]] inline void synced(F &&collective) {
  memory_sync();
  const Blocked blocked;
  collective();
  memory_sync();
}

void bcast_bytes(MPI_Comm comm, char *buffer, std::size_t nbytes, int root) {
  for_each_piece(nbytes, 1, [&](std::size_t first, int n) {
    SHMEMI_MPI(MPI_Bcast(buffer + first, n, MPI_BYTE, root, comm));
  });
}

// The general case of gather_blocks: totals beyond int counts.
void gather_by_broadcasts(MPI_Comm comm, char *dest, const void *source,
                          const std::vector<std::size_t> &sizes,
                          const std::vector<std::size_t> &offsets) {
  const int me = my_rank(comm);
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    if (static_cast<int>(r) == me) std::memmove(dest + offsets[r], source, sizes[r]);
    bcast_bytes(comm, dest + offsets[r], sizes[r], static_cast<int>(r));
  }
}

void gather_in_one(MPI_Comm comm, char *dest, const void *source,
                   const std::vector<std::size_t> &sizes, const std::vector<std::size_t> &offsets) {
  const int mine = static_cast<int>(sizes[static_cast<std::size_t>(my_rank(comm))]);
  const bool uniform =
      std::all_of(sizes.begin(), sizes.end(), [&](std::size_t s) { return s == sizes.front(); });
  if (uniform) {
    SHMEMI_MPI(MPI_Allgather(source, mine, MPI_BYTE, dest, mine, MPI_BYTE, comm));
    return;
  }
  std::vector<int> counts(sizes.begin(), sizes.end()), displs(offsets.begin(), offsets.end());
  SHMEMI_MPI(
      MPI_Allgatherv(source, mine, MPI_BYTE, dest, counts.data(), displs.data(), MPI_BYTE, comm));
}

void alltoall_contiguous(MPI_Comm comm, void *dest, const void *source, std::size_t nbytes) {
  const int n = static_cast<int>(nbytes);
  SHMEMI_MPI(MPI_Alltoall(source, n, MPI_BYTE, dest, n, MPI_BYTE, comm));
}

void alltoall_strided(MPI_Comm comm, char *dest, const char *source, const Exchange &x) {
  const auto eb = static_cast<std::ptrdiff_t>(x.elem_bytes);
  const auto n = static_cast<MPI_Aint>(x.nelems);
  const MPI_Aint src_extent = n * x.src_stride * eb, dst_extent = n * x.dst_stride * eb;
  for_each_piece(x.nelems, x.elem_bytes, [&](std::size_t first, int count) {
    const Datatype send(strided_block(count, x.elem_bytes, x.src_stride * eb, src_extent));
    const Datatype recv(strided_block(count, x.elem_bytes, x.dst_stride * eb, dst_extent));
    const auto f = static_cast<std::ptrdiff_t>(first);
    SHMEMI_MPI(MPI_Alltoall(source + f * x.src_stride * eb, 1, send.get(),
                            dest + f * x.dst_stride * eb, 1, recv.get(), comm));
  });
}

} // namespace

std::uint64_t team_and(const Group &team, std::uint64_t mine) {
  std::uint64_t all = 0;
  const Blocked blocked;
  SHMEMI_MPI(MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_BAND, comm_of(team)));
  return all;
}

void team_sync(const Group &team) {
  synced([&] { SHMEMI_MPI(MPI_Barrier(comm_of(team))); });
}

void broadcast(const Group &team, void *buffer, std::size_t nbytes, int root) {
  synced([&] { bcast_bytes(comm_of(team), static_cast<char *>(buffer), nbytes, root); });
}

std::vector<std::size_t> gather_sizes(const Group &team, std::size_t mine) {
  const unsigned long long my_size = mine;
  int size = 0;
  SHMEMI_MPI(MPI_Comm_size(comm_of(team), &size));
  std::vector<unsigned long long> all(static_cast<std::size_t>(size));
  const Blocked blocked;
  SHMEMI_MPI(MPI_Allgather(&my_size, 1, MPI_UNSIGNED_LONG_LONG, all.data(), 1,
                           MPI_UNSIGNED_LONG_LONG, comm_of(team)));
  return {all.begin(), all.end()};
}

void gather_blocks(const Group &team, void *dest, const void *source,
                   const std::vector<std::size_t> &sizes) {
  std::vector<std::size_t> offsets(sizes.size());
  std::exclusive_scan(sizes.begin(), sizes.end(), offsets.begin(), std::size_t{0});
  const std::size_t total = offsets.empty() ? 0 : offsets.back() + sizes.back();
  char *d = static_cast<char *>(dest);
  synced([&] {
    if (total <= INT_MAX)
      gather_in_one(comm_of(team), d, source, sizes, offsets);
    else
      gather_by_broadcasts(comm_of(team), d, source, sizes, offsets);
  });
}

void alltoall(const Group &team, void *dest, const void *source, const Exchange &x) {
  const std::size_t block = x.nelems * x.elem_bytes;
  const bool contiguous = x.dst_stride == 1 && x.src_stride == 1 && block <= max_chunk;
  synced([&] {
    if (contiguous)
      alltoall_contiguous(comm_of(team), dest, source, block);
    else
      alltoall_strided(comm_of(team), static_cast<char *>(dest), static_cast<const char *>(source),
                       x);
  });
}

void reduce(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem,
            Op op) {
  const MpiReduction r = mpi_reduction(elem, op, __func__);
  const MPI_Comm comm = comm_of(team);
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  synced([&] {
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      SHMEMI_MPI(MPI_Allreduce(s == d ? MPI_IN_PLACE : s + at, d + at, n, r.type, r.op, comm));
    });
  });
}

void sum_scan(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem,
              bool inclusive) {
  const MpiReduction r = mpi_reduction(elem, Op::sum, __func__);
  const MPI_Comm comm = comm_of(team);
  const bool first_pe = my_rank(comm) == 0;
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  synced([&] {
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      const void *in = s == d ? MPI_IN_PLACE : s + at;
      if (inclusive) return SHMEMI_MPI(MPI_Scan(in, d + at, n, r.type, r.op, comm));
      SHMEMI_MPI(MPI_Exscan(in, d + at, n, r.type, r.op, comm));
      // MPI leaves the first PE's result undefined; the spec makes it zero,
      // and zero is all bits clear for every type of the table.
      if (first_pe) std::memset(d + at, 0, static_cast<std::size_t>(n) * elem.bytes);
    });
  });
}

} // namespace shmemi::transport
