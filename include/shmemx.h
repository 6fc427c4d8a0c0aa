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
 *
 * Nonblocking collectives with requests (the draft of the specification's
 * pull request #456, which may change)
 *   shmemx_TYPENAME_broadcast_nb, ... (every routine above with _nb for
 *   _nbi), shmemx_sync_nb and shmemx_team_sync_nb (one routine) take a
 *   shmemx_req_h *request after the blocking routine's arguments (not
 *   NULL), start the collective as the _nbi form does and set *request.
 *   shmemx_req_test(&request) returns 1 once it is complete on this PE, 0
 *   before (it never waits); shmemx_req_wait(&request) waits, returns 0.
 *   At completion both free the request and set it to SHMEMX_REQ_INVALID,
 *   with which both return at once (test: 1). Each completes this PE's
 *   earlier collectives of the team too, in start order. Every PE that
 *   started the collective must observe its completion by a test or a
 *   wait; the completions of the _nbi forms (quiet, ...) complete these as
 *   well, after which the request's test returns 1.
 *   With SHMEM_NB_COLLECTIVES_DRAFT defined before shmem.h or shmemx.h is
 *   included, the draft's names too: shmem_req_h, SHMEM_REQ_INVALID and
 *   each shmemx_ name of the _nb routines, shmemx_req_test and
 *   shmemx_req_wait with shmem_ instead (the same routines).
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

/* The requests of the _nb collectives: a null handle is no request. */
typedef struct shmemi_req *shmemx_req_h;
#define SHMEMX_REQ_INVALID ((shmemx_req_h)0)

/* The nonblocking collectives P<N><kind><M><S>: N is TYPENAME_ and M empty,
 * or N empty and M mem; S is _nbi (R = NONE) or _nb (R = REQ: a request
 * after the blocking routine's parameters). L is X, or DRAFT for the
 * draft's names, which are the shmemx_ routines under another name (an
 * assembler label: no symbol of their own). */
