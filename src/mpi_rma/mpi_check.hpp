// Every MPI call of the program's threads goes through SHMEMI_MPI: a failure
// names the call, MPI's error text and the PE, then ends the job; and the
// call is counted, so that the progress thread knows to stay out of MPI.
#pragma once

#include <mpi.h>

#include <atomic>

namespace shmemi::mpi_rma {

[[noreturn]] void call_failed(int rc, const char *call, const char *function);

// Written by the program's threads, read by the progress thread. With one
// program thread at a time (SHMEM_THREAD_SERIALIZED or less) the counters
// need no atomic read-modify-write; under SHMEM_THREAD_MULTIPLE
// (`concurrent`, set at init before any other thread exists) they take one.
// Where MPI runs below MPI_THREAD_MULTIPLE with a progress thread
// (`serialized`: MPI_THREAD_SERIALIZED, docs/decisions/progress.md), the
// two threads never call MPI at once: each announces itself (`inside`,
// `poking`), fences, and looks at the other's word, so that at least one
// of them sees the other (Dekker's protocol); the program's thread waits
// for a poke under way, the progress thread skips its poke.
struct Activity {
  std::atomic<unsigned long> calls{0}; // MPI calls entered so far
  std::atomic<int> inside{0};          // calls running now (nested ones count too)
  std::atomic<bool> poking{false};     // the progress thread is in MPI
  bool concurrent = false;
  bool serialized = false;

  [[gnu::always_inline]] void enter() {
    if (concurrent) {
      calls.fetch_add(1, std::memory_order_relaxed);
      inside.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    calls.store(calls.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    inside.store(inside.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (serialized) [[unlikely]]
      wait_for_poke();
  }
  [[gnu::always_inline]] void leave() {
    if (concurrent)
      inside.fetch_sub(1, std::memory_order_release);
    else
      inside.store(inside.load(std::memory_order_relaxed) - 1, std::memory_order_release);
  }
  // The program's side: after announcing itself, waits until no poke runs.
  void wait_for_poke();
  // The progress thread's side: runs `poke` unless a program thread is in
  // MPI.
  template <class Poke> void poke_if_alone(Poke poke) {
    poking.store(true, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (inside.load(std::memory_order_acquire) == 0) poke();
    poking.store(false, std::memory_order_release);
  }
};

extern Activity activity;

template <class Call> inline void checked(Call call, const char *text, const char *function) {
  activity.enter();
  const int rc = call();
  activity.leave();
  if (rc != MPI_SUCCESS) [[unlikely]]
    call_failed(rc, text, function);
}

} // namespace shmemi::mpi_rma

#define SHMEMI_MPI(call) ::shmemi::mpi_rma::checked([&] { return (call); }, #call, __func__)

namespace shmemi::mpi_rma {

// A committed derived datatype that frees itself.
class Datatype {
public:
  explicit Datatype(MPI_Datatype t) : type_(t) { SHMEMI_MPI(MPI_Type_commit(&type_)); }
  ~Datatype() { SHMEMI_MPI(MPI_Type_free(&type_)); }
  Datatype(const Datatype &) = delete;
  Datatype &operator=(const Datatype &) = delete;
  MPI_Datatype get() const { return type_; }

private:
  MPI_Datatype type_;
};

} // namespace shmemi::mpi_rma
