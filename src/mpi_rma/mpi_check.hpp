// Every MPI call of the program's threads goes through SHMEMI_MPI: a failure
// names the call, MPI's error text and the PE, then ends the job; and the
// call is counted, so that the progress thread knows to stay out of MPI.
#pragma once

#include <mpi.h>

#include <chrono>
#include <mutex>

#include "base/turns.hpp"

namespace shmemi::mpi_rma {

[[noreturn]] void call_failed(int rc, const char *call, const char *function);

// The library's MPI calls (every one goes through SHMEMI_MPI) and the
// progress thread's pokes (progress.cpp): counted, so that the thread
// knows when the program computes, and, where MPI runs below
// MPI_THREAD_MULTIPLE with a thread (`serialized`), taking turns
// (base/turns.hpp; docs/decisions/progress.md says when that is sound).
// Under SHMEM_THREAD_MULTIPLE `concurrent` is set at init, before any
// other thread exists.
extern Turns activity;

// Below SHMEM_THREAD_MULTIPLE under SHMEM_DEBUG (`watch`): the library's
// MPI calls take a turn (recursive: an MPI call's arguments may make one),
// so that a program thread that calls while another is inside, which MPI
// below MPI_THREAD_MULTIPLE does not allow, is reported (once) and made to
// wait its turn, for a second at most (the other may wait for it).
struct Overlap {
  bool watch = false;
  std::recursive_timed_mutex turn;
  // Whether this thread holds the turn.
  bool enter(const char *function) {
    if (turn.try_lock()) return true;
    report(function);
    return turn.try_lock_for(std::chrono::seconds(1));
  }
  void leave(bool held) {
    if (held) turn.unlock();
  }
  static void report(const char *function);
};
extern Overlap overlap;

template <class Call> inline void checked(Call call, const char *text, const char *function) {
  const bool watched = overlap.watch;
  bool held = false;
  if (watched) [[unlikely]]
    held = overlap.enter(function);
  activity.enter();
  const int rc = call();
  activity.leave();
  if (watched) [[unlikely]]
    overlap.leave(held);
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
