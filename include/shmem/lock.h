/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_LOCK_H
#define SHMEM_LOCK_H

#endif /* SHMEM_LOCK_H */
