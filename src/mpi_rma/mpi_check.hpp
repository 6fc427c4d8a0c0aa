// Every MPI call of the program's threads goes through SHMEMI_MPI: a failure
// names the call, MPI's error text and the PE, then ends the job; and the
// call is counted, so that the progress thread knows to stay out of MPI.
#pragma once

#include <mpi.h>

#include <atomic>

namespace shmemi::mpi {

[[noreturn]] void call_failed(int rc, const char *call, const char *function);

// Written only by the program's thread (the library provides at most
// SHMEM_THREAD_SERIALIZED), read by the progress thread.
struct Activity {
  std::atomic<unsigned long> calls{0}; // MPI calls entered so far
  std::atomic<bool> inside{false};     // a call is running now

  void enter() {
    calls.store(calls.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    inside.store(true, std::memory_order_relaxed);
  }
  void leave() { inside.store(false, std::memory_order_release); }
};

extern Activity activity;

template <class Call> inline void checked(Call call, const char *text, const char *function) {
  activity.enter();
  const int rc = call();
  activity.leave();
  if (rc != MPI_SUCCESS) [[unlikely]]
    call_failed(rc, text, function);
}

} // namespace shmemi::mpi

#define SHMEMI_MPI(call) ::shmemi::mpi::checked([&] { return (call); }, #call, __func__)
