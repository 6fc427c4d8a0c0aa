/* Extensions beyond the OpenSHMEM 1.6 specification. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#endif /* SHMEMX_H */
