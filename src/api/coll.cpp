// Section 9.9: synchronization and data-movement collectives, team-based
// and (deprecated) active-set-based, stamped from the spec's type tables.
// The active-set forms never write pSync, so it keeps SHMEM_SYNC_VALUE, and
// back-to-back calls need no barrier: each set has its own communicator.
// The team forms come in the shmemx_ nonblocking variants too (shmemx.h):
// _nbi (completed by quiet) and _nb (with a request).
#include <shmemx.h>

#include "api/stamp.hpp"
#include "core/coll.hpp"
#include "core/team.hpp"
#include "core/order.hpp"
#include "core/request.hpp"

using namespace shmemi;

namespace {

int team_sync_nb(const char *routine, shmem_team_t team, shmemx_req_h *request) {
  return request_start(routine, request, [&](Begun *begun) {
    coll_sync_start(routine, collective_team(routine, team), begun);
  });
}

} // namespace

// Each kind's parameters for element type T, and its run on elements of E
// bytes, blocking or not (MODE), the start told in BEGUN (nullptr or a
// Begun *).
#define SHMEMI_BROADCAST_PARAMS(T)                                                                 \
  shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root
#define SHMEMI_BROADCAST_RUN(E, MODE, BEGUN)                                                       \
  coll_broadcast(routine, collective_team(routine, team), dest, source, nelems, E, PE_root,        \
                 RootDest::updated, MODE, BEGUN)
#define SHMEMI_COLLECT_PARAMS(T) shmem_team_t team, T *dest, const T *source, size_t nelems
#define SHMEMI_COLLECT_RUN(E, MODE, BEGUN)                                                         \
  coll_collect(routine, collective_team(routine, team), dest, source, nelems, E, false, MODE, BEGUN)
#define SHMEMI_FCOLLECT_PARAMS(T) SHMEMI_COLLECT_PARAMS(T)
#define SHMEMI_FCOLLECT_RUN(E, MODE, BEGUN)                                                        \
  coll_collect(routine, collective_team(routine, team), dest, source, nelems, E, true, MODE, BEGUN)
#define SHMEMI_ALLTOALL_PARAMS(T) SHMEMI_COLLECT_PARAMS(T)
#define SHMEMI_ALLTOALL_RUN(E, MODE, BEGUN)                                                        \
  coll_alltoall(routine, collective_team(routine, team), dest, source, 1, 1, nelems, E, MODE, BEGUN)
#define SHMEMI_ALLTOALLS_PARAMS(T)                                                                 \
  shmem_team_t team, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems
#define SHMEMI_ALLTOALLS_RUN(E, MODE, BEGUN)                                                       \
  coll_alltoall(routine, collective_team(routine, team), dest, source, dst, sst, nelems, E, MODE,  \
                BEGUN)

// NAME (in full) runs KIND blocking or not (MODE: the _nbi forms); the _nb
// form takes a request after the same parameters.
#define SHMEMI_DEF_KIND(NAME, KIND, T, E, MODE)                                                    \
  SHMEMI_ENTRY(int, NAME)(SHMEMI_##KIND##_PARAMS(T)) noexcept {                                    \
    const char *const routine = #NAME;                                                             \
    SHMEMI_##KIND##_RUN(E, MODE, nullptr);                                                         \
    return 0;                                                                                      \
  }
#define SHMEMI_DEF_KIND_NB(NAME, KIND, T, E)                                                       \
  SHMEMI_ENTRY(int, NAME)(SHMEMI_##KIND##_PARAMS(T), shmemx_req_h * request) noexcept {            \
    const char *const routine = #NAME;                                                             \
    return request_start(routine, request,                                                         \
                         [&](Begun *begun) { SHMEMI_##KIND##_RUN(E, Mode::nonblocking, begun); }); \
  }
// The five kinds for a type whose names are <P><N><kind><S>: shmem_int_collect,
// shmemx_int_collect_nbi, shmemx_int_collect_nb; the mem forms are the row
// of N = mem, E = 1 (N after the kind).
#define SHMEMI_DEF_KINDS(DEF, ...)                                                                 \
  DEF(BROADCAST, broadcast, __VA_ARGS__)                                                           \
  DEF(COLLECT, collect, __VA_ARGS__)                                                               \
  DEF(FCOLLECT, fcollect, __VA_ARGS__)                                                             \
  DEF(ALLTOALL, alltoall, __VA_ARGS__)                                                             \
  DEF(ALLTOALLS, alltoalls, __VA_ARGS__)
#define SHMEMI_DEF_TYPED_KIND(KIND, k, T, N)                                                       \
  SHMEMI_DEF_KIND(shmem_##N##_##k, KIND, T, sizeof(T), Mode::blocking)                             \
  SHMEMI_DEF_KIND(shmemx_##N##_##k##_nbi, KIND, T, sizeof(T), Mode::nonblocking)                   \
  SHMEMI_DEF_KIND_NB(shmemx_##N##_##k##_nb, KIND, T, sizeof(T))
#define SHMEMI_DEF_MEM_KIND(KIND, k, ...)                                                          \
  SHMEMI_DEF_KIND(shmem_##k##mem, KIND, void, 1, Mode::blocking)                                   \
  SHMEMI_DEF_KIND(shmemx_##k##mem_nbi, KIND, void, 1, Mode::nonblocking)                           \
  SHMEMI_DEF_KIND_NB(shmemx_##k##mem_nb, KIND, void, 1)
#define SHMEMI_DEF_COLL_TYPED(A, T, N) SHMEMI_DEF_KINDS(SHMEMI_DEF_TYPED_KIND, T, N)

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

// shmemx_sync_nb is shmemx_team_sync_nb's name in the draft's one
// implementation: two entries, each naming itself in messages.
SHMEMI_ENTRY(int, shmemx_team_sync_nb)(shmem_team_t team, shmemx_req_h *request) noexcept {
  return team_sync_nb("shmemx_team_sync_nb", team, request);
}

SHMEMI_ENTRY(int, shmemx_sync_nb)(shmem_team_t team, shmemx_req_h *request) noexcept {
  return team_sync_nb("shmemx_sync_nb", team, request);
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
SHMEMI_DEF_KINDS(SHMEMI_DEF_MEM_KIND, ~)

// The requests' completion; a request at SHMEMX_REQ_INVALID is complete.
SHMEMI_ENTRY(int, shmemx_req_test)(shmemx_req_h *request) noexcept {
  return request_complete("shmemx_req_test", request, false) ? 1 : 0;
}

SHMEMI_ENTRY(int, shmemx_req_wait)(shmemx_req_h *request) noexcept {
  request_complete("shmemx_req_wait", request, true);
  return 0;
}

SHMEMI_DEF_COLL_ASET(32)
SHMEMI_DEF_COLL_ASET(64)

} // extern "C"
