// Two sides taking turns at a resource neither may enter while the other
// is inside, with no lock on the side that enters often: the program's
// threads (any number of nested entries, one thread at a time unless
// `concurrent`) and one occasional visitor (the progress thread's poke).
// Each side announces itself (`inside`, `visiting`), fences, and looks at
// the other's word, so at least one of them sees the other (Dekker's
// protocol): the program's side waits for a visit under way, the visitor
// gives up its visit. Nested entries count, so a call inside a call is
// covered; a side that never leaves (`enter` without `leave`) keeps the
// visitor out for good. With `serialized` off the entries are only
// counted (the visitor, if any, needs no turn). A holder (a fork) keeps
// out both the visit and what the visitor does around it (`around`: the
// progress thread holds the dynamic linker's lock there), while entries
// wait for the visit alone.
#pragma once

#include <atomic>
#include <thread>

namespace shmemi {

struct Turns {
  std::atomic<unsigned long> calls{0}; // entries so far
  std::atomic<int> inside{0};          // entries not left yet
  std::atomic<bool> visiting{false};   // the visitor is inside
  std::atomic<bool> around{false};     // the visitor is around a visit
  std::atomic<int> held{0};            // occasional holders from any thread (fork)
  bool concurrent = false;             // entries from several threads at once
  bool serialized = false;             // the visitor takes turns with the entries

  [[gnu::always_inline]] void enter() {
    if (concurrent) {
      calls.fetch_add(1, std::memory_order_relaxed);
      inside.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    calls.store(calls.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    inside.store(inside.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (serialized) [[unlikely]]
      wait_for_visit();
  }
  [[gnu::always_inline]] void leave() {
    if (concurrent)
      inside.fetch_sub(1, std::memory_order_release);
    else
      inside.store(inside.load(std::memory_order_relaxed) - 1, std::memory_order_release);
  }
  // The entering side, announced: waits until no visit runs.
  void wait_for_visit() {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    spin_while([this] { return visiting.load(std::memory_order_acquire); });
  }
  template <class Busy> static void spin_while(Busy busy) {
    for (unsigned spins = 0; busy(); ++spins)
      if (spins >= 64) std::this_thread::yield();
  }
  // Keeps the visitor out until `release`, from any thread, at any time
  // (a fork: a visit, or what surrounds it, under way when the process
  // forks would leave the child with what it held).
  void hold() {
    held.fetch_add(1, std::memory_order_seq_cst);
    spin_while([this] {
      return around.load(std::memory_order_acquire) || visiting.load(std::memory_order_acquire);
    });
  }
  void release() { held.fetch_sub(1, std::memory_order_release); }
  // The visitor's side: runs `visit` unless an entry is inside or a holder
  // holds; whether it ran.
  // The visitor's side around its visits: runs `section` (which may
  // visit) unless a holder holds; whether it ran.
  template <class Section> bool unless_held(Section section) {
    around.store(true, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    const bool free = held.load(std::memory_order_acquire) == 0;
    if (free) section();
    around.store(false, std::memory_order_release);
    return free;
  }
  template <class Visit> bool visit_if_alone(Visit visit) {
    visiting.store(true, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    const bool alone =
        inside.load(std::memory_order_acquire) == 0 && held.load(std::memory_order_acquire) == 0;
    if (alone) visit();
    visiting.store(false, std::memory_order_release);
    return alone;
  }
};

} // namespace shmemi
