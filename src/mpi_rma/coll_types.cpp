// The MPI datatypes and operations of the reductions: by element kind and
// size, with the library's own operations where MPI's are missing
// (__float128) or wrong (MPICH's unsigned max/min).
#include <array>
#include <cstdint>
#include <limits>

#include "base/combine.hpp"
#include "base/report.hpp"
#include "mpi_rma/coll_common.hpp"
#include "mpi_rma/mpi_check.hpp"

namespace shmemi::mpi_rma {
ReductionTable reductions;

int my_rank(MPI_Comm comm) {
  int rank = 0;
  SHMEMI_MPI(MPI_Comm_rank(comm, &rank));
  return rank;
}

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

namespace {

// Reduction elements of Kind::quad: MPI has no binary128 type
// (MPI_LONG_DOUBLE is x87 extended precision on x86_64), so 16 opaque
// bytes, which only the library's ops combine. Made by
// reduction_types_start, freed by reduction_types_stop.
MPI_Datatype quad = MPI_DATATYPE_NULL;

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
  return bytes == sizeof(__float128) ? quad : MPI_DATATYPE_NULL;
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
  static const bool work =
      builtin_extremes_work<std::uint8_t>() && builtin_extremes_work<std::uint16_t>() &&
      builtin_extremes_work<std::uint32_t>() && builtin_extremes_work<std::uint64_t>();
  return work;
}

// The element-wise operation of base/combine.cpp on quad elements (MPI's
// inoutvec is the accumulator; the four operations commute).
template <Op op> void quad_op(void *in, void *inout, int *len, MPI_Datatype *) {
  combine({Kind::quad, sizeof(__float128)}, op, inout, in, static_cast<std::size_t>(*len));
}

MPI_Op quad_mpi_op(Op op) { // no bitwise operations on quad elements
  // Op::max to Op::prod, in the enumeration's order.
  static const std::array<MPI_Op, 4> ops = {make_op(quad_op<Op::max>), make_op(quad_op<Op::min>),
                                            make_op(quad_op<Op::sum>), make_op(quad_op<Op::prod>)};
  if (op < Op::max) return MPI_OP_NULL;
  return ops[static_cast<std::size_t>(op) - static_cast<std::size_t>(Op::max)];
}

// Chosen by kind and size: MPI_CHAR is no reduction type, and size_t or
// ptrdiff_t are whichever integer of their width.
MPI_Datatype type_of(Elem elem) {
  switch (elem.kind) {
  case Kind::sint: return integer_type(true, elem.bytes);
  case Kind::uint: return integer_type(false, elem.bytes);
  case Kind::real: return real_type(elem.bytes);
  case Kind::complex: return complex_type(elem.bytes);
  case Kind::quad: return quad_type(elem.bytes);
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op op_of(Op op, Elem elem) {
  static const MPI_Op builtin[] = {MPI_BAND, MPI_BOR, MPI_BXOR, MPI_MAX,
                                   MPI_MIN,  MPI_SUM, MPI_PROD};
  if (elem.kind == Kind::quad) return quad_mpi_op(op);
  const bool extreme = op == Op::max || op == Op::min;
  if (!extreme || elem.kind != Kind::uint || builtin_unsigned_extremes_work())
    return builtin[static_cast<int>(op)];
  static const std::array<MPI_Op, 8> own = make_unsigned_ops();
  return own[static_cast<std::size_t>(__builtin_ctzll(elem.bytes)) * 2 + (op == Op::max)];
}

} // namespace

void reduction_types_start() {
  SHMEMI_MPI(MPI_Type_contiguous(static_cast<int>(sizeof(__float128)), MPI_BYTE, &quad));
  SHMEMI_MPI(MPI_Type_commit(&quad));
  for (std::size_t kind = 0; kind < reductions.size(); ++kind)
    for (std::size_t log = 0; log < reductions[kind].size(); ++log) {
      const Elem elem{static_cast<Kind>(kind), std::size_t{1} << log};
      Reduction &r = reductions[kind][log];
      r.type = type_of(elem);
      for (std::size_t op = 0; op < r.ops.size(); ++op)
        r.ops[op] = r.type == MPI_DATATYPE_NULL ? MPI_OP_NULL : op_of(static_cast<Op>(op), elem);
    }
}

void reduction_types_stop() {
  SHMEMI_MPI(MPI_Type_free(&quad));
  reductions = {};
}

void no_reduction(Elem elem, Op op, const char *function) {
  fatal(function, "internal error: no MPI reduction %d on a %zu-byte element of kind %d",
        static_cast<int>(op), elem.bytes, static_cast<int>(elem.kind));
}

} // namespace shmemi::mpi_rma
