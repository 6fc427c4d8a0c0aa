// Section 9.12: distributed locks, as an MCS queue lock so that PEs get the
// lock in the order they asked for it and each waits on its own word.
//
// The user's `long lock` (zero-initialized, symmetric) holds on every PE
// that PE's queue node, and on one home PE (chosen from the lock's offset)
// also the queue's tail. Fields are PE+1, 0 meaning none:
//   bits  0-20  tail    (meaningful on the home PE)
//   bits 21-41  next    (this PE's successor in the queue)
//   bit  42     waiting (set while this PE waits for the lock)
// Every update is an AMO on the whole word, so fields sharing a word never
// overwrite each other.
#include "api/stamp.hpp"
#include "core/amo.hpp"
#include "core/wait.hpp"

using namespace shmemi;

namespace {

constexpr int next_shift = 21;
constexpr long field_mask = (1L << next_shift) - 1;
constexpr long tail_mask = field_mask;
constexpr long next_mask = field_mask << next_shift;
constexpr long waiting_bit = 1L << 42;
constexpr int max_pes = (1 << next_shift) - 1;

struct Lock {
  long *word;
  int home;
  const char *routine;

  long fetch(int pe) const {
    return amo_fetch<long>(SHMEM_CTX_DEFAULT, word, AmoOp::fetch, 0, 0, pe, routine);
  }
  long cswap(int pe, long expected, long desired) const {
    return amo_fetch<long>(SHMEM_CTX_DEFAULT, word, AmoOp::cswap, desired, expected, pe, routine);
  }
  void band(int pe, long mask) const {
    amo_fetch<long>(SHMEM_CTX_DEFAULT, word, AmoOp::band, mask, 0, pe, routine);
  }
  void bor(int pe, long bits) const {
    amo_fetch<long>(SHMEM_CTX_DEFAULT, word, AmoOp::bor, bits, 0, pe, routine);
  }
  // Replaces the home PE's tail field: `from` (or any value if from < 0) by
  // `to`. Returns the tail before, or -1 if it was not `from`.
  long swap_tail(long from, long to) const {
    long old = fetch(home);
    for (;;) {
      const long tail = old & tail_mask;
      if (from >= 0 && tail != from) return -1;
      const long seen = cswap(home, old, (old & ~tail_mask) | to);
      if (seen == old) return tail;
      old = seen;
    }
  }
};

Lock lock_of(long *lock, const char *routine) {
  require_init(routine);
  if (rt.n_pes > max_pes) fatal(routine, "locks support at most %d PEs", max_pes);
  const SymAddr at = require_symmetric(routine, "lock", lock, sizeof(long));
  const int home = static_cast<int>((at.offset / sizeof(long)) % static_cast<std::size_t>(rt.n_pes));
  return {lock, home, routine};
}

long me_plus_one() { return rt.my_pe + 1L; }

void wait_until_handed_over(const Lock &l) {
  wait_for([&] { return (l.fetch(rt.my_pe) & waiting_bit) == 0; });
}

} // namespace

extern "C" {

SHMEMI_ENTRY(void, shmem_set_lock)(long *lock) noexcept {
  const Lock l = lock_of(lock, "shmem_set_lock");
  l.band(rt.my_pe, ~next_mask);
  l.bor(rt.my_pe, waiting_bit);
  const long prev = l.swap_tail(-1, me_plus_one());
  if (prev == 0) {
    l.band(rt.my_pe, ~waiting_bit);
  } else {
    l.bor(static_cast<int>(prev - 1), me_plus_one() << next_shift);
    wait_until_handed_over(l);
  }
  transport::quiet();
}

SHMEMI_ENTRY(int, shmem_test_lock)(long *lock) noexcept {
  const Lock l = lock_of(lock, "shmem_test_lock");
  if ((l.fetch(l.home) & tail_mask) != 0) return 1;
  l.band(rt.my_pe, ~(next_mask | waiting_bit));
  if (l.swap_tail(0, me_plus_one()) != 0) return 1;
  transport::quiet();
  return 0;
}

SHMEMI_ENTRY(void, shmem_clear_lock)(long *lock) noexcept {
  const Lock l = lock_of(lock, "shmem_clear_lock");
  transport::quiet(); // the critical section's updates land before the next owner runs
  long next = (l.fetch(rt.my_pe) & next_mask) >> next_shift;
  if (next == 0) {
    if (l.swap_tail(me_plus_one(), 0) == me_plus_one()) return;
    wait_for([&] { return (next = (l.fetch(rt.my_pe) & next_mask) >> next_shift) != 0; });
  }
  l.band(rt.my_pe, ~next_mask);
  l.band(static_cast<int>(next - 1), ~waiting_bit);
}

} // extern "C"
