/* OpenSHMEM 1.6 on MPI-3 one-sided communication.
 *
 * Section references are to the OpenSHMEM 1.6 specification; the routines'
 * behaviour is defined there. Deprecated names of 1.3 and the SGI pages are
 * declared next to their successors. */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <shmem/tables.h>
#include <shmem/generic.h>

#ifdef __cplusplus
#define SHMEMI_NOEXCEPT noexcept
#define SHMEMI_NORETURN [[noreturn]]
extern "C" {
#else
#define SHMEMI_NOEXCEPT
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SHMEMI_NORETURN _Noreturn
#else
#define SHMEMI_NORETURN __attribute__((noreturn))
#endif
#endif

#define SHMEM_API __attribute__((visibility("default")))
#define SHMEMI_DEPRECATED __attribute__((deprecated))

/* Declares shmem_NAME PARAMS and shmem_ctx_NAME(shmem_ctx_t ctx, PARAMS). */
#define SHMEMI_DECL_PAIR(RET, NAME, PARAMS)                                                        \
  SHMEM_API RET SHMEMI_NAME(shmem_##NAME) PARAMS SHMEMI_NOEXCEPT;                                  \
  SHMEM_API RET SHMEMI_NAME(shmem_ctx_##NAME)(shmem_ctx_t ctx, SHMEMI_UNPACK PARAMS)               \
      SHMEMI_NOEXCEPT;

/* Section 6: library constants. */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 6
#define SHMEM_MAX_NAME_LEN 256
/* The vendor string names the library and its version (shmemx.h gives the
 * version as numbers too: SHMEMX_LIBRARY_VERSION_MAJOR, ...). */
#define SHMEM_VENDOR_STRING "shmem-mpi3 " SHMEMI_LIBRARY_VERSION " (OpenSHMEM 1.6 on MPI-3 RMA)"

/* The library's version, major.minor.patch: the one place it is written
 * (CMakeLists.txt reads the project version from here). */
#define SHMEMI_LIBRARY_VERSION_MAJOR 0
#define SHMEMI_LIBRARY_VERSION_MINOR 1
#define SHMEMI_LIBRARY_VERSION_PATCH 0
#define SHMEMI_STRING(x) #x
#define SHMEMI_VERSION_STRING(a, b, c) SHMEMI_STRING(a) "." SHMEMI_STRING(b) "." SHMEMI_STRING(c)
#define SHMEMI_LIBRARY_VERSION                                                                     \
  SHMEMI_VERSION_STRING(SHMEMI_LIBRARY_VERSION_MAJOR, SHMEMI_LIBRARY_VERSION_MINOR,                \
                        SHMEMI_LIBRARY_VERSION_PATCH)

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)
#define SHMEM_CTX_SESSION_BATCH (1L << 0)

#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_LE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_GE 5

#define SHMEM_SYNC_VALUE (-1L)
#define SHMEM_BCAST_SYNC_SIZE 8
#define SHMEM_BARRIER_SYNC_SIZE 8
#define SHMEM_REDUCE_SYNC_SIZE 8
#define SHMEM_COLLECT_SYNC_SIZE 8
#define SHMEM_ALLTOALL_SYNC_SIZE 8
#define SHMEM_ALLTOALLS_SYNC_SIZE 8
#define SHMEM_SYNC_SIZE 8
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 8

/* Deprecated spellings of the constants above. */
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_GE SHMEM_CMP_GE

/* Section 7: library handles. The objects behind them are the library's. */
typedef struct shmemi_ctx *shmem_ctx_t;
typedef struct shmemi_team *shmem_team_t;
SHMEM_API extern struct shmemi_ctx shmemi_ctx_default;
SHMEM_API extern struct shmemi_team shmemi_team_world;
SHMEM_API extern struct shmemi_team shmemi_team_shared;
#define SHMEM_CTX_DEFAULT (&shmemi_ctx_default)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_TEAM_WORLD (&shmemi_team_world)
#define SHMEM_TEAM_SHARED (&shmemi_team_shared)
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

typedef struct {
  int num_contexts;
} shmem_team_config_t;

typedef struct {
  size_t total_ops;
} shmem_ctx_session_config_t;

/* Every routine is declared once, in a list macro SHMEMI_DECLS_<part> that
 * writes its name as SHMEMI_NAME(name). This header and the chapter headers
 * expand the lists with SHMEMI_NAME(name) = name; <pshmem.h> expands the same
 * lists again with SHMEMI_NAME(name) = p##name, the name-shifted entry
 * points of the profiling interface (section 10). */
#define SHMEMI_NAME(NAME) NAME

/* Section 9.1: library setup, exit, and query routines. */
#define SHMEMI_DECLS_SETUP                                                                         \
  SHMEM_API void SHMEMI_NAME(shmem_init)(void) SHMEMI_NOEXCEPT;                                    \
  SHMEM_API int SHMEMI_NAME(shmem_init_thread)(int requested, int *provided) SHMEMI_NOEXCEPT;      \
  SHMEM_API void SHMEMI_NAME(shmem_query_thread)(int *provided) SHMEMI_NOEXCEPT;                   \
  SHMEM_API void SHMEMI_NAME(shmem_finalize)(void) SHMEMI_NOEXCEPT;                                \
  SHMEM_API void SHMEMI_NAME(shmem_query_initialized)(int *initialized) SHMEMI_NOEXCEPT;           \
  SHMEM_API int SHMEMI_NAME(shmem_my_pe)(void) SHMEMI_NOEXCEPT;                                    \
  SHMEM_API int SHMEMI_NAME(shmem_n_pes)(void) SHMEMI_NOEXCEPT;                                    \
  SHMEMI_NORETURN SHMEM_API void SHMEMI_NAME(shmem_global_exit)(int status) SHMEMI_NOEXCEPT;       \
  SHMEM_API int SHMEMI_NAME(shmem_pe_accessible)(int pe) SHMEMI_NOEXCEPT;                          \
  SHMEM_API int SHMEMI_NAME(shmem_addr_accessible)(const void *addr, int pe) SHMEMI_NOEXCEPT;      \
  SHMEM_API void *SHMEMI_NAME(shmem_ptr)(const void *dest, int pe) SHMEMI_NOEXCEPT;                \
  SHMEM_API void *SHMEMI_NAME(shmem_team_ptr)(shmem_team_t team, const void *dest, int pe)         \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_info_get_version)(int *major, int *minor) SHMEMI_NOEXCEPT;      \
  SHMEM_API void SHMEMI_NAME(shmem_info_get_name)(char *name) SHMEMI_NOEXCEPT;

/* Deprecated since 1.2. */
#define SHMEMI_DECLS_LEGACY                                                                        \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(start_pes)(int npes) SHMEMI_NOEXCEPT;               \
  SHMEMI_DEPRECATED SHMEM_API int SHMEMI_NAME(_my_pe)(void) SHMEMI_NOEXCEPT;                       \
  SHMEMI_DEPRECATED SHMEM_API int SHMEMI_NAME(_num_pes)(void) SHMEMI_NOEXCEPT;

/* The SGI names my_pe and num_pes would clash with variables of that name
 * in programs: declared by <mpp/shmem.h> and <pshmem.h> only. */
#define SHMEMI_DECLS_MPP                                                                           \
  SHMEMI_DEPRECATED SHMEM_API int SHMEMI_NAME(my_pe)(void) SHMEMI_NOEXCEPT;                        \
  SHMEMI_DEPRECATED SHMEM_API int SHMEMI_NAME(num_pes)(void) SHMEMI_NOEXCEPT;

/* Section 9.3: memory management. */
#define SHMEMI_DECLS_MEMORY                                                                        \
  SHMEM_API void *SHMEMI_NAME(shmem_malloc)(size_t size) SHMEMI_NOEXCEPT;                          \
  SHMEM_API void *SHMEMI_NAME(shmem_malloc_with_hints)(size_t size, long hints) SHMEMI_NOEXCEPT;   \
  SHMEM_API void *SHMEMI_NAME(shmem_calloc)(size_t count, size_t size) SHMEMI_NOEXCEPT;            \
  SHMEM_API void *SHMEMI_NAME(shmem_align)(size_t alignment, size_t size) SHMEMI_NOEXCEPT;         \
  SHMEM_API void *SHMEMI_NAME(shmem_realloc)(void *ptr, size_t size) SHMEMI_NOEXCEPT;              \
  SHMEM_API void SHMEMI_NAME(shmem_free)(void *ptr) SHMEMI_NOEXCEPT;                               \
  SHMEMI_DEPRECATED SHMEM_API void *SHMEMI_NAME(shmalloc)(size_t size) SHMEMI_NOEXCEPT;            \
  SHMEMI_DEPRECATED SHMEM_API void *SHMEMI_NAME(shmemalign)(size_t alignment, size_t size)         \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void *SHMEMI_NAME(shrealloc)(void *ptr, size_t size)                 \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shfree)(void *ptr) SHMEMI_NOEXCEPT;

