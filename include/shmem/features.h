/* Feature flags for software that adapts to the OpenSHMEM implementation
 * at compile time. The Python binding shmem4py recognizes the
 * implementations it knows by their own macros and, for any other, declares
 * stand-ins for the OpenSHMEM 1.5 routines it cannot find, unless the flag
 * naming the routine is defined: every one of them is implemented here, so
 * shmem4py builds against this library unmodified (docs/user-guide.md,
 * "Python programs"). */
#ifndef SHMEM_FEATURES_H
#define SHMEM_FEATURES_H

#define PySHMEM_HAVE_shmem_malloc_with_hints 1
#define PySHMEM_HAVE_shmem_team_t 1
#define PySHMEM_HAVE_SHMEM_CTX_INVALID 1
#define PySHMEM_HAVE_shmem_amo_nbi 1
#define PySHMEM_HAVE_shmem_put_signal 1
#define PySHMEM_HAVE_shmem_signal_fetch 1
#define PySHMEM_HAVE_shmem_signal_wait_until 1
#define PySHMEM_HAVE_shmem_broadcast 1
#define PySHMEM_HAVE_shmem_collect 1
#define PySHMEM_HAVE_shmem_fcollect 1
#define PySHMEM_HAVE_shmem_alltoall 1
#define PySHMEM_HAVE_shmem_alltoalls 1
#define PySHMEM_HAVE_shmem_broadcastmem 1
#define PySHMEM_HAVE_shmem_collectmem 1
#define PySHMEM_HAVE_shmem_fcollectmem 1
#define PySHMEM_HAVE_shmem_alltoallmem 1
#define PySHMEM_HAVE_shmem_alltoallsmem 1
#define PySHMEM_HAVE_shmem_reduce 1
#define PySHMEM_HAVE_shmem_wait_test_many 1
#define PySHMEM_HAVE_shmem_pcontrol 1

#endif
