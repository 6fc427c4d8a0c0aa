// Section 9.9: reductions and scans, team-based and (deprecated)
// active-set-based, one routine per row of the operation's column in the
// spec's reduction tables. pWrk is not needed (MPI brings its own buffers)
// and pSync is never written.
#include <shmemx.h>

#include "api/stamp.hpp"
#include "core/coll.hpp"
#include "core/team.hpp"
#include "core/request.hpp"

using namespace shmemi;

namespace {

template <class T>
int team_reduce(const char *routine, shmem_team_t team, T *dest, const T *source, size_t nreduce,
                Op op, Mode mode, Begun *begun = nullptr) {
  coll_reduce(routine, collective_team(routine, team), dest, source, nreduce, elem_of<T>(), op,
              mode, begun);
  return 0;
}

template <class T>
int team_scan(const char *routine, shmem_team_t team, T *dest, const T *source, size_t nelems,
              bool inclusive, Mode mode, Begun *begun = nullptr) {
  coll_scan(routine, collective_team(routine, team), dest, source, nelems, elem_of<T>(), inclusive,
            mode, begun);
  return 0;
}

template <class T>
void set_reduce(const char *routine, ActiveSet set, T *dest, const T *source, int nreduce, Op op) {
  const shmemi_team &team = collective_set(routine, set);
  coll_reduce(routine, team, dest, source, require_count(routine, "nreduce", nreduce), elem_of<T>(),
              op);
}

} // namespace

// A is (SUFFIX, OP): shmem_<N><SUFFIX> reduces with Op::OP, and
// shmemx_<N><SUFFIX>_nbi and _nb start that reduction.
#define SHMEMI_DEF_REDUCE(A, T, N) SHMEMI_DEF_REDUCE_(SHMEMI_UNPACK A, T, N)
#define SHMEMI_DEF_REDUCE_(...) SHMEMI_DEF_REDUCE__(__VA_ARGS__)
#define SHMEMI_DEF_REDUCE__(SUFFIX, OP, T, N)                                                      \
  SHMEMI_DEF_TEAM_ELEMENTWISE(shmem_##N##SUFFIX, team_reduce, T, Op::OP, Mode::blocking)           \
  SHMEMI_DEF_TEAM_ELEMENTWISE(shmemx_##N##SUFFIX##_nbi, team_reduce, T, Op::OP, Mode::nonblocking) \
  SHMEMI_DEF_TEAM_ELEMENTWISE_NB(shmemx_##N##SUFFIX##_nb, team_reduce, T, Op::OP)

// A is (SUFFIX, INCLUSIVE).
#define SHMEMI_DEF_SCAN(A, T, N) SHMEMI_DEF_SCAN_(SHMEMI_UNPACK A, T, N)
#define SHMEMI_DEF_SCAN_(...) SHMEMI_DEF_SCAN__(__VA_ARGS__)
#define SHMEMI_DEF_SCAN__(SUFFIX, INCLUSIVE, T, N)                                                 \
  SHMEMI_DEF_TEAM_ELEMENTWISE(shmem_##N##SUFFIX, team_scan, T, INCLUSIVE, Mode::blocking)          \
  SHMEMI_DEF_TEAM_ELEMENTWISE(shmemx_##N##SUFFIX##_nbi, team_scan, T, INCLUSIVE,                   \
                              Mode::nonblocking)                                                   \
  SHMEMI_DEF_TEAM_ELEMENTWISE_NB(shmemx_##N##SUFFIX##_nb, team_scan, T, INCLUSIVE)

// NAME (in full) calls HOW (team_reduce or team_scan) with WHAT and MODE.
#define SHMEMI_DEF_TEAM_ELEMENTWISE(NAME, HOW, T, WHAT, MODE)                                      \
  SHMEMI_ENTRY(int, NAME)(shmem_team_t team, T * dest, const T *source, size_t count) noexcept {   \
    return HOW(#NAME, team, dest, source, count, WHAT, MODE);                                      \
  }
// The same with a request.
#define SHMEMI_DEF_TEAM_ELEMENTWISE_NB(NAME, HOW, T, WHAT)                                         \
  SHMEMI_ENTRY(int, NAME)                                                                          \
  (shmem_team_t team, T * dest, const T *source, size_t count, shmemx_req_h *request) noexcept {   \
    return request_start(#NAME, request, [&](Begun *begun) {                                       \
      HOW(#NAME, team, dest, source, count, WHAT, Mode::nonblocking, begun);                       \
    });                                                                                            \
  }

#define SHMEMI_DEF_TO_ALL(A, T, N) SHMEMI_DEF_TO_ALL_(SHMEMI_UNPACK A, T, N)
#define SHMEMI_DEF_TO_ALL_(...) SHMEMI_DEF_TO_ALL__(__VA_ARGS__)
#define SHMEMI_DEF_TO_ALL__(SUFFIX, OP, T, N)                                                      \
  SHMEMI_ENTRY(void, shmem_##N##SUFFIX)                                                            \
  (T * dest, const T *source, int nreduce, int PE_start, int logPE_stride, int PE_size, T *,       \
   long *) noexcept {                                                                              \
    set_reduce("shmem_" #N #SUFFIX, {PE_start, logPE_stride, PE_size}, dest, source, nreduce,      \
               Op::OP);                                                                            \
  }

extern "C" {

SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DEF_REDUCE, (_and_reduce, band))
SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DEF_REDUCE, (_or_reduce, bor))
SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DEF_REDUCE, (_xor_reduce, bxor))
SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DEF_REDUCE, (_max_reduce, max))
SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DEF_REDUCE, (_min_reduce, min))
SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DEF_REDUCE, (_sum_reduce, sum))
SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DEF_REDUCE, (_prod_reduce, prod))
SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DEF_SCAN, (_sum_inscan, true))
SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DEF_SCAN, (_sum_exscan, false))

SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DEF_TO_ALL, (_and_to_all, band))
SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DEF_TO_ALL, (_or_to_all, bor))
SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DEF_TO_ALL, (_xor_to_all, bxor))
SHMEMI_ASET_REDUCE_MINMAX_TYPES(SHMEMI_DEF_TO_ALL, (_max_to_all, max))
SHMEMI_ASET_REDUCE_MINMAX_TYPES(SHMEMI_DEF_TO_ALL, (_min_to_all, min))
SHMEMI_ASET_REDUCE_ARITH_TYPES(SHMEMI_DEF_TO_ALL, (_sum_to_all, sum))
SHMEMI_ASET_REDUCE_ARITH_TYPES(SHMEMI_DEF_TO_ALL, (_prod_to_all, prod))

} // extern "C"
