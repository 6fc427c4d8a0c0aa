/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_AMO_H
#define SHMEM_AMO_H

#endif /* SHMEM_AMO_H */
