// Section 9.12: distributed locks on C's `long` lock word (core/lock.cpp).
#include "api/stamp.hpp"
#include "core/lock.hpp"

extern "C" {

SHMEMI_ENTRY(void, shmem_set_lock)(long *lock) noexcept {
  shmemi::lock_set(lock, "shmem_set_lock");
}

SHMEMI_ENTRY(int, shmem_test_lock)(long *lock) noexcept {
  return shmemi::lock_test(lock, "shmem_test_lock");
}

SHMEMI_ENTRY(void, shmem_clear_lock)(long *lock) noexcept {
  shmemi::lock_clear(lock, "shmem_clear_lock");
}

} // extern "C"