/* Section 9.6: remote memory access, for every standard RMA type. */
#define SHMEMI_DECL_RMA_TYPED(A, T, N)                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_put)(T * dest, const T *source, size_t nelems, int pe)    \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_put)(shmem_ctx_t ctx, T * dest, const T *source,      \
                                                  size_t nelems, int pe) SHMEMI_NOEXCEPT;          \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_get)(T * dest, const T *source, size_t nelems, int pe)    \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_get)(shmem_ctx_t ctx, T * dest, const T *source,      \
                                                  size_t nelems, int pe) SHMEMI_NOEXCEPT;          \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_put_nbi)(T * dest, const T *source, size_t nelems,        \
                                                  int pe) SHMEMI_NOEXCEPT;                         \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_put_nbi)(shmem_ctx_t ctx, T * dest, const T *source,  \
                                                      size_t nelems, int pe) SHMEMI_NOEXCEPT;      \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_get_nbi)(T * dest, const T *source, size_t nelems,        \
                                                  int pe) SHMEMI_NOEXCEPT;                         \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_get_nbi)(shmem_ctx_t ctx, T * dest, const T *source,  \
                                                      size_t nelems, int pe) SHMEMI_NOEXCEPT;      \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_p)(T * dest, T value, int pe) SHMEMI_NOEXCEPT;            \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_p)(shmem_ctx_t ctx, T * dest, T value, int pe)        \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API T SHMEMI_NAME(shmem_##N##_g)(const T *source, int pe) SHMEMI_NOEXCEPT;                 \
  SHMEM_API T SHMEMI_NAME(shmem_ctx_##N##_g)(shmem_ctx_t ctx, const T *source, int pe)             \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_iput)(T * dest, const T *source, ptrdiff_t dst,           \
                                               ptrdiff_t sst, size_t nelems, int pe)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_iput)(shmem_ctx_t ctx, T * dest, const T *source,     \
                                                   ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                                                   int pe) SHMEMI_NOEXCEPT;                        \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_iget)(T * dest, const T *source, ptrdiff_t dst,           \
                                               ptrdiff_t sst, size_t nelems, int pe)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_iget)(shmem_ctx_t ctx, T * dest, const T *source,     \
                                                   ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                                                   int pe) SHMEMI_NOEXCEPT;                        \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_ibput)(T * dest, const T *source, ptrdiff_t dst,          \
                                                ptrdiff_t sst, size_t bsize, size_t nblocks,       \
                                                int pe) SHMEMI_NOEXCEPT;                           \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_ibput)(shmem_ctx_t ctx, T * dest, const T *source,    \
                                                    ptrdiff_t dst, ptrdiff_t sst, size_t bsize,    \
                                                    size_t nblocks, int pe) SHMEMI_NOEXCEPT;       \
  SHMEM_API void SHMEMI_NAME(shmem_##N##_ibget)(T * dest, const T *source, ptrdiff_t dst,          \
                                                ptrdiff_t sst, size_t bsize, size_t nblocks,       \
                                                int pe) SHMEMI_NOEXCEPT;                           \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_##N##_ibget)(shmem_ctx_t ctx, T * dest, const T *source,    \
                                                    ptrdiff_t dst, ptrdiff_t sst, size_t bsize,    \
                                                    size_t nblocks, int pe) SHMEMI_NOEXCEPT;

