/* Section 9.12: distributed locking. Included by shmem.h. */
#ifndef SHMEM_LOCK_H
#define SHMEM_LOCK_H

#define SHMEMI_DECLS_LOCK                                                                          \
  SHMEM_API void SHMEMI_NAME(shmem_set_lock)(long *lock) SHMEMI_NOEXCEPT;                          \
  SHMEM_API void SHMEMI_NAME(shmem_clear_lock)(long *lock) SHMEMI_NOEXCEPT;                        \
  SHMEM_API int SHMEMI_NAME(shmem_test_lock)(long *lock) SHMEMI_NOEXCEPT;

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_LOCK

#ifdef __cplusplus
}
#endif

#endif /* SHMEM_LOCK_H */
