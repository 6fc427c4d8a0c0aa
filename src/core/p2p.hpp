// Point-to-point synchronization on local symmetric variables (section
// 9.10): comparisons, status masks and the waits built on them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/bytes.hpp"
#include "base/report.hpp"
#include "core/checks.hpp"
#include "core/runtime.hpp"
#include "memory/memory.hpp"
#include "node/wait.hpp"

namespace shmemi {

template <class T> constexpr T zero_of() { return T(); }

template <class T> T load_acquire(const T *ivar) { return __atomic_load_n(ivar, __ATOMIC_ACQUIRE); }

template <class T> bool compare(T value, int cmp, T target) {
  switch (cmp) {
  case SHMEM_CMP_EQ: return value == target;
  case SHMEM_CMP_NE: return value != target;
  case SHMEM_CMP_GT: return value > target;
  case SHMEM_CMP_LE: return value <= target;
  case SHMEM_CMP_LT: return value < target;
  default: return value >= target;
  }
}

// A set of ivars with a status mask and one or per-element comparison values.
template <class T> struct IvarSet {
  const char *routine; // named around the MPI calls of a wait or a test
  T *ivars;
  std::size_t nelems;
  const int *status; // nonzero entries are excluded; may be null
  int cmp;
  const T *values; // per element, or null to use `value`
  T value;

  bool active(std::size_t i) const { return status == nullptr || status[i] == 0; }
  bool satisfied(std::size_t i) const {
    return compare(load_acquire(&ivars[i]), cmp, values ? values[i] : value);
  }
  bool all() const {
    for (std::size_t i = 0; i < nelems; ++i)
      if (active(i) && !satisfied(i)) return false;
    return true;
  }
  // The first element from `first` on (wrapping around) that is in the set
  // and satisfied; SIZE_MAX if none.
  std::size_t any(std::size_t first) const {
    for (std::size_t k = 0; k < nelems; ++k) {
      const std::size_t i = first + k < nelems ? first + k : first + k - nelems;
      if (active(i) && satisfied(i)) return i;
    }
    return SIZE_MAX;
  }
  std::size_t some(std::size_t *indices) const {
    std::size_t found = 0;
    for (std::size_t i = 0; i < nelems; ++i)
      if (active(i) && satisfied(i)) indices[found++] = i;
    return found;
  }
  bool none_active() const {
    for (std::size_t i = 0; i < nelems; ++i)
      if (active(i)) return false;
    return true;
  }
};

// What a wait or test routine was given besides its ivars and values.
struct IvarArgs {
  const char *routine;
  const char *arg; // "ivar" or "ivars"
  std::size_t nelems;
  const int *status;
  const std::size_t *indices; // the some routines' output; else null
  std::size_t n_indices;      // the some routines: nelems; else 0
};

// The set after the checks: the library is up, cmp is a comparison, the
// ivars are symmetric, and status and indices are there and apart.
template <class T>
IvarSet<T> ivar_set(const IvarArgs &a, T *ivars, int cmp, const T *values, T value) {
  require_init(a.routine);
  require_cmp(a.routine, cmp);
  require_buffer(a.routine, a.arg, ivars, a.nelems * sizeof(T));
  require_wait_buffers(a.routine, a.arg, ivars, saturated_bytes(a.nelems, sizeof(T)), a.status,
                       saturated_bytes(a.nelems, sizeof(int)), a.indices,
                       saturated_bytes(a.n_indices, sizeof(std::size_t)), memory::mapping.heap,
                       memory::mapping.statics);
  return {a.routine, ivars, a.nelems, a.status, cmp, values, value};
}

template <class T> void wait_all(const IvarSet<T> &set) {
  const Call call(set.routine);
  node::wait_for([&] { return set.all(); });
}

// Where the any routines start looking: a fresh pseudo-random element per
// call (xorshift), so that an element that stays satisfied is returned
// after nelems calls on average, whatever else the thread tests in between
// (spec: "a series of calls ... must eventually return i"). Always starting
// at 0 returned the lowest satisfied element forever.
inline std::size_t scan_start(std::size_t nelems) {
  thread_local std::uint64_t state = 0x9e3779b97f4a7c15u;
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return nelems == 0 ? 0 : static_cast<std::size_t>(state % nelems);
}

// The test routines first let MPI deliver what it holds for this PE, where
// data arrives through MPI (p2p.cpp).
void poll_before_test();

template <class T> bool test_all(const IvarSet<T> &set) {
  const Call call(set.routine);
  poll_before_test();
  return set.all();
}

template <class T> std::size_t test_any(const IvarSet<T> &set) {
  const Call call(set.routine);
  poll_before_test();
  return set.any(scan_start(set.nelems));
}

template <class T> std::size_t test_some(const IvarSet<T> &set, std::size_t *indices) {
  const Call call(set.routine);
  poll_before_test();
  return set.some(indices);
}

template <class T> std::size_t wait_any(const IvarSet<T> &set) {
  if (set.none_active()) return SIZE_MAX;
  const std::size_t first = scan_start(set.nelems);
  std::size_t found = SIZE_MAX;
  const Call call(set.routine);
  node::wait_for([&] { return (found = set.any(first)) != SIZE_MAX; });
  return found;
}

template <class T> std::size_t wait_some(const IvarSet<T> &set, std::size_t *indices) {
  if (set.none_active()) return 0;
  std::size_t found = 0;
  const Call call(set.routine);
  node::wait_for([&] { return (found = set.some(indices)) != 0; });
  return found;
}

} // namespace shmemi
