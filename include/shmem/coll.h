/* Section 9.9: collective routines, stamped from the spec's type tables.
 * Team-based forms return 0 on success; the deprecated active-set forms
 * (PE_start, logPE_stride, PE_size, pSync) follow them. shmem_barrier_all
 * and shmem_sync_all are in shmem.h.
 * Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_COLL_H
#define SHMEM_COLL_H

/* Synchronization (9.9.2-9.9.4). The C11 and C++ shmem_sync(team) is the
 * generic form of shmem_team_sync; shmem_sync with four arguments is the
 * active-set routine. */
#define SHMEMI_DECLS_COLL_SYNC                                                                     \
  SHMEM_API int SHMEMI_NAME(shmem_team_sync)(shmem_team_t team) SHMEMI_NOEXCEPT;                   \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_barrier)(                                     \
      int PE_start, int logPE_stride, int PE_size, long *pSync) SHMEMI_NOEXCEPT;                   \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_sync)(                                        \
      int PE_start, int logPE_stride, int PE_size, long *pSync) SHMEMI_NOEXCEPT;

/* Broadcast, collect, fcollect, alltoall and alltoalls (9.9.5-9.9.9) for
 * every standard RMA type, and their mem forms (elements are bytes). */
#define SHMEMI_DECL_COLL(N, T)                                                                     \
  SHMEM_API int SHMEMI_NAME(shmem_##N##broadcast)(shmem_team_t team, T * dest, const T *source,    \
                                                  size_t nelems, int PE_root) SHMEMI_NOEXCEPT;     \
  SHMEM_API int SHMEMI_NAME(shmem_##N##collect)(shmem_team_t team, T * dest, const T *source,      \
                                                size_t nelems) SHMEMI_NOEXCEPT;                    \
  SHMEM_API int SHMEMI_NAME(shmem_##N##fcollect)(shmem_team_t team, T * dest, const T *source,     \
                                                 size_t nelems) SHMEMI_NOEXCEPT;                   \
  SHMEM_API int SHMEMI_NAME(shmem_##N##alltoall)(shmem_team_t team, T * dest, const T *source,     \
                                                 size_t nelems) SHMEMI_NOEXCEPT;                   \
  SHMEM_API int SHMEMI_NAME(shmem_##N##alltoalls)(shmem_team_t team, T * dest, const T *source,    \
                                                  ptrdiff_t dst, ptrdiff_t sst, size_t nelems)     \
      SHMEMI_NOEXCEPT;
#define SHMEMI_DECL_COLL_TYPED(A, T, N) SHMEMI_DECL_COLL(N##_, T)
#define SHMEMI_DECLS_COLL_DATA                                                                     \
  SHMEMI_RMA_TYPES(SHMEMI_DECL_COLL_TYPED, ~)                                                      \
  SHMEM_API int SHMEMI_NAME(shmem_broadcastmem)(shmem_team_t team, void *dest, const void *source, \
                                                size_t nelems, int PE_root) SHMEMI_NOEXCEPT;       \
  SHMEM_API int SHMEMI_NAME(shmem_collectmem)(shmem_team_t team, void *dest, const void *source,   \
                                              size_t nelems) SHMEMI_NOEXCEPT;                      \
  SHMEM_API int SHMEMI_NAME(shmem_fcollectmem)(shmem_team_t team, void *dest, const void *source,  \
                                               size_t nelems) SHMEMI_NOEXCEPT;                     \
  SHMEM_API int SHMEMI_NAME(shmem_alltoallmem)(shmem_team_t team, void *dest, const void *source,  \
                                               size_t nelems) SHMEMI_NOEXCEPT;                     \
  SHMEM_API int SHMEMI_NAME(shmem_alltoallsmem)(shmem_team_t team, void *dest, const void *source, \
                                                ptrdiff_t dst, ptrdiff_t sst, size_t nelems)       \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DECL_COLL_ASET(32)                                                                        \
  SHMEMI_DECL_COLL_ASET(64)

/* Active-set forms on 32- and 64-bit elements. */
#define SHMEMI_DECL_COLL_ASET(BITS)                                                                \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_broadcast##BITS)(                             \
      void *dest, const void *source, size_t nelems, int PE_root, int PE_start, int logPE_stride,  \
      int PE_size, long *pSync) SHMEMI_NOEXCEPT;                                                   \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_collect##BITS)(                               \
      void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,  \
      long *pSync) SHMEMI_NOEXCEPT;                                                                \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_fcollect##BITS)(                              \
      void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,  \
      long *pSync) SHMEMI_NOEXCEPT;                                                                \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_alltoall##BITS)(                              \
      void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size,  \
      long *pSync) SHMEMI_NOEXCEPT;                                                                \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_alltoalls##BITS)(                             \
      void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start,   \
      int logPE_stride, int PE_size, long *pSync) SHMEMI_NOEXCEPT;

