// The reductions' element types and operations, and what an operation does
// to elements in local memory: the arithmetic of every reduction, whether
// node/ folds the members' data through shared memory or mpi_rma hands MPI
// a user-defined operation.
#pragma once

#include <cstddef>

namespace shmemi {

// The reduction element types of the spec's tables, by kind and size.
// quad is IEEE binary128 (__float128, Fortran's REAL*16; not x86_64's long
// double, though both are 16 bytes), for max, min, sum and prod.
enum class Kind : unsigned char { sint, uint, real, complex, quad };
struct Elem {
  Kind kind;
  std::size_t bytes;
};
enum class Op : unsigned char { band, bor, bxor, max, min, sum, prod };

// acc[i] = acc[i] op in[i] for n elements of `elem`; integers wrap around
// like MPI's. Only the combinations of the spec's tables (no bitwise
// operations on reals, only sum and product on complex numbers).
void combine(Elem elem, Op op, void *acc, const void *in, std::size_t n);

} // namespace shmemi