/* The SIZE forms: 8, 16, 32, 64 and 128 bits per element. */
#define SHMEMI_DECL_RMA_SIZED(A, BITS, BYTES)                                                      \
  SHMEM_API void SHMEMI_NAME(shmem_put##BITS)(void *dest, const void *source, size_t nelems,       \
                                              int pe) SHMEMI_NOEXCEPT;                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_put##BITS)(shmem_ctx_t ctx, void *dest, const void *source, \
                                                  size_t nelems, int pe) SHMEMI_NOEXCEPT;          \
  SHMEM_API void SHMEMI_NAME(shmem_get##BITS)(void *dest, const void *source, size_t nelems,       \
                                              int pe) SHMEMI_NOEXCEPT;                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_get##BITS)(shmem_ctx_t ctx, void *dest, const void *source, \
                                                  size_t nelems, int pe) SHMEMI_NOEXCEPT;          \
  SHMEM_API void SHMEMI_NAME(shmem_put##BITS##_nbi)(void *dest, const void *source, size_t nelems, \
                                                    int pe) SHMEMI_NOEXCEPT;                       \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_put##BITS##_nbi)(                                           \
      shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe) SHMEMI_NOEXCEPT;     \
  SHMEM_API void SHMEMI_NAME(shmem_get##BITS##_nbi)(void *dest, const void *source, size_t nelems, \
                                                    int pe) SHMEMI_NOEXCEPT;                       \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_get##BITS##_nbi)(                                           \
      shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe) SHMEMI_NOEXCEPT;     \
  SHMEM_API void SHMEMI_NAME(shmem_iput##BITS)(void *dest, const void *source, ptrdiff_t dst,      \
                                               ptrdiff_t sst, size_t nelems, int pe)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_iput##BITS)(                                                \
      shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,               \
      size_t nelems, int pe) SHMEMI_NOEXCEPT;                                                      \
  SHMEM_API void SHMEMI_NAME(shmem_iget##BITS)(void *dest, const void *source, ptrdiff_t dst,      \
                                               ptrdiff_t sst, size_t nelems, int pe)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_iget##BITS)(                                                \
      shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,               \
      size_t nelems, int pe) SHMEMI_NOEXCEPT;                                                      \
  SHMEM_API void SHMEMI_NAME(shmem_ibput##BITS)(void *dest, const void *source, ptrdiff_t dst,     \
                                                ptrdiff_t sst, size_t bsize, size_t nblocks,       \
                                                int pe) SHMEMI_NOEXCEPT;                           \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_ibput##BITS)(                                               \
      shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, \
      size_t nblocks, int pe) SHMEMI_NOEXCEPT;                                                     \
  SHMEM_API void SHMEMI_NAME(shmem_ibget##BITS)(void *dest, const void *source, ptrdiff_t dst,     \
                                                ptrdiff_t sst, size_t bsize, size_t nblocks,       \
                                                int pe) SHMEMI_NOEXCEPT;                           \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_ibget##BITS)(                                               \
      shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, \
      size_t nblocks, int pe) SHMEMI_NOEXCEPT;