/* Reductions (9.9.10) and scans (9.9.11): the operation's column of the
 * team table, then of the active-set table (the *_to_all routines). */
#define SHMEMI_DECL_REDUCE(OP, T, N)                                                               \
  SHMEM_API int SHMEMI_NAME(shmem_##N##OP)(shmem_team_t team, T * dest, const T *source,           \
                                           size_t nreduce) SHMEMI_NOEXCEPT;
#define SHMEMI_DECL_TO_ALL(OP, T, N)                                                               \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_##N##OP)(                                     \
      T * dest, const T *source, int nreduce, int PE_start, int logPE_stride, int PE_size,         \
      T *pWrk, long *pSync) SHMEMI_NOEXCEPT;
#define SHMEMI_DECLS_COLL_REDUCE                                                                   \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE, _and_reduce)                                \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE, _or_reduce)                                 \
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(SHMEMI_DECL_REDUCE, _xor_reduce)                                \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE, _max_reduce)                                 \
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(SHMEMI_DECL_REDUCE, _min_reduce)                                 \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE, _sum_reduce)                                  \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE, _prod_reduce)                                 \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE, _sum_inscan)                                  \
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SHMEMI_DECL_REDUCE, _sum_exscan)                                  \
  SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DECL_TO_ALL, _and_to_all)                                \
  SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DECL_TO_ALL, _or_to_all)                                 \
  SHMEMI_ASET_REDUCE_BITWISE_TYPES(SHMEMI_DECL_TO_ALL, _xor_to_all)                                \
  SHMEMI_ASET_REDUCE_MINMAX_TYPES(SHMEMI_DECL_TO_ALL, _max_to_all)                                 \
  SHMEMI_ASET_REDUCE_MINMAX_TYPES(SHMEMI_DECL_TO_ALL, _min_to_all)                                 \
  SHMEMI_ASET_REDUCE_ARITH_TYPES(SHMEMI_DECL_TO_ALL, _sum_to_all)                                  \
  SHMEMI_ASET_REDUCE_ARITH_TYPES(SHMEMI_DECL_TO_ALL, _prod_to_all)

#define SHMEMI_DECLS_COLL SHMEMI_DECLS_COLL_SYNC SHMEMI_DECLS_COLL_DATA SHMEMI_DECLS_COLL_REDUCE

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_COLL

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Nothing after the parameters and the arguments of a collective (shmemx.h
 * adds the request of the _nb forms). */
#define SHMEMI_MORE_PARAMS_NONE()
#define SHMEMI_MORE_ARGS_NONE()

/* Type-generic forms: C11 _Generic on dest's type in C, templates in C++17. */
#if defined(SHMEMI_HAVE_C11_GENERICS)
/* One argument: the team routine; four: the active-set routine. */
#define shmem_sync(...)                                                                            \
  SHMEMI_C11_SYNC_PICK(__VA_ARGS__, (shmem_sync), ~, ~, shmem_team_sync, ~)(__VA_ARGS__)
#define SHMEMI_C11_SYNC_PICK(a, b, c, d, F, ...) F

