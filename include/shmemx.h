/* Extensions beyond the OpenSHMEM 1.6 specification (shmemx_ names).
 *
 * The library's version (not the specification's: that is
 * SHMEM_MAJOR_VERSION and SHMEM_MINOR_VERSION)
 *   SHMEMX_LIBRARY_VERSION_MAJOR, _MINOR, _PATCH  integer constants, usable
 *                            in #if (e.g. #if SHMEMX_LIBRARY_VERSION_MAJOR >= 1).
 *   SHMEMX_LIBRARY_VERSION   the same as a string literal, "major.minor.patch";
 *                            SHMEM_VENDOR_STRING contains it too.
 *
 * Device bits of shmem_init_thread (the OpenSHMEM GPU auxiliary document)
 *   SHMEM_DEVICE_HOST_INIT, SHMEM_DEVICE_KERNEL_INIT  may be ORed into
 *                            shmem_init_thread's requested. This library has
 *                            no GPU support: it accepts them and returns a
 *                            thread level alone in provided (SHMEM_DEBUG says
 *                            so). Other bits outside the thread levels are an
 *                            error. The values are this library's; use the names.
 *
 * Symmetric heap queries
 *   shmemx_heap_size()       the bytes of this PE's symmetric heap
 *                            (SHMEM_SYMMETRIC_SIZE rounded up to whole pages).
 *   shmemx_heap_available()  the largest size that shmem_malloc(size) can
 *                            return now. Allocations are collective and
 *                            deterministic, so the value is the same on every
 *                            PE that made the same calls. Neither routine
 *                            communicates.
 *
 * Nonblocking team collectives (a proposal to the OpenSHMEM committee)
 *   shmemx_TYPENAME_broadcast_nbi, _collect_nbi, _fcollect_nbi,
 *   _alltoall_nbi, _alltoalls_nbi, the mem forms (shmemx_broadcastmem_nbi,
 *   ...), the team reductions shmemx_TYPENAME_OP_reduce_nbi and the scans
 *   shmemx_TYPENAME_sum_inscan_nbi / _sum_exscan_nbi take the arguments of
 *   their blocking routine, check them the same way, start the collective
 *   and return 0 at once.
 *   - Completion: the next shmem_quiet() (the default context) completes
 *     every nonblocking collective this PE started, on any team; so do
 *     shmem_barrier_all() and shmem_finalize(). shmem_ctx_quiet(ctx)
 *     completes those of ctx's team (all of them when that team is
 *     SHMEM_TEAM_WORLD), and shmem_team_destroy(team) those of team. A PE's
 *     completion is its own: after it, this PE's dest holds the result; the
 *     other members' dest may not until they complete too.
 *   - Until completion the program must not modify source nor read or write
 *     dest, on this PE or through RMA from another PE; the routine may read
 *     and write them at any time in between.
 *   - Every member of the team calls the team's collectives, blocking and
 *     nonblocking, in the same order, as for the blocking routines.
 *   - On a team whose PEs share a node, broadcasts, reductions and scans of
 *     at most 1 KiB post this PE's data at the start and read the others'
 *     at completion, through the team's ring of 16 staging buffers. A
 *     buffer serves every 16th such collective of the team, so a start
 *     first completes this PE's collective of the team 16 before it (if
 *     still open), which waits until every member has started that one.
 *     Everything else runs over MPI's
 *     nonblocking collectives on the team's communicator (MPI_Ibcast,
 *     MPI_Iallgather(v), MPI_Ialltoall, MPI_Iallreduce, MPI_Iscan and
 *     MPI_Iexscan), also on a node, where the shared-memory algorithms need
 *     every member at once. A team of one completes its collectives at once.
 */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#define SHMEMX_LIBRARY_VERSION_MAJOR SHMEMI_LIBRARY_VERSION_MAJOR
#define SHMEMX_LIBRARY_VERSION_MINOR SHMEMI_LIBRARY_VERSION_MINOR
#define SHMEMX_LIBRARY_VERSION_PATCH SHMEMI_LIBRARY_VERSION_PATCH
#define SHMEMX_LIBRARY_VERSION SHMEMI_LIBRARY_VERSION

#ifndef SHMEM_DEVICE_HOST_INIT
#define SHMEM_DEVICE_HOST_INIT (1 << 8)
#endif
#ifndef SHMEM_DEVICE_KERNEL_INIT
#define SHMEM_DEVICE_KERNEL_INIT (1 << 9)
#endif