/* Every standard RMA type, then the SIZE and the mem forms. */
#define SHMEMI_DECLS_RMA                                                                           \
  SHMEMI_RMA_TYPES(SHMEMI_DECL_RMA_TYPED, ~)                                                       \
  SHMEMI_RMA_SIZES(SHMEMI_DECL_RMA_SIZED, ~)                                                       \
  SHMEM_API void SHMEMI_NAME(shmem_putmem)(void *dest, const void *source, size_t nelems, int pe)  \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_putmem)(shmem_ctx_t ctx, void *dest, const void *source,    \
                                               size_t nelems, int pe) SHMEMI_NOEXCEPT;             \
  SHMEM_API void SHMEMI_NAME(shmem_getmem)(void *dest, const void *source, size_t nelems, int pe)  \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_getmem)(shmem_ctx_t ctx, void *dest, const void *source,    \
                                               size_t nelems, int pe) SHMEMI_NOEXCEPT;             \
  SHMEM_API void SHMEMI_NAME(shmem_putmem_nbi)(void *dest, const void *source, size_t nelems,      \
                                               int pe) SHMEMI_NOEXCEPT;                            \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_putmem_nbi)(                                                \
      shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe) SHMEMI_NOEXCEPT;     \
  SHMEM_API void SHMEMI_NAME(shmem_getmem_nbi)(void *dest, const void *source, size_t nelems,      \
                                               int pe) SHMEMI_NOEXCEPT;                            \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_getmem_nbi)(                                                \
      shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe) SHMEMI_NOEXCEPT;

/* Section 9.11: memory ordering, and the world barriers (9.9). */
#define SHMEMI_DECLS_ORDER                                                                         \
  SHMEM_API void SHMEMI_NAME(shmem_fence)(void) SHMEMI_NOEXCEPT;                                   \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_fence)(shmem_ctx_t ctx) SHMEMI_NOEXCEPT;                    \
  SHMEM_API void SHMEMI_NAME(shmem_quiet)(void) SHMEMI_NOEXCEPT;                                   \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_quiet)(shmem_ctx_t ctx) SHMEMI_NOEXCEPT;                    \
  SHMEM_API void SHMEMI_NAME(shmem_barrier_all)(void) SHMEMI_NOEXCEPT;                             \
  SHMEM_API void SHMEMI_NAME(shmem_sync_all)(void) SHMEMI_NOEXCEPT;

/* Section 10 (profiling interface): a no-op hook for profiling tools. */
#define SHMEMI_DECLS_PCONTROL                                                                      \
  SHMEM_API void SHMEMI_NAME(shmem_pcontrol)(int level, ...) SHMEMI_NOEXCEPT;

