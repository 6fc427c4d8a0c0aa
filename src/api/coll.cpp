// Section 9.9: synchronization and data-movement collectives, team-based
// and (deprecated) active-set-based, stamped from the spec's type tables.
// The active-set forms never write pSync, so it keeps SHMEM_SYNC_VALUE, and
// back-to-back calls need no barrier: each set has its own communicator.
#include "api/stamp.hpp"
#include "core/coll.hpp"
#include "core/order.hpp"

using namespace shmemi;

namespace {

// a * b, or 0 when that overflows (the core's checks report such sizes).
std::size_t product(std::size_t a, std::size_t b) {
  std::size_t p = 0;
  return __builtin_mul_overflow(a, b, &p) ? 0 : p;
}

// Bytes from the first to the end of the last of `count` elements that are
// `stride` elements apart; 0 for arguments the core's checks reject.
std::size_t span(std::size_t count, std::ptrdiff_t stride, std::size_t elem_bytes) {
  if (count == 0 || stride < 1) return 0;
  const std::size_t gaps = product(count - 1, static_cast<std::size_t>(stride));
  return gaps == 0 && count > 1 ? 0 : product(gaps + 1, elem_bytes);
}

// Spec, "Invoking OpenSHMEM Operations": dest must not overlap source (in
// place is allowed for reductions and scans only).
void require_apart(const char *routine, const void *dest, std::size_t dest_bytes,
                   const void *source, std::size_t source_bytes) {
  require_disjoint(routine, "dest", dest, dest_bytes, "source", source, source_bytes);
}

// Broadcast also runs in place (dest == source), which programs rely on and
// which has one meaning: the source is read only on the root, where it
// already is the result, and every other PE's copy is only written.
// Partial overlaps stay refused.
void broadcast(const char *routine, const shmemi_team &team, void *dest, const void *source,
               size_t nelems, size_t elem_bytes, int root, RootDest root_dest) {
  const std::size_t n = product(nelems, elem_bytes);
  if (dest != source) require_apart(routine, dest, n, source, n);
  coll_broadcast(routine, team, dest, source, nelems, elem_bytes, root, root_dest);
}

// collect: dest holds at least this PE's block (the others' sizes are
// known only inside the collective).
void collect(const char *routine, const shmemi_team &team, void *dest, const void *source,
             size_t nelems, size_t elem_bytes, bool fixed) {
  const std::size_t n = product(nelems, elem_bytes);
  const std::size_t total = fixed ? product(n, static_cast<std::size_t>(team.size)) : n;
  require_apart(routine, dest, total, source, n);
  coll_collect(routine, team, dest, source, nelems, elem_bytes, fixed);
}

void alltoall(const char *routine, const shmemi_team &team, void *dest, const void *source,
              ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem_bytes) {
  const std::size_t count = product(nelems, static_cast<std::size_t>(team.size));
  require_apart(routine, dest, span(count, dst, elem_bytes), source,
                span(count, sst, elem_bytes));
  coll_alltoall(routine, team, dest, source, dst, sst, nelems, elem_bytes);
}

} // namespace

// One routine of each kind for element type T of E bytes, named NAME.
#define SHMEMI_DEF_BROADCAST(NAME, T, E)                                       \
  SHMEMI_ENTRY(int, shmem_##NAME)(shmem_team_t team, T *dest, const T *source, size_t nelems, \
                                  int PE_root) noexcept {                      \
    const char *const routine = "shmem_" #NAME;                                \
    broadcast(routine, collective_team(routine, team), dest, source, nelems, E, PE_root, \
              RootDest::updated);                                              \
    return 0;                                                                  \
  }
#define SHMEMI_DEF_COLLECT(NAME, T, E, FIXED)                                  \
  SHMEMI_ENTRY(int, shmem_##NAME)(shmem_team_t team, T *dest, const T *source, \
                                  size_t nelems) noexcept {                    \
    const char *const routine = "shmem_" #NAME;                                \
    collect(routine, collective_team(routine, team), dest, source, nelems, E, FIXED); \
    return 0;                                                                  \
  }