#define SHMEMI_DECLS_X_HEAP                                                                        \
  SHMEM_API size_t SHMEMI_NAME(shmemx_heap_size)(void) SHMEMI_NOEXCEPT;                            \
  SHMEM_API size_t SHMEMI_NAME(shmemx_heap_available)(void) SHMEMI_NOEXCEPT;

/* shmemx_<N><kind><M>_nbi: N is TYPENAME_ and M empty, or N empty and M mem. */
#define SHMEMI_DECL_COLL_NBI(N, M, T)                                                              \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##broadcast##M##_nbi)(                                       \
      shmem_team_t team, T * dest, const T *source, size_t nelems, int PE_root) SHMEMI_NOEXCEPT;   \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##collect##M##_nbi)(                                         \
      shmem_team_t team, T * dest, const T *source, size_t nelems) SHMEMI_NOEXCEPT;                \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##fcollect##M##_nbi)(                                        \
      shmem_team_t team, T * dest, const T *source, size_t nelems) SHMEMI_NOEXCEPT;                \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##alltoall##M##_nbi)(                                        \
      shmem_team_t team, T * dest, const T *source, size_t nelems) SHMEMI_NOEXCEPT;                \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##alltoalls##M##_nbi)(                                       \
      shmem_team_t team, T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems)   \
      SHMEMI_NOEXCEPT;
#define SHMEMI_DECL_COLL_NBI_TYPED(A, T, N) SHMEMI_DECL_COLL_NBI(N##_, , T)
#define SHMEMI_DECL_REDUCE_NBI(OP, T, N)                                                           \
  SHMEM_API int SHMEMI_NAME(shmemx_##N##OP##_nbi)(shmem_team_t team, T * dest, const T *source,    \
                                                  size_t nreduce) SHMEMI_NOEXCEPT;

#define SHMEMI_DECLS_X_COLL                                                                        \
  SHMEMI_RMA_TYPES(SHMEMI_DECL_COLL_NBI_TYPED, ~)                                                  \
  SHMEMI_DECL_COLL_NBI(, mem, void)                                                                \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NBI, _and_reduce)                            \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NBI, _or_reduce)                             \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NBI, _xor_reduce)                            \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE_NBI, _max_reduce)                             \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE_NBI, _min_reduce)                             \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NBI, _sum_reduce)                              \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NBI, _prod_reduce)                             \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NBI, _sum_inscan)                              \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NBI, _sum_exscan)

#define SHMEMI_DECLS_X SHMEMI_DECLS_X_HEAP SHMEMI_DECLS_X_COLL

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_X

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Type-generic forms, as those of the blocking routines (shmem/coll.h). */
#if defined(SHMEMI_HAVE_C11_GENERICS)
#define SHMEMI_C11_COLL_NBI(NAME, TABLE, team, dest, ...)                                          \
  SHMEMI_C11_SELECT(TABLE, dest, shmemx_, _##NAME##_nbi)(team, dest, __VA_ARGS__)
#define shmemx_broadcast_nbi(...) SHMEMI_C11_COLL_NBI(broadcast, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmemx_collect_nbi(...) SHMEMI_C11_COLL_NBI(collect, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmemx_fcollect_nbi(...) SHMEMI_C11_COLL_NBI(fcollect, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmemx_alltoall_nbi(...) SHMEMI_C11_COLL_NBI(alltoall, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmemx_alltoalls_nbi(...) SHMEMI_C11_COLL_NBI(alltoalls, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmemx_and_reduce_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(and_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmemx_or_reduce_nbi(...)                                                                  \
  SHMEMI_C11_COLL_NBI(or_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmemx_xor_reduce_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(xor_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmemx_max_reduce_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(max_reduce, SHMEMI_TEAM_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define shmemx_min_reduce_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(min_reduce, SHMEMI_TEAM_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define shmemx_sum_reduce_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(sum_reduce, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmemx_prod_reduce_nbi(...)                                                                \
  SHMEMI_C11_COLL_NBI(prod_reduce, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmemx_sum_inscan_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(sum_inscan, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmemx_sum_exscan_nbi(...)                                                                 \
  SHMEMI_C11_COLL_NBI(sum_exscan, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
SHMEMI_CXX_COLLECTIVES(shmemx_, _nbi)
#endif /* generics */

#endif /* SHMEMX_H */
