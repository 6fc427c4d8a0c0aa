// Section 9.12: distributed locks on C's `long` lock word (core/lock.cpp).
#include "api/stamp.hpp"
#include "core/lock.hpp"

extern "C" {

SHMEMI_ENTRY(void, shmem_set_lock)(long *lock) noexcept {
  shmemi::lock_set("shmem_set_lock", lock);
}

SHMEMI_ENTRY(int, shmem_test_lock)(long *lock) noexcept {
  return shmemi::lock_test("shmem_test_lock", lock);
}

SHMEMI_ENTRY(void, shmem_clear_lock)(long *lock) noexcept {
  shmemi::lock_clear("shmem_clear_lock", lock);
}

} // extern "C"
