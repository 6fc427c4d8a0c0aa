/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_P2P_H
#define SHMEM_P2P_H

#endif /* SHMEM_P2P_H */
