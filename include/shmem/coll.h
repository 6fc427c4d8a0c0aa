/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_COLL_H
#define SHMEM_COLL_H

#endif /* SHMEM_COLL_H */
