// An MCS queue lock, so that PEs get the lock in the order they asked for it
// and each waits on its own word.
//
// The lock word holds on every PE that PE's queue node, and on one home PE
// (chosen from the lock's offset) also the queue's tail. Fields are PE+1, 0
// meaning none, w bits wide (Fields::bits: 21 in a long, 15 in an int32):
//   bits [0, w)   tail    (meaningful on the home PE)
//   bits [w, 2w)  next    (this PE's successor in the queue)
//   bit  2w       waiting (set while this PE waits for the lock)
// Every update is an AMO on the whole word, so fields sharing a word never
// overwrite each other.
#include "core/lock.hpp"

#include <cstdint>
#include <type_traits>

#include "base/report.hpp"
#include "core/amo.hpp"
#include "core/runtime.hpp"
#include "core/symmetric.hpp"
#include "node/wait.hpp"

namespace shmemi {
namespace {

// The field width, the one choice per word size: a long keeps the 21 bits
// the C API always had (its PE limit is documented); an int32 has 15, which
// leave the sign bit clear.
template <class Word> struct Fields {
  static_assert(std::is_signed_v<Word> && (sizeof(Word) == 4 || sizeof(Word) == 8),
                "lock words are signed AMO words"); // -1 means "any tail" below
  static constexpr int bits = sizeof(Word) == 4 ? 15 : 21;
  static constexpr Word field_mask = (Word{1} << bits) - 1;
  static constexpr Word tail_mask = field_mask;
  static constexpr int next_shift = bits;
  static constexpr Word next_mask = field_mask << next_shift;
  static constexpr Word waiting_bit = Word{1} << (2 * bits);
  static constexpr int max_pes = static_cast<int>(field_mask);
};

template <class Word> struct Lock {
  using F = Fields<Word>;
  Word *word;
  int home;
  Word self; // this PE + 1, as the fields hold it
  const char *routine;

  Word fetch(int pe) const {
    return amo_fetch<Word>(routine, SHMEM_CTX_DEFAULT, word, AmoOp::fetch, 0, 0, pe);
  }
  Word cswap(int pe, Word expected, Word desired) const {
    return amo_fetch<Word>(routine, SHMEM_CTX_DEFAULT, word, AmoOp::cswap, desired, expected, pe);
  }
  void band(int pe, Word mask) const {
    amo_fetch<Word>(routine, SHMEM_CTX_DEFAULT, word, AmoOp::band, mask, 0, pe);
  }
  void bor(int pe, Word bits) const {
    amo_fetch<Word>(routine, SHMEM_CTX_DEFAULT, word, AmoOp::bor, bits, 0, pe);
  }
  Word next_of_mine() const { return (fetch(rt.my_pe) & F::next_mask) >> F::next_shift; }
  // Replaces the home PE's tail field: `from` (or any value if from < 0) by
  // `to`. Returns the tail before, or -1 if it was not `from`.
  Word swap_tail(Word from, Word to) const {
    Word old = fetch(home);
    for (;;) {
      const Word tail = old & F::tail_mask;
      if (from >= 0 && tail != from) return -1;
      const Word seen = cswap(home, old, static_cast<Word>((old & ~F::tail_mask) | to));
      if (seen == old) return tail;
      old = seen;
    }
  }
};

template <class Word> Lock<Word> lock_of(const char *routine, Word *lock) {
  constexpr int max_pes = Fields<Word>::max_pes;
  require_init(routine);
  if (rt.n_pes > max_pes) fatal(routine, "locks support at most %d PEs", max_pes);
  const SymAddr at = require_symmetric(routine, "lock", lock, sizeof(Word));
  const std::size_t home = (at.offset / sizeof(Word)) % static_cast<std::size_t>(rt.n_pes);
  return {lock, static_cast<int>(home), static_cast<Word>(rt.my_pe + 1), routine};
}

} // namespace

template <class Word> void lock_set(const char *routine, Word *lock) {
  const Call call(routine);
  using F = Fields<Word>;
  const Lock<Word> l = lock_of(routine, lock);
  l.band(rt.my_pe, static_cast<Word>(~F::next_mask));
  l.bor(rt.my_pe, F::waiting_bit);
  const Word prev = l.swap_tail(-1, l.self);
  if (prev == 0) {
    l.band(rt.my_pe, static_cast<Word>(~F::waiting_bit));
  } else {
    l.bor(static_cast<int>(prev - 1), static_cast<Word>(l.self << F::next_shift));
    node::wait_for([&] { return (l.fetch(rt.my_pe) & F::waiting_bit) == 0; }); // the hand-over
  }
  transport::quiet(transport::default_channel());
}

template <class Word> int lock_test(const char *routine, Word *lock) {
  const Call call(routine);
  using F = Fields<Word>;
  const Lock<Word> l = lock_of(routine, lock);
  if ((l.fetch(l.home) & F::tail_mask) != 0) return 1;
  l.band(rt.my_pe, static_cast<Word>(~(F::next_mask | F::waiting_bit)));
  if (l.swap_tail(0, l.self) != 0) return 1;
  transport::quiet(transport::default_channel());
  return 0;
}

template <class Word> void lock_clear(const char *routine, Word *lock) {
  const Call call(routine);
  using F = Fields<Word>;
  const Lock<Word> l = lock_of(routine, lock);
  transport::quiet(transport::default_channel()); // the critical section's updates land before the
                                                  // next owner runs
  Word next = l.next_of_mine();
  if (next == 0) {
    if (l.swap_tail(l.self, 0) == l.self) return;
    node::wait_for([&] { return (next = l.next_of_mine()) != 0; }); // the successor links in
  }
  l.band(rt.my_pe, static_cast<Word>(~F::next_mask));
  l.band(static_cast<int>(next - 1), static_cast<Word>(~F::waiting_bit));
}

template void lock_set(const char *, long *);
template int lock_test(const char *, long *);
template void lock_clear(const char *, long *);
template void lock_set(const char *, std::int32_t *);
template int lock_test(const char *, std::int32_t *);
template void lock_clear(const char *, std::int32_t *);

} // namespace shmemi
