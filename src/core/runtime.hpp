// The library's process-wide state (its start and end: core/start.hpp).
#pragma once

#include <pthread.h>

#include "base/config.hpp"

namespace shmemi {

struct Runtime {
  Config config;
  int my_pe = -1;
  int n_pes = 0;
  int init_depth = 0;         // initializations not yet matched by a finalize
  int thread_level = 0;       // SHMEM_THREAD_* provided
  bool finalized = false;     // the last initialization was matched by shmem_finalize
  unsigned generation = 0;    // while initialized, a number of its own for each start; else 0
  bool watch_threads = false; // SHMEM_DEBUG below SHMEM_THREAD_MULTIPLE: every call checked
  pthread_t initializer{};    // the thread that started the library
};

extern Runtime rt;

// A shmem_finalize after the library was finalized, with no shmem_init
// between: says so (a warning) and whether that is the case, so that the
// call does nothing, as other implementations do.
bool runtime_finalized_again(const char *routine);

// Ends every PE of the job with `status` (shmem_global_exit, fatal errors).
[[noreturn]] void abort_job(int status);

inline bool runtime_ready() { return rt.init_depth > 0; }

// The start (rt.generation) in which this thread's calls were checked:
// set by the first call of each thread after each start (thread_first_call)
// and for the initializing thread by init; no generation before.
extern __thread unsigned thread_generation __attribute__((tls_model("initial-exec")));
// A thread's first call in a start (every call, with rt.watch_threads,
// which keeps entered_routine): ends the job if the library is not
// initialized; at SHMEM_THREAD_SINGLE or _FUNNELED a thread other than the
// initializing one is reported, once a PE.
void thread_first_call(const char *routine);

// Initialized, and this thread checked against the thread level: one
// compare once a thread has made a call.
inline void require_init(const char *routine) {
  if (thread_generation != rt.generation) [[unlikely]]
    thread_first_call(routine);
}

} // namespace shmemi
