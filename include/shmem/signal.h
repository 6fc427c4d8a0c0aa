/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_SIGNAL_H
#define SHMEM_SIGNAL_H

#endif /* SHMEM_SIGNAL_H */
