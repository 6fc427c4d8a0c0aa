/* For programs written against the SGI/Cray SHMEM headers: the OpenSHMEM
 * API plus the old names that would clash with ordinary variable names if
 * <shmem.h> declared them. */
#ifndef MPP_SHMEM_H
#define MPP_SHMEM_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_MPP

#ifdef __cplusplus
}
#endif

#endif /* MPP_SHMEM_H */
