/* Section 9.12: distributed locking. Included by shmem.h. */
#ifndef SHMEM_LOCK_H
#define SHMEM_LOCK_H

#ifdef __cplusplus
extern "C" {
#endif

SHMEM_API void shmem_set_lock(long *lock) SHMEMI_NOEXCEPT;
SHMEM_API void shmem_clear_lock(long *lock) SHMEMI_NOEXCEPT;
SHMEM_API int shmem_test_lock(long *lock) SHMEMI_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* SHMEM_LOCK_H */
