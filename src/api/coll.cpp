// Section 9.9: synchronization and data-movement collectives, team-based
// and (deprecated) active-set-based, stamped from the spec's type tables.
// The active-set forms never write pSync, so it keeps SHMEM_SYNC_VALUE, and
// back-to-back calls need no barrier: each set has its own communicator.
#include "core/coll.hpp"
#include "mpi_rma/transport.hpp"

using namespace shmemi;

namespace {

int team_broadcast(const char *routine, shmem_team_t team, void *dest, const void *source,
                   size_t nelems, size_t elem_bytes, int root) {
  coll_broadcast(routine, collective_team(routine, team), dest, source, nelems, elem_bytes,
                 root, RootDest::updated);
  return 0;
}

int team_collect(const char *routine, shmem_team_t team, void *dest, const void *source,
                 size_t nelems, size_t elem_bytes, bool fixed) {
  coll_collect(routine, collective_team(routine, team), dest, source, nelems, elem_bytes, fixed);
  return 0;
}

int team_alltoall(const char *routine, shmem_team_t team, void *dest, const void *source,
                  ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem_bytes) {
  coll_alltoall(routine, collective_team(routine, team), dest, source, dst, sst, nelems,
                elem_bytes);
  return 0;
}

} // namespace

// One routine of each kind for element type T of E bytes, named NAME.
#define SHMEMI_DEF_BROADCAST(NAME, T, E)                                       \
  int shmem_##NAME(shmem_team_t team, T *dest, const T *source, size_t nelems,         \
                   int PE_root) noexcept {                                     \
    return team_broadcast("shmem_" #NAME, team, dest, source, nelems, E, PE_root); \
  }
#define SHMEMI_DEF_COLLECT(NAME, T, E, FIXED)                                  \
  int shmem_##NAME(shmem_team_t team, T *dest, const T *source, size_t nelems) noexcept { \
    return team_collect("shmem_" #NAME, team, dest, source, nelems, E, FIXED); \
  }
#define SHMEMI_DEF_ALLTOALL(NAME, T, E)                                        \
  int shmem_##NAME(shmem_team_t team, T *dest, const T *source, size_t nelems) noexcept { \
    return team_alltoall("shmem_" #NAME, team, dest, source, 1, 1, nelems, E);  \
  }
#define SHMEMI_DEF_ALLTOALLS(NAME, T, E)                                       \
  int shmem_##NAME(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                   size_t nelems) noexcept {                                   \
    return team_alltoall("shmem_" #NAME, team, dest, source, dst, sst, nelems, E); \
  }
#define SHMEMI_DEF_COLL_TYPED(A, T, N)                                         \
  SHMEMI_DEF_BROADCAST(N##_broadcast, T, sizeof(T))                            \
  SHMEMI_DEF_COLLECT(N##_collect, T, sizeof(T), false)                         \
  SHMEMI_DEF_COLLECT(N##_fcollect, T, sizeof(T), true)                         \
  SHMEMI_DEF_ALLTOALL(N##_alltoall, T, sizeof(T))                              \
  SHMEMI_DEF_ALLTOALLS(N##_alltoalls, T, sizeof(T))

// The active-set forms on BITS-bit elements.
#define SHMEMI_DEF_COLL_ASET(BITS)                                             \
  void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root, \
                             int PE_start, int logPE_stride, int PE_size, long *) noexcept { \
    const char *const routine = "shmem_broadcast" #BITS;                       \
    coll_broadcast(routine, collective_set(routine, {PE_start, logPE_stride, PE_size}), dest, \
                   source, nelems, BITS / 8, PE_root, RootDest::untouched);    \
  }                                                                            \
  void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start, \
                           int logPE_stride, int PE_size, long *) noexcept {   \
    const char *const routine = "shmem_collect" #BITS;                         \
    coll_collect(routine, collective_set(routine, {PE_start, logPE_stride, PE_size}), dest, \
                 source, nelems, BITS / 8, false);                             \
  }                                                                            \
  void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start, \
                            int logPE_stride, int PE_size, long *) noexcept {  \
    const char *const routine = "shmem_fcollect" #BITS;                        \
    coll_collect(routine, collective_set(routine, {PE_start, logPE_stride, PE_size}), dest, \
                 source, nelems, BITS / 8, true);                              \
  }                                                                            \
  void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start, \
                            int logPE_stride, int PE_size, long *) noexcept {  \
    const char *const routine = "shmem_alltoall" #BITS;                        \
    coll_alltoall(routine, collective_set(routine, {PE_start, logPE_stride, PE_size}), dest, \
                  source, 1, 1, nelems, BITS / 8);                             \
  }                                                                            \
  void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                             size_t nelems, int PE_start, int logPE_stride, int PE_size, \
                             long *) noexcept {                                \
    const char *const routine = "shmem_alltoalls" #BITS;                       \
    coll_alltoall(routine, collective_set(routine, {PE_start, logPE_stride, PE_size}), dest, \
                  source, dst, sst, nelems, BITS / 8);                         \
  }

extern "C" {

int shmem_team_sync(shmem_team_t team) noexcept {
  coll_sync(collective_team("shmem_team_sync", team));
  return 0;
}

// "All previously issued stores and remote memory updates ... on the
// default context are complete": quiet, then the set meets.
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
  const shmemi_team &set = collective_set("shmem_barrier", {PE_start, logPE_stride, PE_size});
  transport::quiet();
  coll_sync(set);
}

void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
  coll_sync(collective_set("shmem_sync", {PE_start, logPE_stride, PE_size}));
}

SHMEMI_RMA_TYPES(SHMEMI_DEF_COLL_TYPED, ~)
SHMEMI_DEF_BROADCAST(broadcastmem, void, 1)
SHMEMI_DEF_COLLECT(collectmem, void, 1, false)
SHMEMI_DEF_COLLECT(fcollectmem, void, 1, true)
SHMEMI_DEF_ALLTOALL(alltoallmem, void, 1)
SHMEMI_DEF_ALLTOALLS(alltoallsmem, void, 1)

SHMEMI_DEF_COLL_ASET(32)
SHMEMI_DEF_COLL_ASET(64)

} // extern "C"
