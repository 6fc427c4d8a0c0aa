// Fortran collectives (1.3 section 8.6) on active sets, stamped from
// table.hpp: the C routines of the same element size do the work; pSync
// and pWrk are never touched, so any default-INTEGER array serves.
#include "core/coll.hpp"
#include "core/team.hpp"
#include "fortran/entry.hpp"
#include "fortran/table.hpp"

using namespace shmemi;
using namespace shmemi::fortran;

// The active-set C routines are deprecated since 1.5; the 1.3 binding has
// nothing else.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

template <class T>
void to_all(const char *routine, T *dest, const T *source, const fint *nreduce, const fint *start,
            const fint *log_stride, const fint *size, Op op) {
  const shmemi_team &set = collective_set(routine, {*start, *log_stride, *size});
  coll_reduce(routine, set, dest, source, count(routine, "nreduce", *nreduce), elem_of<T>(), op);
}

} // namespace

#define SHMEMI_F_SET const fint *PE_start, const fint *logPE_stride, const fint *PE_size
#define SHMEMI_F_SET_ARGS *PE_start, *logPE_stride, *PE_size

SHMEMI_F_DEF(void, shmem_barrier_all, (), pshmem_barrier_all())
SHMEMI_F_DEF(void, shmem_barrier, (SHMEMI_F_SET, fint *),
             pshmem_barrier(SHMEMI_F_SET_ARGS, nullptr))

#define SHMEMI_F_DEF_COLLECTIVES(SUFFIX, BITS)                                                     \
  SHMEMI_F_DEF(void, shmem_broadcast##SUFFIX,                                                      \
               (void *dest, const void *source, const fint *nelems, const fint *PE_root,           \
                SHMEMI_F_SET, fint *),                                                             \
               pshmem_broadcast##BITS(dest, source, count(routine, "nelems", *nelems), *PE_root,   \
                                      SHMEMI_F_SET_ARGS, nullptr))                                 \
  SHMEMI_F_DEF(void, shmem_collect##SUFFIX,                                                        \
               (void *dest, const void *source, const fint *nelems, SHMEMI_F_SET, fint *),         \
               pshmem_collect##BITS(dest, source, count(routine, "nelems", *nelems),               \
                                    SHMEMI_F_SET_ARGS, nullptr))                                   \
  SHMEMI_F_DEF(void, shmem_fcollect##SUFFIX,                                                       \
               (void *dest, const void *source, const fint *nelems, SHMEMI_F_SET, fint *),         \
               pshmem_fcollect##BITS(dest, source, count(routine, "nelems", *nelems),              \
                                     SHMEMI_F_SET_ARGS, nullptr))

#define SHMEMI_F_DEF_ALLTOALLS(SUFFIX, BITS)                                                       \
  SHMEMI_F_DEF(void, shmem_alltoall##SUFFIX,                                                       \
               (void *dest, const void *source, const fint *nelems, SHMEMI_F_SET, fint *),         \
               pshmem_alltoall##BITS(dest, source, count(routine, "nelems", *nelems),              \
                                     SHMEMI_F_SET_ARGS, nullptr))                                  \
  SHMEMI_F_DEF(void, shmem_alltoalls##SUFFIX,                                                      \
               (void *dest, const void *source, const fint *dst, const fint *sst,                  \
                const fint *nelems, SHMEMI_F_SET, fint *),                                         \
               pshmem_alltoalls##BITS(dest, source, *dst, *sst, count(routine, "nelems", *nelems), \
                                      SHMEMI_F_SET_ARGS, nullptr))

#define SHMEMI_F_DEF_TO_ALL(P, T, NAME, OP)                                                        \
  SHMEMI_F_DEF(void, P##_##NAME##_to_all,                                                          \
               (T * dest, const T *source, const fint *nreduce, SHMEMI_F_SET, T *, fint *),        \
               to_all(routine, dest, source, nreduce, PE_start, logPE_stride, PE_size, Op::OP))

SHMEMI_F_COLLECTIVES(SHMEMI_F_DEF_COLLECTIVES)
SHMEMI_F_ALLTOALLS(SHMEMI_F_DEF_ALLTOALLS)
SHMEMI_F_REDUCTIONS(SHMEMI_F_DEF_TO_ALL)
