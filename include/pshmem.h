/* The profiling interface (OpenSHMEM 1.6, section 10): every routine of the
 * library also has a name-shifted entry point, "p" before its name:
 * pshmem_NAME for shmem_NAME, and pstart_pes, p_my_pe, pshmalloc, ... for
 * the legacy names. The library defines pshmem_NAME and makes shmem_NAME a
 * weak alias of it, so a tool may define shmem_NAME itself (to count, time
 * or trace calls) and call pshmem_NAME to do the work.
 *
 * The declarations are the lists of <shmem.h> expanded once more with the
 * shifted names. The type-generic interfaces (C11 _Generic, C++ templates)
 * are macros and templates over the typed routines: they have no pshmem_
 * form, and a tool sees their calls as calls of the typed routines. */
#ifndef PSHMEM_H
#define PSHMEM_H

#include <shmem.h>
#include <shmemx.h>

#ifdef __cplusplus
extern "C" {
#endif

#undef SHMEMI_NAME
#define SHMEMI_NAME(NAME) p##NAME
SHMEMI_DECLS_SETUP
SHMEMI_DECLS_LEGACY
SHMEMI_DECLS_MPP
SHMEMI_DECLS_MEMORY
SHMEMI_DECLS_RMA
SHMEMI_DECLS_ORDER
SHMEMI_DECLS_PCONTROL
SHMEMI_DECLS_CACHE
SHMEMI_DECLS_TEAMS
SHMEMI_DECLS_CTX
SHMEMI_DECLS_AMO
SHMEMI_DECLS_AMO_LONG
SHMEMI_DECLS_SIGNAL
SHMEMI_DECLS_COLL
SHMEMI_DECLS_P2P
SHMEMI_DECLS_P2P_LONG
SHMEMI_DECLS_LOCK
SHMEMI_DECLS_X
#undef SHMEMI_NAME
#define SHMEMI_NAME(NAME) NAME

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PSHMEM_H */