#define SHMEMI_MORE_PARAMS_REQ() , shmemx_req_h *request
#define SHMEMI_MORE_ARGS_REQ() , request
#define SHMEMI_LABEL_X(NAME)
#define SHMEMI_LABEL_DRAFT(NAME) __asm__(#NAME)
#define SHMEMI_DECL_NB(P, NAME, L, R, ...)                                                         \
  SHMEM_API int SHMEMI_NAME(P##NAME)(__VA_ARGS__ SHMEMI_MORE_PARAMS_##R())                         \
      SHMEMI_NOEXCEPT SHMEMI_LABEL_##L(shmemx_##NAME);
#define SHMEMI_DECL_COLL_NB(P, N, M, S, L, R, T)                                                   \
  SHMEMI_DECL_NB(P, N##broadcast##M##S, L, R, shmem_team_t team, T *dest, const T *source,         \
                 size_t nelems, int PE_root)                                                       \
  SHMEMI_DECL_NB(P, N##collect##M##S, L, R, shmem_team_t team, T *dest, const T *source,           \
                 size_t nelems)                                                                    \
  SHMEMI_DECL_NB(P, N##fcollect##M##S, L, R, shmem_team_t team, T *dest, const T *source,          \
                 size_t nelems)                                                                    \
  SHMEMI_DECL_NB(P, N##alltoall##M##S, L, R, shmem_team_t team, T *dest, const T *source,          \
                 size_t nelems)                                                                    \
  SHMEMI_DECL_NB(P, N##alltoalls##M##S, L, R, shmem_team_t team, T *dest, const T *source,         \
                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems)
/* A is (P, S, L, R) of SHMEMI_DECL_COLL_NB, for a row of a type table. */
#define SHMEMI_DECL_COLL_NB_TYPED(A, T, N) SHMEMI_DECL_COLL_NB_TYPED_(SHMEMI_UNPACK A, T, N)
#define SHMEMI_DECL_COLL_NB_TYPED_(...) SHMEMI_DECL_COLL_NB_TYPED__(__VA_ARGS__)
#define SHMEMI_DECL_COLL_NB_TYPED__(P, S, L, R, T, N) SHMEMI_DECL_COLL_NB(P, N##_, , S, L, R, T)
/* A is (P, OP, L, R): P<N>OP, OP with its suffix (_sum_reduce_nb). */
#define SHMEMI_DECL_REDUCE_NB(A, T, N) SHMEMI_DECL_REDUCE_NB_(SHMEMI_UNPACK A, T, N)
#define SHMEMI_DECL_REDUCE_NB_(...) SHMEMI_DECL_REDUCE_NB__(__VA_ARGS__)
#define SHMEMI_DECL_REDUCE_NB__(P, OP, L, R, T, N)                                                 \
  SHMEMI_DECL_NB(P, N##OP, L, R, shmem_team_t team, T *dest, const T *source, size_t nreduce)
/* Every nonblocking collective of one suffix S. */
#define SHMEMI_DECLS_NB(P, S, L, R)                                                                \
  SHMEMI_RMA_TYPES(SHMEMI_DECL_COLL_NB_TYPED, (P, S, L, R))                                        \
  SHMEMI_DECL_COLL_NB(P, , mem, S, L, R, void)                                                     \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _and_reduce##S, L, R))               \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _or_reduce##S, L, R))                \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _xor_reduce##S, L, R))               \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _max_reduce##S, L, R))                \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _min_reduce##S, L, R))                \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _sum_reduce##S, L, R))                 \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _prod_reduce##S, L, R))                \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _sum_inscan##S, L, R))                 \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE_NB, (P, _sum_exscan##S, L, R))
/* The requests' routines and the syncs with a request. */
#define SHMEMI_DECLS_REQ(P, L)                                                                     \
  SHMEMI_DECL_NB(P, req_test, L, NONE, shmemx_req_h *request)                                      \
  SHMEMI_DECL_NB(P, req_wait, L, NONE, shmemx_req_h *request)                                      \
  SHMEMI_DECL_NB(P, team_sync_nb, L, REQ, shmem_team_t team)                                       \
  SHMEMI_DECL_NB(P, sync_nb, L, REQ, shmem_team_t team)

#define SHMEMI_DECLS_X_COLL                                                                        \
  SHMEMI_DECLS_NB(shmemx_, _nbi, X, NONE)                                                          \
  SHMEMI_DECLS_NB(shmemx_, _nb, X, REQ)                                                            \
  SHMEMI_DECLS_REQ(shmemx_, X)

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
#define SHMEMI_C11_COLL_X(S, NAME, TABLE, team, dest, ...)                                         \
  SHMEMI_C11_SELECT(TABLE, dest, shmemx_, _##NAME##S)(team, dest, __VA_ARGS__)
#define SHMEMI_C11_RMA_X(S, NAME, ...) SHMEMI_C11_COLL_X(S, NAME, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define SHMEMI_C11_BITWISE_X(S, NAME, ...)                                                         \
  SHMEMI_C11_COLL_X(S, NAME, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define SHMEMI_C11_MINMAX_X(S, NAME, ...)                                                          \
  SHMEMI_C11_COLL_X(S, NAME, SHMEMI_TEAM_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define SHMEMI_C11_ARITH_X(S, NAME, ...)                                                           \
  SHMEMI_C11_COLL_X(S, NAME, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmemx_broadcast_nbi(...) SHMEMI_C11_RMA_X(_nbi, broadcast, __VA_ARGS__)
#define shmemx_collect_nbi(...) SHMEMI_C11_RMA_X(_nbi, collect, __VA_ARGS__)
#define shmemx_fcollect_nbi(...) SHMEMI_C11_RMA_X(_nbi, fcollect, __VA_ARGS__)
#define shmemx_alltoall_nbi(...) SHMEMI_C11_RMA_X(_nbi, alltoall, __VA_ARGS__)
#define shmemx_alltoalls_nbi(...) SHMEMI_C11_RMA_X(_nbi, alltoalls, __VA_ARGS__)
#define shmemx_and_reduce_nbi(...) SHMEMI_C11_BITWISE_X(_nbi, and_reduce, __VA_ARGS__)
#define shmemx_or_reduce_nbi(...) SHMEMI_C11_BITWISE_X(_nbi, or_reduce, __VA_ARGS__)
#define shmemx_xor_reduce_nbi(...) SHMEMI_C11_BITWISE_X(_nbi, xor_reduce, __VA_ARGS__)
#define shmemx_max_reduce_nbi(...) SHMEMI_C11_MINMAX_X(_nbi, max_reduce, __VA_ARGS__)
#define shmemx_min_reduce_nbi(...) SHMEMI_C11_MINMAX_X(_nbi, min_reduce, __VA_ARGS__)
#define shmemx_sum_reduce_nbi(...) SHMEMI_C11_ARITH_X(_nbi, sum_reduce, __VA_ARGS__)
#define shmemx_prod_reduce_nbi(...) SHMEMI_C11_ARITH_X(_nbi, prod_reduce, __VA_ARGS__)
#define shmemx_sum_inscan_nbi(...) SHMEMI_C11_ARITH_X(_nbi, sum_inscan, __VA_ARGS__)
#define shmemx_sum_exscan_nbi(...) SHMEMI_C11_ARITH_X(_nbi, sum_exscan, __VA_ARGS__)
#define shmemx_broadcast_nb(...) SHMEMI_C11_RMA_X(_nb, broadcast, __VA_ARGS__)
#define shmemx_collect_nb(...) SHMEMI_C11_RMA_X(_nb, collect, __VA_ARGS__)
#define shmemx_fcollect_nb(...) SHMEMI_C11_RMA_X(_nb, fcollect, __VA_ARGS__)
#define shmemx_alltoall_nb(...) SHMEMI_C11_RMA_X(_nb, alltoall, __VA_ARGS__)
#define shmemx_alltoalls_nb(...) SHMEMI_C11_RMA_X(_nb, alltoalls, __VA_ARGS__)
#define shmemx_and_reduce_nb(...) SHMEMI_C11_BITWISE_X(_nb, and_reduce, __VA_ARGS__)
#define shmemx_or_reduce_nb(...) SHMEMI_C11_BITWISE_X(_nb, or_reduce, __VA_ARGS__)
#define shmemx_xor_reduce_nb(...) SHMEMI_C11_BITWISE_X(_nb, xor_reduce, __VA_ARGS__)
#define shmemx_max_reduce_nb(...) SHMEMI_C11_MINMAX_X(_nb, max_reduce, __VA_ARGS__)
#define shmemx_min_reduce_nb(...) SHMEMI_C11_MINMAX_X(_nb, min_reduce, __VA_ARGS__)
#define shmemx_sum_reduce_nb(...) SHMEMI_C11_ARITH_X(_nb, sum_reduce, __VA_ARGS__)
#define shmemx_prod_reduce_nb(...) SHMEMI_C11_ARITH_X(_nb, prod_reduce, __VA_ARGS__)
#define shmemx_sum_inscan_nb(...) SHMEMI_C11_ARITH_X(_nb, sum_inscan, __VA_ARGS__)
#define shmemx_sum_exscan_nb(...) SHMEMI_C11_ARITH_X(_nb, sum_exscan, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
SHMEMI_CXX_COLLECTIVES(shmemx_, _nbi, NONE)
SHMEMI_CXX_COLLECTIVES(shmemx_, _nb, REQ)
#endif /* generics */

/* The draft's own names (OpenSHMEM pull request #456, which may change),
 * for a program that defines SHMEM_NB_COLLECTIVES_DRAFT before it includes
 * shmem.h or shmemx.h: shmem_req_h and SHMEM_REQ_INVALID, and every
 * shmemx_ name of the requests and the _nb collectives above with shmem_
 * instead, the type-generic ones too. */
#if defined(SHMEM_NB_COLLECTIVES_DRAFT)
typedef shmemx_req_h shmem_req_h;
#define SHMEM_REQ_INVALID SHMEMX_REQ_INVALID
#ifdef __cplusplus
extern "C" {
#endif
SHMEMI_DECLS_NB(shmem_, _nb, DRAFT, REQ)
SHMEMI_DECLS_REQ(shmem_, DRAFT)
#ifdef __cplusplus
} /* extern "C" */
#endif
#define shmem_broadcast_nb shmemx_broadcast_nb
#define shmem_collect_nb shmemx_collect_nb
#define shmem_fcollect_nb shmemx_fcollect_nb
#define shmem_alltoall_nb shmemx_alltoall_nb
#define shmem_alltoalls_nb shmemx_alltoalls_nb
#define shmem_and_reduce_nb shmemx_and_reduce_nb
#define shmem_or_reduce_nb shmemx_or_reduce_nb
#define shmem_xor_reduce_nb shmemx_xor_reduce_nb
#define shmem_max_reduce_nb shmemx_max_reduce_nb
#define shmem_min_reduce_nb shmemx_min_reduce_nb
#define shmem_sum_reduce_nb shmemx_sum_reduce_nb
#define shmem_prod_reduce_nb shmemx_prod_reduce_nb
#define shmem_sum_inscan_nb shmemx_sum_inscan_nb
#define shmem_sum_exscan_nb shmemx_sum_exscan_nb
#endif /* SHMEM_NB_COLLECTIVES_DRAFT */

#endif /* SHMEMX_H */