#define SHMEMI_C11_COLL(NAME, TABLE, team, dest, ...)                                              \
  SHMEMI_C11_SELECT(TABLE, dest, shmem_, _##NAME)(team, dest, __VA_ARGS__)
#define shmem_broadcast(...) SHMEMI_C11_COLL(broadcast, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmem_collect(...) SHMEMI_C11_COLL(collect, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmem_fcollect(...) SHMEMI_C11_COLL(fcollect, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmem_alltoall(...) SHMEMI_C11_COLL(alltoall, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmem_alltoalls(...) SHMEMI_C11_COLL(alltoalls, SHMEMI_RMA_TYPES, __VA_ARGS__)
#define shmem_and_reduce(...)                                                                      \
  SHMEMI_C11_COLL(and_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmem_or_reduce(...)                                                                       \
  SHMEMI_C11_COLL(or_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmem_xor_reduce(...)                                                                      \
  SHMEMI_C11_COLL(xor_reduce, SHMEMI_TEAM_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define shmem_max_reduce(...)                                                                      \
  SHMEMI_C11_COLL(max_reduce, SHMEMI_TEAM_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define shmem_min_reduce(...)                                                                      \
  SHMEMI_C11_COLL(min_reduce, SHMEMI_TEAM_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define shmem_sum_reduce(...)                                                                      \
  SHMEMI_C11_COLL(sum_reduce, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmem_prod_reduce(...)                                                                     \
  SHMEMI_C11_COLL(prod_reduce, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmem_sum_inscan(...)                                                                      \
  SHMEMI_C11_COLL(sum_inscan, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)
#define shmem_sum_exscan(...)                                                                      \
  SHMEMI_C11_COLL(sum_exscan, SHMEMI_TEAM_REDUCE_ARITH_TYPES, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
/* The templates of the team collectives named P<name>S: shmem_<name> here,
 * shmemx_<name>_nbi and shmemx_<name>_nb in shmemx.h. R names the
 * parameters and arguments that follow the blocking routine's:
 * SHMEMI_MORE_PARAMS_<R>() and SHMEMI_MORE_ARGS_<R>() (none: R = NONE,
 * defined above). */
#define SHMEMI_CXX_COLLECTIVES(P, S, R)                                                            \
  template <class T>                                                                               \
  inline int P##broadcast##S(shmem_team_t team, T *dest, const T *source, size_t nelems,           \
                             int PE_root SHMEMI_MORE_PARAMS_##R()) {                               \
    SHMEMI_CXX_DISPATCH(SHMEMI_RMA_TYPES, T, P, _broadcast##S,                                     \
                        (team, dest, source, nelems, PE_root SHMEMI_MORE_ARGS_##R()),              \
                        #P "broadcast" #S ": TYPE is not a standard RMA type")                     \
  }                                                                                                \
  template <class T>                                                                               \
  inline int P##alltoalls##S(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,           \
                             ptrdiff_t sst,                                                        \
                             size_t nelems SHMEMI_MORE_PARAMS_##R()){SHMEMI_CXX_DISPATCH(          \
      SHMEMI_RMA_TYPES, T, P, _alltoalls##S,                                                       \
      (team, dest, source, dst, sst, nelems SHMEMI_MORE_ARGS_##R()),                               \
      #P "alltoalls" #S                                                                            \
         ": TYPE is not a standard RMA type")} SHMEMI_CXX_COLL(P, collect, S, R, SHMEMI_RMA_TYPES, \
                                                               "a standard RMA type")              \
      SHMEMI_CXX_COLL(P, fcollect, S, R, SHMEMI_RMA_TYPES, "a standard RMA type") SHMEMI_CXX_COLL( \
          P, alltoall, S, R, SHMEMI_RMA_TYPES, "a standard RMA type")                              \
          SHMEMI_CXX_COLL(P, and_reduce, S, R, SHMEMI_TEAM_REDUCE_BITWISE_TYPES,                   \
                          "a type the spec allows for AND")                                        \
              SHMEMI_CXX_COLL(P, or_reduce, S, R, SHMEMI_TEAM_REDUCE_BITWISE_TYPES,                \
                              "a type the spec allows for OR")                                     \
                  SHMEMI_CXX_COLL(P, xor_reduce, S, R, SHMEMI_TEAM_REDUCE_BITWISE_TYPES,           \
                                  "a type the spec allows for XOR")                                \
                      SHMEMI_CXX_COLL(P, max_reduce, S, R, SHMEMI_TEAM_REDUCE_MINMAX_TYPES,        \
                                      "a type the spec allows for MAX")                            \
                          SHMEMI_CXX_COLL(P, min_reduce, S, R, SHMEMI_TEAM_REDUCE_MINMAX_TYPES,    \
                                          "a type the spec allows for MIN")                        \
                              SHMEMI_CXX_COLL(P, sum_reduce, S, R, SHMEMI_TEAM_REDUCE_ARITH_TYPES, \
                                              "a type the spec allows for SUM")                    \
                                  SHMEMI_CXX_COLL(P, prod_reduce, S, R,                            \
                                                  SHMEMI_TEAM_REDUCE_ARITH_TYPES,                  \
                                                  "a type the spec allows for PROD")               \
                                      SHMEMI_CXX_COLL(P, sum_inscan, S, R,                         \
                                                      SHMEMI_TEAM_REDUCE_ARITH_TYPES,              \
                                                      "a type the spec allows for SUM")            \
                                          SHMEMI_CXX_COLL(P, sum_exscan, S, R,                     \
                                                          SHMEMI_TEAM_REDUCE_ARITH_TYPES,          \
                                                          "a type the spec allows for SUM")
#define SHMEMI_CXX_COLL(P, NAME, S, R, TABLE, WHAT)                                                \
  template <class T>                                                                               \
  inline int P##NAME##S(shmem_team_t team, T *dest, const T *source,                               \
                        size_t nelems SHMEMI_MORE_PARAMS_##R()) {                                  \
    SHMEMI_CXX_DISPATCH(TABLE, T, P, _##NAME##S,                                                   \
                        (team, dest, source, nelems SHMEMI_MORE_ARGS_##R()),                       \
                        #P #NAME #S ": TYPE is not " WHAT)                                         \
  }
SHMEMI_CXX_COLLECTIVES(shmem_, , NONE)
#endif /* generics */

#ifdef __cplusplus
inline int shmem_sync(shmem_team_t team) noexcept { return shmem_team_sync(team); }
#endif

#endif /* SHMEM_COLL_H */
