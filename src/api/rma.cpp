// Section 9.6: RMA routines, stamped from the spec's type tables. Each
// entry point names itself for error messages and forwards bytes to core.
#include "core/checks.hpp"
#include "core/rma.hpp"
#include "api/stamp.hpp"

using namespace shmemi;

namespace {

constexpr Completion blocking = Completion::local;
constexpr Completion nbi = Completion::deferred;

// The ibput/ibget strides, checked.
StridedElems blocks(const char *routine, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks) {
  require_strides(routine, dst, sst, bsize);
  return {dst, sst, bsize, nblocks};
}

template <class T> T get_value(const char *routine, shmem_ctx_t ctx, const T *source, int pe) {
  T value;
  rma_get(routine, ctx, &value, source, 1, sizeof(T), pe, blocking);
  return value;
}

} // namespace

#define SHMEMI_CONTIG(T) (T * dest, const T *source, size_t nelems, int pe)
#define SHMEMI_STRIDED(T)                                                                          \
  (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe)
#define SHMEMI_BLOCKED(T)                                                                          \
  (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)

// The routines every element size has: typed, SIZE and mem forms.
#define SHMEMI_DEF_CONTIG(PUT, GET, PUT_NBI, GET_NBI, T, E)                                        \
  SHMEMI_DEF_PAIR(void, PUT, SHMEMI_CONTIG(T),                                                     \
                  rma_put(routine, ctx, dest, source, nelems, E, pe, blocking))                    \
  SHMEMI_DEF_PAIR(void, GET, SHMEMI_CONTIG(T),                                                     \
                  rma_get(routine, ctx, dest, source, nelems, E, pe, blocking))                    \
  SHMEMI_DEF_PAIR(void, PUT_NBI, SHMEMI_CONTIG(T),                                                 \
                  rma_put(routine, ctx, dest, source, nelems, E, pe, nbi))                         \
  SHMEMI_DEF_PAIR(void, GET_NBI, SHMEMI_CONTIG(T),                                                 \
                  rma_get(routine, ctx, dest, source, nelems, E, pe, nbi))

#define SHMEMI_DEF_STRIDED(IPUT, IGET, IBPUT, IBGET, T, E)                                         \
  SHMEMI_DEF_PAIR(void, IPUT, SHMEMI_STRIDED(T),                                                   \
                  rma_put_strided(routine, ctx, dest, source, {dst, sst, 1, nelems}, E, pe))       \
  SHMEMI_DEF_PAIR(void, IGET, SHMEMI_STRIDED(T),                                                   \
                  rma_get_strided(routine, ctx, dest, source, {dst, sst, 1, nelems}, E, pe))       \
  SHMEMI_DEF_PAIR(void, IBPUT, SHMEMI_BLOCKED(T),                                                  \
                  rma_put_strided(routine, ctx, dest, source,                                      \
                                  blocks(routine, dst, sst, bsize, nblocks), E, pe))               \
  SHMEMI_DEF_PAIR(void, IBGET, SHMEMI_BLOCKED(T),                                                  \
                  rma_get_strided(routine, ctx, dest, source,                                      \
                                  blocks(routine, dst, sst, bsize, nblocks), E, pe))

#define SHMEMI_DEF_RMA_TYPED(A, T, N)                                                              \
  SHMEMI_DEF_CONTIG(N##_put, N##_get, N##_put_nbi, N##_get_nbi, T, sizeof(T))                      \
  SHMEMI_DEF_STRIDED(N##_iput, N##_iget, N##_ibput, N##_ibget, T, sizeof(T))                       \
  SHMEMI_DEF_PAIR(void, N##_p, (T * dest, T value, int pe),                                        \
                  rma_put(routine, ctx, dest, &value, 1, sizeof(T), pe, blocking))                 \
  SHMEMI_DEF_PAIR(T, N##_g, (const T *source, int pe), get_value(routine, ctx, source, pe))

// put8 ... put128 and their relatives: the size goes after the verb.
#define SHMEMI_DEF_RMA_SIZED(A, BITS, BYTES)                                                       \
  SHMEMI_DEF_CONTIG(put##BITS, get##BITS, put##BITS##_nbi, get##BITS##_nbi, void, BYTES)           \
  SHMEMI_DEF_STRIDED(iput##BITS, iget##BITS, ibput##BITS, ibget##BITS, void, BYTES)

extern "C" {

SHMEMI_RMA_TYPES(SHMEMI_DEF_RMA_TYPED, ~)
SHMEMI_RMA_SIZES(SHMEMI_DEF_RMA_SIZED, ~)
SHMEMI_DEF_CONTIG(putmem, getmem, putmem_nbi, getmem_nbi, void, 1)

} // extern "C"
