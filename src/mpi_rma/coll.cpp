// Team and active-set collectives as MPI collectives on the set's cached
// communicator. The buffers are symmetric memory inside the windows, so the
// windows' views are synced before and after MPI touches them.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>

#include "port/combine.hpp"
#include "base/report.hpp"
#include "port/collectives.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/state.hpp"
#include "mpi_rma/team.hpp"
#include "port/transport.hpp"

namespace shmemi::mpi {

void quad_type_start() {
  SHMEMI_MPI(MPI_Type_contiguous(static_cast<int>(sizeof(__float128)), MPI_BYTE, &state.quad));
  SHMEMI_MPI(MPI_Type_commit(&state.quad));
}

void quad_type_stop() { SHMEMI_MPI(MPI_Type_free(&state.quad)); }

} // namespace shmemi::mpi

namespace shmemi::transport {
using namespace shmemi::mpi;

namespace {

// MPI counts are int: larger operations go in pieces of at most this many
// bytes (per PE and block).
constexpr std::size_t max_chunk = std::size_t{1} << 30;

template <class F> void synced(F &&collective) {
  memory_sync();
  const Blocking blocking;
  collective();
  memory_sync();
}

// Runs op(first, count) over pieces of n elements of elem_bytes each; the
// common single piece without the division.
template <class F> void for_each_piece(std::size_t n, std::size_t elem_bytes, F op) {
  if (n <= max_chunk && n * elem_bytes <= max_chunk) return op(0, static_cast<int>(n));
  const std::size_t per_piece = std::max<std::size_t>(1, max_chunk / elem_bytes);
  for (std::size_t first = 0; first < n; first += per_piece)
    op(first, static_cast<int>(std::min(per_piece, n - first)));
}

int my_rank(MPI_Comm comm) {
  int rank = 0;
  SHMEMI_MPI(MPI_Comm_rank(comm, &rank));
  return rank;
}

// count elements of elem_bytes, stride_bytes apart, in a block whose extent
// is `extent` bytes (so that consecutive blocks go to consecutive PEs).
// Adjacent elements make one contiguous run: MPI packs runs much faster
// than many small elements. count * elem_bytes is at most one piece.
MPI_Datatype strided_block(int count, std::size_t elem_bytes, std::ptrdiff_t stride_bytes,
                           MPI_Aint extent) {
  const auto eb = static_cast<int>(elem_bytes);
  MPI_Datatype elem, data, block;
  if (stride_bytes == eb) {
    SHMEMI_MPI(MPI_Type_contiguous(count * eb, MPI_BYTE, &data));
  } else {
    SHMEMI_MPI(MPI_Type_contiguous(eb, MPI_BYTE, &elem));
    SHMEMI_MPI(MPI_Type_create_hvector(count, 1, stride_bytes, elem, &data));
    SHMEMI_MPI(MPI_Type_free(&elem));
  }
  SHMEMI_MPI(MPI_Type_create_resized(data, 0, extent, &block));
  SHMEMI_MPI(MPI_Type_free(&data));
  return block;
}

MPI_Datatype integer_type(bool is_signed, std::size_t bytes) {
  switch (bytes) {
  case 1: return is_signed ? MPI_INT8_T : MPI_UINT8_T;
  case 2: return is_signed ? MPI_INT16_T : MPI_UINT16_T;
  case 4: return is_signed ? MPI_INT32_T : MPI_UINT32_T;
  case 8: return is_signed ? MPI_INT64_T : MPI_UINT64_T;
  default: return MPI_DATATYPE_NULL;
  }
}

MPI_Datatype real_type(std::size_t bytes) {
  if (bytes == sizeof(float)) return MPI_FLOAT;
  if (bytes == sizeof(double)) return MPI_DOUBLE;
  if (bytes == sizeof(long double)) return MPI_LONG_DOUBLE;
  return MPI_DATATYPE_NULL;
}

MPI_Datatype complex_type(std::size_t bytes) {
  if (bytes == 2 * sizeof(float)) return MPI_C_FLOAT_COMPLEX;
  if (bytes == 2 * sizeof(double)) return MPI_C_DOUBLE_COMPLEX;
  return MPI_DATATYPE_NULL;
}

MPI_Datatype quad_type(std::size_t bytes) {
  return bytes == sizeof(__float128) ? state.quad : MPI_DATATYPE_NULL;
}

// Chosen by kind and size: MPI_CHAR is no reduction type, and size_t or
// ptrdiff_t are whichever integer of their width.
MPI_Datatype mpi_type(Elem elem, const char *function) {
  MPI_Datatype t = MPI_DATATYPE_NULL;
  switch (elem.kind) {
  case Kind::sint: t = integer_type(true, elem.bytes); break;
  case Kind::uint: t = integer_type(false, elem.bytes); break;
  case Kind::real: t = real_type(elem.bytes); break;
  case Kind::complex: t = complex_type(elem.bytes); break;
  case Kind::quad: t = quad_type(elem.bytes); break;
  }
  if (t == MPI_DATATYPE_NULL)
    fatal(function, "internal error: no MPI datatype for a %zu-byte element of kind %d",
          elem.bytes, static_cast<int>(elem.kind));
  return t;
}

// MPICH 4.0.2 (Debian 12) compares unsigned integers as signed in MPI_MAX
// and MPI_MIN, for every unsigned type and even in MPI_Reduce_local. A probe
// tells; where the built-in operations are wrong, these replace them.
template <class U, bool max>
void unsigned_extreme(void *in, void *inout, int *len, MPI_Datatype *) {
  const U *a = static_cast<const U *>(in);
  U *b = static_cast<U *>(inout);
  for (int i = 0; i < *len; ++i)
    if (max ? a[i] > b[i] : a[i] < b[i]) b[i] = a[i];
}

template <class U> bool builtin_extremes_work() {
  const MPI_Datatype type = integer_type(false, sizeof(U));
  const U big = std::numeric_limits<U>::max();
  U max = 1, min = 1;
  SHMEMI_MPI(MPI_Reduce_local(&big, &max, 1, type, MPI_MAX));
  SHMEMI_MPI(MPI_Reduce_local(&big, &min, 1, type, MPI_MIN));
  return max == big && min == 1;
}

MPI_Op make_op(MPI_User_function *f) {
  MPI_Op op;
  SHMEMI_MPI(MPI_Op_create(f, 1, &op));
  return op;
}

// Indexed by log2(element bytes) * 2 + (max ? 1 : 0).
std::array<MPI_Op, 8> make_unsigned_ops() {
  using std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t;
  return {make_op(unsigned_extreme<uint8_t, false>),  make_op(unsigned_extreme<uint8_t, true>),
          make_op(unsigned_extreme<uint16_t, false>), make_op(unsigned_extreme<uint16_t, true>),
          make_op(unsigned_extreme<uint32_t, false>), make_op(unsigned_extreme<uint32_t, true>),
          make_op(unsigned_extreme<uint64_t, false>), make_op(unsigned_extreme<uint64_t, true>)};
}

bool builtin_unsigned_extremes_work() {
  static const bool work = builtin_extremes_work<std::uint8_t>() &&
                           builtin_extremes_work<std::uint16_t>() &&
                           builtin_extremes_work<std::uint32_t>() &&
                           builtin_extremes_work<std::uint64_t>();
  return work;
}

// The element-wise operation of core/combine.cpp on quad elements (MPI's
// inoutvec is the accumulator; the four operations commute).
template <Op op> void quad_op(void *in, void *inout, int *len, MPI_Datatype *) {
  combine({Kind::quad, sizeof(__float128)}, op, inout, in, static_cast<std::size_t>(*len));
}

MPI_Op quad_mpi_op(Op op) {
  // Op::max to Op::prod, in the enumeration's order.
  static const std::array<MPI_Op, 4> ops = {make_op(quad_op<Op::max>), make_op(quad_op<Op::min>),
                                            make_op(quad_op<Op::sum>), make_op(quad_op<Op::prod>)};
  if (op < Op::max)
    fatal(__func__, "internal error: no bitwise reduction %d on quad elements",
          static_cast<int>(op));
  return ops[static_cast<std::size_t>(op) - static_cast<std::size_t>(Op::max)];
}

MPI_Op mpi_op(Op op, Elem elem) {
  static const MPI_Op builtin[] = {MPI_BAND, MPI_BOR, MPI_BXOR, MPI_MAX,
                                   MPI_MIN,  MPI_SUM, MPI_PROD};
  if (elem.kind == Kind::quad) return quad_mpi_op(op);
  const bool extreme = op == Op::max || op == Op::min;
  if (!extreme || elem.kind != Kind::uint || builtin_unsigned_extremes_work())
    return builtin[static_cast<int>(op)];
  static const std::array<MPI_Op, 8> own = make_unsigned_ops();
  return own[static_cast<std::size_t>(__builtin_ctzll(elem.bytes)) * 2 + (op == Op::max)];
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
                   const std::vector<std::size_t> &sizes,
                   const std::vector<std::size_t> &offsets) {
  const int mine = static_cast<int>(sizes[static_cast<std::size_t>(my_rank(comm))]);
  const bool uniform = std::all_of(sizes.begin(), sizes.end(),
                                   [&](std::size_t s) { return s == sizes.front(); });
  if (uniform) {
    SHMEMI_MPI(MPI_Allgather(source, mine, MPI_BYTE, dest, mine, MPI_BYTE, comm));
    return;
  }
  std::vector<int> counts(sizes.begin(), sizes.end()), displs(offsets.begin(), offsets.end());
  SHMEMI_MPI(MPI_Allgatherv(source, mine, MPI_BYTE, dest, counts.data(), displs.data(),
                            MPI_BYTE, comm));
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

std::uint64_t team_and(const Comm &team, std::uint64_t mine) {
  std::uint64_t all = 0;
  const Blocking blocking;
  SHMEMI_MPI(MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_BAND, comm_of(team)));
  return all;
}

void team_sync(const Comm &team) {
  synced([&] { SHMEMI_MPI(MPI_Barrier(comm_of(team))); });
}

void broadcast(const Comm &team, void *buffer, std::size_t nbytes, int root) {
  synced([&] { bcast_bytes(comm_of(team), static_cast<char *>(buffer), nbytes, root); });
}

std::vector<std::size_t> gather_sizes(const Comm &team, std::size_t mine) {
  const unsigned long long my_size = mine;
  int size = 0;
  SHMEMI_MPI(MPI_Comm_size(comm_of(team), &size));
  std::vector<unsigned long long> all(static_cast<std::size_t>(size));
  const Blocking blocking;
  SHMEMI_MPI(MPI_Allgather(&my_size, 1, MPI_UNSIGNED_LONG_LONG, all.data(), 1,
                           MPI_UNSIGNED_LONG_LONG, comm_of(team)));
  return {all.begin(), all.end()};
}

void gather_blocks(const Comm &team, void *dest, const void *source,
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

void alltoall(const Comm &team, void *dest, const void *source, const Exchange &x) {
  const std::size_t block = x.nelems * x.elem_bytes;
  const bool contiguous = x.dst_stride == 1 && x.src_stride == 1 && block <= max_chunk;
  synced([&] {
    if (contiguous)
      alltoall_contiguous(comm_of(team), dest, source, block);
    else
      alltoall_strided(comm_of(team), static_cast<char *>(dest),
                       static_cast<const char *>(source), x);
  });
}

void reduce(const Comm &team, void *dest, const void *source, std::size_t nelems,
            Elem elem, Op op) {
  const MPI_Datatype type = mpi_type(elem, __func__);
  const MPI_Op mpi = mpi_op(op, elem);
  const MPI_Comm comm = comm_of(team);
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  synced([&] {
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      SHMEMI_MPI(MPI_Allreduce(s == d ? MPI_IN_PLACE : s + at, d + at, n, type, mpi, comm));
    });
  });
}

void sum_scan(const Comm &team, void *dest, const void *source, std::size_t nelems,
              Elem elem, bool inclusive) {
  const MPI_Datatype type = mpi_type(elem, __func__);
  const MPI_Op sum = mpi_op(Op::sum, elem);
  const MPI_Comm comm = comm_of(team);
  const bool first_pe = my_rank(comm) == 0;
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  synced([&] {
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      const void *in = s == d ? MPI_IN_PLACE : s + at;
      if (inclusive) return SHMEMI_MPI(MPI_Scan(in, d + at, n, type, sum, comm));
      SHMEMI_MPI(MPI_Exscan(in, d + at, n, type, sum, comm));
      // MPI leaves the first PE's result undefined; the spec makes it zero,
      // and zero is all bits clear for every type of the table.
      if (first_pe) std::memset(d + at, 0, static_cast<std::size_t>(n) * elem.bytes);
    });
  });
}

} // namespace shmemi::transport
