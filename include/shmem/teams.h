/* Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_TEAMS_H
#define SHMEM_TEAMS_H

#endif /* SHMEM_TEAMS_H */
