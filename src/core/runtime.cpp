#include "core/runtime.hpp"

#include <shmem.h>

#include <pthread.h>

#include "base/report.hpp"
#include "core/checks.hpp"
#include "transport/job.hpp"

namespace shmemi {

Runtime rt;
__thread unsigned thread_generation = ~0U; // matches no generation

namespace {
// Fatal errors end the job through the transport (base/report.hpp), also
// those found before shmem_init.
const bool fatal_ends_job = (reporter.abort = abort_job, true);
} // namespace

void abort_job(int status) {
  rt.init_depth = 0; // the exit hook must not finalize while the job aborts
  transport::abort_job(status);
}

void thread_first_call(const char *routine) {
  if (!runtime_ready()) fail_not_initialized(routine);
  if (rt.watch_threads)
    entered_routine = routine;
  else
    thread_generation = rt.generation;
  if (rt.thread_level <= SHMEM_THREAD_FUNNELED &&
      pthread_equal(pthread_self(), rt.initializer) == 0)
    warn_thread_not_allowed(routine, rt.thread_level);
}

bool runtime_finalized_again(const char *routine) {
  if (runtime_ready() || !rt.finalized) return false;
  warn(routine, "called again after the library was finalized, with no shmem_init between: "
                "it does nothing");
  return true;
}

} // namespace shmemi
