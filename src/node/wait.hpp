// Waiting politely: spin briefly, then let MPI progress and yield the CPU,
// then sleep, so that a waiting PE never starves the PE it waits for when
// PEs outnumber cores.
#pragma once

#include <sched.h>
#include <time.h>

#include "node/node.hpp"
#include "transport/data_path.hpp"
#include "transport/job.hpp"

namespace shmemi::node {

// Past its first spins, a wait counts as blocked for core/ending.cpp, and
// every later round confirms that it still waits.
class Backoff {
public:
  Backoff() = default;
  Backoff(const Backoff &) = delete;
  Backoff &operator=(const Backoff &) = delete;
  ~Backoff() {
    if (blocked_) transport::count_blocked(-1);
  }

  // Where data arrives through MPI, every round polls it: MPICH delivers a
  // put to a waiting PE only inside its MPI calls, and polling every 64th
  // round of sched_yield made a forced inter-node ping-pong several times
  // slower (docs/bench/notes.md, "Waiting").
  void pause() {
    ++rounds_;
    if (waiting.poll_every_round || rounds_ % poll_rounds == 0) transport::poll();
    const unsigned spins = waiting.crowded ? crowded_spin_rounds : spin_rounds;
    if (rounds_ < spins) {
      relax();
      return;
    }
    if (blocked_)
      confirm();
    else
      start_blocking();
    if (rounds_ < yield_rounds) {
      sched_yield();
    } else {
      const timespec nap{0, 20000}; // 20 us
      nanosleep(&nap, nullptr);
    }
  }

private:
  void start_blocking() {
    blocked_ = true;
    transport::count_blocked(1);
  }
  // The end-of-job check counts a blocked PE as unable to go on only once it
  // has found its condition false again after every PE stopped
  // (core/ending.cpp): wait_for checks it before every pause. Not above
  // SHMEM_THREAD_SINGLE, where another thread of this PE may still make it
  // true, so the job waits for such a PE.
  static void confirm() {
    if (waiting.confirm_blocked) transport::still_waiting();
  }
  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  // Where nothing arrives through MPI, a poll only serves this PE's own
  // outstanding operations: one in 64 rounds (a poll is an MPI call).
  static constexpr unsigned poll_rounds = 64;
  static constexpr unsigned spin_rounds = 256;
  // With more PEs than CPUs, spinning only delays the PE waited for: few
  // spins made the collectives of a crowded node faster
  // (docs/bench/notes.md, "Waiting").
  static constexpr unsigned crowded_spin_rounds = 4;
  static constexpr unsigned yield_rounds = 4096;
  unsigned rounds_ = 0;
  bool blocked_ = false;
};

// Waits until done() holds.
template <class Done> void wait_for(Done done) {
  Backoff backoff;
  while (!done()) backoff.pause();
}

} // namespace shmemi::node
