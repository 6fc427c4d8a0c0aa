// Section 9.9: synchronization and data-movement collectives, team-based
// and (deprecated) active-set-based, stamped from the spec's type tables.
// The active-set forms never write pSync, so it keeps SHMEM_SYNC_VALUE, and
// back-to-back calls need no barrier: each set has its own communicator.
// The team forms come in the shmemx_ nonblocking variants too (shmemx.h).
#include <shmemx.h>

#include "api/stamp.hpp"
#include "core/coll.hpp"
#include "core/order.hpp"

using namespace shmemi;

// One routine of each kind for element type T of E bytes, named NAME (in
// full), blocking or not (MODE).
#define SHMEMI_DEF_BROADCAST(NAME, T, E, MODE)                                                     \
  SHMEMI_ENTRY(int, NAME)                                                                          \
  (shmem_team_t team, T * dest, const T *source, size_t nelems, int PE_root) noexcept {            \
    const char *const routine = #NAME;                                                             \
    coll_broadcast(routine, collective_team(routine, team), dest, source, nelems, E, PE_root,      \
                   RootDest::updated, MODE);                                                       \
    return 0;                                                                                      \
  }
#define SHMEMI_DEF_COLLECT(NAME, T, E, FIXED, MODE)                                                \
  SHMEMI_ENTRY(int, NAME)(shmem_team_t team, T * dest, const T *source, size_t nelems) noexcept {  \
    const char *const routine = #NAME;                                                             \
    coll_collect(routine, collective_team(routine, team), dest, source, nelems, E, FIXED, MODE);   \
    return 0;                                                                                      \
  }
#define SHMEMI_DEF_ALLTOALL(NAME, T, E, MODE)                                                      \
  SHMEMI_ENTRY(int, NAME)(shmem_team_t team, T * dest, const T *source, size_t nelems) noexcept {  \
    const char *const routine = #NAME;                                                             \
    coll_alltoall(routine, collective_team(routine, team), dest, source, 1, 1, nelems, E, MODE);   \
    return 0;                                                                                      \
  }
#define SHMEMI_DEF_ALLTOALLS(NAME, T, E, MODE)                                                     \
  SHMEMI_ENTRY(int, NAME)                                                                          \
  (shmem_team_t team, T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,                     \
   size_t nelems) noexcept {                                                                       \
    const char *const routine = #NAME;                                                             \
    coll_alltoall(routine, collective_team(routine, team), dest, source, dst, sst, nelems, E,      \
                  MODE);                                                                           \
    return 0;                                                                                      \
  }
// The five kinds for a type whose names are P<N>_<kind>S: shmem_int_collect
// and shmemx_int_collect_nbi; the mem forms are the row of N = mem, E = 1.
#define SHMEMI_DEF_COLL_KINDS(P, N, S, T, E, MODE)                                                 \
  SHMEMI_DEF_BROADCAST(P##N##broadcast##S, T, E, MODE)                                             \
  SHMEMI_DEF_COLLECT(P##N##collect##S, T, E, false, MODE)                                          \
  SHMEMI_DEF_COLLECT(P##N##fcollect##S, T, E, true, MODE)                                          \
  SHMEMI_DEF_ALLTOALL(P##N##alltoall##S, T, E, MODE)                                               \
  SHMEMI_DEF_ALLTOALLS(P##N##alltoalls##S, T, E, MODE)
#define SHMEMI_DEF_COLL_TYPED(A, T, N)                                                             \
  SHMEMI_DEF_COLL_KINDS(shmem_, N##_, , T, sizeof(T), Mode::blocking)                              \
  SHMEMI_DEF_COLL_KINDS(shmemx_, N##_, _nbi, T, sizeof(T), Mode::nonblocking)
#define SHMEMI_DEF_COLL_MEM(P, S, MODE)                                                            \
  SHMEMI_DEF_BROADCAST(P##broadcastmem##S, void, 1, MODE)                                          \
  SHMEMI_DEF_COLLECT(P##collectmem##S, void, 1, false, MODE)                                       \
  SHMEMI_DEF_COLLECT(P##fcollectmem##S, void, 1, true, MODE)                                       \
  SHMEMI_DEF_ALLTOALL(P##alltoallmem##S, void, 1, MODE)                                            \
  SHMEMI_DEF_ALLTOALLS(P##alltoallsmem##S, void, 1, MODE)

// The active-set forms on BITS-bit elements.
#define SHMEMI_ASET collective_set(routine, {PE_start, logPE_stride, PE_size})
#define SHMEMI_DEF_COLL_ASET(BITS)                                                                 \
  SHMEMI_ENTRY(void, shmem_broadcast##BITS)                                                        \
  (void *dest, const void *source, size_t nelems, int PE_root, int PE_start, int logPE_stride,     \
   int PE_size, long *) noexcept {                                                                 \
    const char *const routine = "shmem_broadcast" #BITS;                                           \
    coll_broadcast(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, PE_root,                  \
                   RootDest::untouched);                                                           \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_collect##BITS)                                                          \
  (void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,     \
   long *) noexcept {                                                                              \
    const char *const routine = "shmem_collect" #BITS;                                             \
    coll_collect(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, false);                     \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_fcollect##BITS)                                                         \
  (void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,     \
   long *) noexcept {                                                                              \
    const char *const routine = "shmem_fcollect" #BITS;                                            \
    coll_collect(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, true);                      \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_alltoall##BITS)                                                         \
  (void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,     \
   long *) noexcept {                                                                              \
    const char *const routine = "shmem_alltoall" #BITS;                                            \
    coll_alltoall(routine, SHMEMI_ASET, dest, source, 1, 1, nelems, BITS / 8);                     \
  }                                                                                                \
  SHMEMI_ENTRY(void, shmem_alltoalls##BITS)                                                        \
  (void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start,      \
   int logPE_stride, int PE_size, long *) noexcept {                                               \
    const char *const routine = "shmem_alltoalls" #BITS;                                           \
    coll_alltoall(routine, SHMEMI_ASET, dest, source, dst, sst, nelems, BITS / 8);                 \
  }

extern "C" {

SHMEMI_ENTRY(int, shmem_team_sync)(shmem_team_t team) noexcept {
  coll_sync("shmem_team_sync", collective_team("shmem_team_sync", team));
  return 0;
}

// "All previously issued stores and remote memory updates ... on the
// default context are complete": quiet, then the set meets.
SHMEMI_ENTRY(void, shmem_barrier)(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
  const shmemi_team &set = collective_set("shmem_barrier", {PE_start, logPE_stride, PE_size});
  quiet("shmem_barrier", SHMEM_CTX_DEFAULT);
  coll_sync("shmem_barrier", set);
}

SHMEMI_ENTRY(void, shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
  coll_sync("shmem_sync", collective_set("shmem_sync", {PE_start, logPE_stride, PE_size}));
}

SHMEMI_RMA_TYPES(SHMEMI_DEF_COLL_TYPED, ~)
SHMEMI_DEF_COLL_MEM(shmem_, , Mode::blocking)
SHMEMI_DEF_COLL_MEM(shmemx_, _nbi, Mode::nonblocking)

SHMEMI_DEF_COLL_ASET(32)
SHMEMI_DEF_COLL_ASET(64)

} // extern "C"
