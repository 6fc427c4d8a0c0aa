// Fortran RMA (1.3 sections 8.3 and 8.4): the typed, sized, mem and
// strided puts and gets, blocking and nbi, stamped from table.hpp. Elements
// are counted in the routine's element size; strides in elements.
#include "core/rma.hpp"
#include "fortran/entry.hpp"
#include "fortran/table.hpp"

using namespace shmemi;
using namespace shmemi::fortran;

namespace {

constexpr Completion blocking = Completion::local;
constexpr Completion nbi = Completion::deferred;

void contiguous(const char *routine, Direction dir, void *dest, const void *source,
                const fint *nelems, std::size_t bits, const fint *pe, Completion c) {
  rma_contiguous(routine, dir, SHMEM_CTX_DEFAULT, dest, source, count(routine, "nelems", *nelems),
                 bits / 8, *pe, c);
}

void strided(const char *routine, Direction dir, void *dest, const void *source, const fint *dst,
             const fint *sst, const fint *nelems, std::size_t bits, const fint *pe) {
  rma_strided(routine, dir, SHMEM_CTX_DEFAULT, dest, source,
              {*dst, *sst, 1, count(routine, "nelems", *nelems)}, bits / 8, *pe);
}

} // namespace

#define SHMEMI_F_CONTIG_PARAMS (void *dest, const void *source, const fint *nelems, const fint *pe)
#define SHMEMI_F_DEF_CONTIG(PUT, GET, BITS)                                                        \
  SHMEMI_F_DEF(void, PUT, SHMEMI_F_CONTIG_PARAMS,                                                  \
               contiguous(routine, Direction::put, dest, source, nelems, BITS, pe, blocking))      \
  SHMEMI_F_DEF(void, GET, SHMEMI_F_CONTIG_PARAMS,                                                  \
               contiguous(routine, Direction::get, dest, source, nelems, BITS, pe, blocking))      \
  SHMEMI_F_DEF(void, PUT##_nbi, SHMEMI_F_CONTIG_PARAMS,                                            \
               contiguous(routine, Direction::put, dest, source, nelems, BITS, pe, nbi))           \
  SHMEMI_F_DEF(void, GET##_nbi, SHMEMI_F_CONTIG_PARAMS,                                            \
               contiguous(routine, Direction::get, dest, source, nelems, BITS, pe, nbi))

#define SHMEMI_F_STRIDED_PARAMS                                                                    \
  (void *dest, const void *source, const fint *dst, const fint *sst, const fint *nelems,           \
   const fint *pe)
#define SHMEMI_F_DEF_STRIDED(IPUT, IGET, BITS)                                                     \
  SHMEMI_F_DEF(void, IPUT, SHMEMI_F_STRIDED_PARAMS,                                                \
               strided(routine, Direction::put, dest, source, dst, sst, nelems, BITS, pe))         \
  SHMEMI_F_DEF(void, IGET, SHMEMI_F_STRIDED_PARAMS,                                                \
               strided(routine, Direction::get, dest, source, dst, sst, nelems, BITS, pe))

SHMEMI_F_CONTIG(SHMEMI_F_DEF_CONTIG)
SHMEMI_F_STRIDED(SHMEMI_F_DEF_STRIDED)