/* Annex: data cache control, deprecated since 1.3; no effect on this
 * cache-coherent implementation. */
#define SHMEMI_DECLS_CACHE                                                                         \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_clear_cache_inv)(void) SHMEMI_NOEXCEPT;       \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_set_cache_inv)(void) SHMEMI_NOEXCEPT;         \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_clear_cache_line_inv)(void *dest)             \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_set_cache_line_inv)(void *dest)               \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_udcflush)(void) SHMEMI_NOEXCEPT;              \
  SHMEMI_DEPRECATED SHMEM_API void SHMEMI_NAME(shmem_udcflush_line)(void *dest) SHMEMI_NOEXCEPT;

SHMEMI_DECLS_SETUP
SHMEMI_DECLS_LEGACY
SHMEMI_DECLS_MEMORY
SHMEMI_DECLS_RMA
SHMEMI_DECLS_ORDER
SHMEMI_DECLS_PCONTROL
SHMEMI_DECLS_CACHE

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The other chapters of the API, each in a header of its own. */
#include <shmem/teams.h>    /* section 9.4: teams */
#include <shmem/ctx.h>      /* section 9.5: communication management */
#include <shmem/amo.h>      /* section 9.7: atomic memory operations */
#include <shmem/signal.h>   /* section 9.8: signaling operations */
#include <shmem/coll.h>     /* section 9.9: collective routines */
#include <shmem/p2p.h>      /* section 9.10: point-to-point synchronization */
#include <shmem/lock.h>     /* section 9.12: distributed locking */
#include <shmem/features.h> /* feature flags for software that adapts to it */

/* Type-generic RMA interfaces (section 9.6): C11 _Generic in C, templates
 * in C++17. The ctx form takes one argument more than the plain form. */
#if defined(SHMEMI_HAVE_C11_GENERICS)
#define shmem_put(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _put, __VA_ARGS__)
#define shmem_get(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _get, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _get_nbi, __VA_ARGS__)
#define shmem_iput(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _iput, __VA_ARGS__)
#define shmem_iget(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _iget, __VA_ARGS__)
#define shmem_ibput(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _ibput, __VA_ARGS__)
#define shmem_ibget(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _ibget, __VA_ARGS__)
#define shmem_p(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _p, __VA_ARGS__)
#define shmem_g(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _g, __VA_ARGS__)

#elif defined(SHMEMI_HAVE_CXX_GENERICS)
#define SHMEMI_CXX_RMA(NAME, PARAMS, ARGS)                                                         \
  SHMEMI_CXX_GENERIC(SHMEMI_RMA_TYPES, void, NAME, PARAMS, ARGS)
SHMEMI_CXX_RMA(put, (T * dest, const T *source, size_t nelems, int pe), (dest, source, nelems, pe))
SHMEMI_CXX_RMA(get, (T * dest, const T *source, size_t nelems, int pe), (dest, source, nelems, pe))
SHMEMI_CXX_RMA(put_nbi, (T * dest, const T *source, size_t nelems, int pe),
               (dest, source, nelems, pe))
SHMEMI_CXX_RMA(get_nbi, (T * dest, const T *source, size_t nelems, int pe),
               (dest, source, nelems, pe))
SHMEMI_CXX_RMA(iput,
               (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe),
               (dest, source, dst, sst, nelems, pe))
SHMEMI_CXX_RMA(iget,
               (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe),
               (dest, source, dst, sst, nelems, pe))
SHMEMI_CXX_RMA(ibput,
               (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                size_t nblocks, int pe),
               (dest, source, dst, sst, bsize, nblocks, pe))
SHMEMI_CXX_RMA(ibget,
               (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                size_t nblocks, int pe),
               (dest, source, dst, sst, bsize, nblocks, pe))
SHMEMI_CXX_RMA(p, (T * dest, SHMEMI_V value, int pe), (dest, value, pe))
SHMEMI_CXX_GENERIC(SHMEMI_RMA_TYPES, T, g, (const T *source, int pe), (source, pe))
#endif /* generics */

/* A program written to the draft names of the nonblocking collectives with
 * requests (shmem_broadcast_nb, shmem_req_wait, ...; see shmemx.h) defines
 * SHMEM_NB_COLLECTIVES_DRAFT before it includes shmem.h or shmemx.h. */
#if defined(SHMEM_NB_COLLECTIVES_DRAFT)
#include <shmemx.h>
#endif

#endif /* SHMEM_H */