#define SHMEMI_DEF_ALLTOALL(NAME, T, E)                                        \
  SHMEMI_ENTRY(int, shmem_##NAME)(shmem_team_t team, T *dest, const T *source, \
                                  size_t nelems) noexcept {                    \
    const char *const routine = "shmem_" #NAME;                                \
    alltoall(routine, collective_team(routine, team), dest, source, 1, 1, nelems, E); \
    return 0;                                                                  \
  }
#define SHMEMI_DEF_ALLTOALLS(NAME, T, E)                                       \
  SHMEMI_ENTRY(int, shmem_##NAME)(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst, \
                                  ptrdiff_t sst, size_t nelems) noexcept {     \
    const char *const routine = "shmem_" #NAME;                                \
    alltoall(routine, collective_team(routine, team), dest, source, dst, sst, nelems, E); \
    return 0;                                                                  \
  }
#define SHMEMI_DEF_COLL_TYPED(A, T, N)                                         \
  SHMEMI_DEF_BROADCAST(N##_broadcast, T, sizeof(T))                            \
  SHMEMI_DEF_COLLECT(N##_collect, T, sizeof(T), false)                         \
  SHMEMI_DEF_COLLECT(N##_fcollect, T, sizeof(T), true)                         \
  SHMEMI_DEF_ALLTOALL(N##_alltoall, T, sizeof(T))                              \
  SHMEMI_DEF_ALLTOALLS(N##_alltoalls, T, sizeof(T))

// The active-set forms on BITS-bit elements.
#define SHMEMI_ASET collective_set(routine, {PE_start, logPE_stride, PE_size})
#define SHMEMI_DEF_COLL_ASET(BITS)                                             \
  SHMEMI_ENTRY(void, shmem_broadcast##BITS)(void *dest, const void *source, size_t nelems, \
                                            int PE_root, int PE_start, int logPE_stride, \
                                            int PE_size, long *) noexcept {    \
    const char *const routine = "shmem_broadcast" #BITS;                       \
    broadcast(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, PE_root, \
              RootDest::untouched);                                            \
  }                                                                            \
  SHMEMI_ENTRY(void, shmem_collect##BITS)(void *dest, const void *source, size_t nelems, \
                                          int PE_start, int logPE_stride, int PE_size, \
                                          long *) noexcept {                   \
    const char *const routine = "shmem_collect" #BITS;                         \
    collect(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, false); \
  }                                                                            \
  SHMEMI_ENTRY(void, shmem_fcollect##BITS)(void *dest, const void *source, size_t nelems, \
                                           int PE_start, int logPE_stride, int PE_size, \
                                           long *) noexcept {                  \
    const char *const routine = "shmem_fcollect" #BITS;                        \
    collect(routine, SHMEMI_ASET, dest, source, nelems, BITS / 8, true); \
  }                                                                            \
  SHMEMI_ENTRY(void, shmem_alltoall##BITS)(void *dest, const void *source, size_t nelems, \
                                           int PE_start, int logPE_stride, int PE_size, \
                                           long *) noexcept {                  \
    const char *const routine = "shmem_alltoall" #BITS;                        \
    alltoall(routine, SHMEMI_ASET, dest, source, 1, 1, nelems, BITS / 8); \
  }                                                                            \
  SHMEMI_ENTRY(void, shmem_alltoalls##BITS)(void *dest, const void *source, ptrdiff_t dst, \
                                            ptrdiff_t sst, size_t nelems, int PE_start, \
                                            int logPE_stride, int PE_size, long *) noexcept { \
    const char *const routine = "shmem_alltoalls" #BITS;                       \
    alltoall(routine, SHMEMI_ASET, dest, source, dst, sst, nelems, BITS / 8); \
  }

extern "C" {

SHMEMI_ENTRY(int, shmem_team_sync)(shmem_team_t team) noexcept {
  coll_sync(collective_team("shmem_team_sync", team));
  return 0;
}

// "All previously issued stores and remote memory updates ... on the
// default context are complete": quiet, then the set meets.
SHMEMI_ENTRY(void, shmem_barrier)(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
  const shmemi_team &set = collective_set("shmem_barrier", {PE_start, logPE_stride, PE_size});
  quiet(SHMEM_CTX_DEFAULT, "shmem_barrier");
  coll_sync(set);
}

SHMEMI_ENTRY(void, shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *) noexcept {
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
