// Distributed locks (section 9.12) on a symmetric, zero-initialized lock
// word: C's `long`, or std::int32_t for Fortran's default INTEGER, whose
// neighbouring bytes a 64-bit AMO would overwrite. Messages name `routine`.
#pragma once

namespace shmemi {

// Defined for Word = long and std::int32_t (core/lock.cpp).
template <class Word> void lock_set(const char *routine, Word *lock);
// 0 if the lock was free and now belongs to this PE, else 1 (nothing changed).
template <class Word> int lock_test(const char *routine, Word *lock);
template <class Word> void lock_clear(const char *routine, Word *lock);

} // namespace shmemi
