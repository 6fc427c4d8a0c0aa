// The progress thread. Both MPIs here leave some one-sided operations
// waiting for the target to enter MPI (MPICH: accumulates on MPI_Win_allocate
// windows; Open MPI: accumulates on dynamic windows and with osc/ucx). The
// spec wants them to complete while the target computes, so a thread of the
// library calls into MPI at a fixed interval, sleeping in between.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <string>
#include <thread>
#include <time.h>

#include "base/report.hpp"
#include "mpi_rma/callers.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/hybrid.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/progress.hpp"
#include "mpi_rma/progress_plan.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

Turns activity;

namespace {

// Not a plain global: a joinable std::thread destroyed at exit (MPI_Abort
// calls exit) would terminate the process.
std::thread *worker = nullptr;
std::atomic<bool> running{false};
MPI_Comm progress_comm = MPI_COMM_NULL; // nothing is ever sent on it
transport::StartRequest request_{};     // what shmem_init asked (progress_plan)
ProgressPlan plan;                      // what it needs, before MPI started
bool pokes = false;                     // the thread calls into MPI

// Calls into MPI after every interval in which the program neither entered
// MPI nor was inside it (it computes). While the program is busy in MPI the
// thread sleeps `active_period` intervals at a time and then calls in once
// if the program is between calls at that moment: its own calls do not
// always move incoming operations along (Open MPI osc/ucx: a PE spinning
// on shmem_test_lock never served another PE's accumulate until this
// thread called in), but a poke while the program is inside MPI contends
// with it (Open MPI binds both threads to one core, and a poke that found
// the program's thread holding the UCX worker spun until the scheduler
// preempted that thread, which made a forced inter-node fetch-add far
// slower than raw MPI's). Waking every interval to look slowed MPICH's
// forced inter-node put + quiet; the long sleeps removed most of that
// (docs/bench/notes.md, "Progress").
constexpr unsigned active_period = 10;

// When every PE is on this node, operations reach this PE through MPI only
// for its static data (heaps are mapped, heap AMOs are CPU atomics), and
// their senders set the wake-up flag. The thread then calls in only during
// `linger` intervals after it saw the flag: a poke costs the program
// (Open MPI binds the thread to the program's core, where pokes slowed a
// put loop: docs/bench/notes.md, "Progress").
constexpr unsigned linger = 50;
std::atomic<int> *wake_flag = nullptr;
// From the start, the thread calls in as it would without the flag for
// `linger` pokes. Found with tests/pe/amo_progress (Open MPI osc/ucx;
// docs/bench/notes.md, "Progress"): a thread whose first call came only
// after a static fetch-add reached this PE while the program computed did
// not complete it until the program called in; a thread that called in
// during start-up completes it at once, even with no further poke.
unsigned wanted_for = 0;

// Whether the thread is in its start-up pokes, or was woken, or has no
// flag. Otherwise it sleeps `active_period` intervals at a time: every
// wake-up costs the program, even where it leads to few pokes
// (docs/bench/notes.md, "Progress").
bool pokes_pending() {
  return wake_flag == nullptr || wanted_for > 0 ||
         wake_flag->load(std::memory_order_relaxed) != 0 ||
         collectives_in_flight.load(std::memory_order_relaxed) != 0;
}

// Whether incoming operations may need a poke now.
bool pokes_wanted() {
  if (wake_flag == nullptr || collectives_in_flight.load(std::memory_order_relaxed) != 0)
    return true;
  if (wake_flag->load(std::memory_order_relaxed) != 0) {
    wake_flag->store(0, std::memory_order_relaxed);
    wanted_for = linger;
  }
  if (wanted_for == 0) return false;
  --wanted_for;
  return true;
}

// The CPU clock of the thread that started the library, and whether it
// was found. A thread blocked in an MPI collective cannot re-check anything
// itself, so the end-of-job check (core/ending.cpp) takes the CPU time it
// spends there as its confirmation: a collective whose members all arrived
// completes in microseconds of their CPU, while one that waits for a PE
// that will never call it keeps its callers polling in MPI (both MPIs busy-
// poll), and a PE that gets no CPU accrues none, so the job waits for it.
// Sampling here costs the collectives nothing (they were tuned to near raw
// MPI's cost; a nonblocking call and a test loop would cost them). The
// thread that started the library is the one that calls it at
// SHMEM_THREAD_SINGLE and FUNNELED; under SHMEM_THREAD_MULTIPLE nothing is
// sampled, and core/ending.cpp takes samples only at SINGLE.
clockid_t program_clock;
bool program_clock_known = false;

// While a thread of this PE is blocked, publishes the program thread's CPU
// time in the ending record (transport::Ending::cpu): one clock read per
// wake-up of this thread, none while the PE runs.
void sample_cpu() {
  if (!program_clock_known || activity.concurrent) return;
  if (__atomic_load_n(ending_word(offsetof(transport::Ending, blocked)), __ATOMIC_ACQUIRE) == 0)
    return;
  // `waits` before the clock: a wait that begins in between gets no sample
  // taken before it.
  const std::uint64_t waits =
      __atomic_load_n(ending_word(offsetof(transport::Ending, waits)), __ATOMIC_ACQUIRE);
  timespec used{};
  if (clock_gettime(program_clock, &used) != 0) return; // the thread has ended
  constexpr int bits = transport::Ending::cpu_bits;
  const std::uint64_t us = static_cast<std::uint64_t>(used.tv_sec) * 1000000 +
                           static_cast<std::uint64_t>(used.tv_nsec) / 1000;
  __atomic_store_n(ending_word(offsetof(transport::Ending, cpu)),
                   waits << bits | (us & ((std::uint64_t{1} << bits) - 1)), __ATOMIC_RELEASE);
}

// Whether the thread may go on calling MPI. Below MPI_THREAD_MULTIPLE it
// calls in only when no library call is inside MPI (Turns) and no object
// that may call MPI unseen has come into the process (callers.hpp).
bool poke() {
  const auto iprobe = [] {
    int flag = 0;
    const int rc = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_comm, &flag, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) call_failed(rc, "MPI_Iprobe", "progress thread");
  };
  if (!activity.serialized) {
    iprobe();
    return true;
  }
  // The dynamic linker's lock is taken outside the visit (a program's MPI
  // call never waits for it) but inside the section a fork waits for.
  std::string caller;
  bool go_on = true;
  activity.unless_held([&] {
    go_on = poke_unless_other_caller([&] { activity.visit_if_alone(iprobe); }, caller) ||
            caller.empty();
  });
  if (go_on) return true;
  debug("progress thread",
        "progress: the thread stops calling MPI for good: %s, and MPI runs below "
        "MPI_THREAD_MULTIPLE; operations through MPI now complete when their target calls "
        "the library",
        caller.c_str());
  return false;
}

void sampling_loop(std::chrono::microseconds);

void progress_loop(std::chrono::microseconds interval) {
  unsigned long seen = activity.calls.load(std::memory_order_relaxed);
  bool long_sleep = false;
  while (running.load(std::memory_order_acquire)) {
    std::this_thread::sleep_for(long_sleep || !pokes_pending() ? interval * active_period
                                                               : interval);
    const unsigned long now = activity.calls.load(std::memory_order_relaxed);
    const bool inside = activity.inside.load(std::memory_order_acquire) > 0;
    const bool busy = now != seen || inside;
    seen = now;
    if ((!busy || (long_sleep && !inside)) && pokes_wanted() && !poke())
      return sampling_loop(interval);
    long_sleep = busy;
    sample_cpu();
  }
}

// Without pokes, the thread only samples the CPU time of a blocked
// program thread (the end-of-job check needs it), 10 times within the
// tenth of SHMEM_DEADLOCK_TIMEOUT it looks for at the least.
void sampling_loop(std::chrono::microseconds) {
  while (running.load(std::memory_order_acquire)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    sample_cpu();
  }
}

const char *level_name(int level) {
  return level == MPI_THREAD_MULTIPLE     ? "MPI_THREAD_MULTIPLE"
         : level == MPI_THREAD_SERIALIZED ? "MPI_THREAD_SERIALIZED"
         : level == MPI_THREAD_FUNNELED   ? "MPI_THREAD_FUNNELED"
                                          : "MPI_THREAD_SINGLE";
}

// Why operations through MPI that wait for their target get no thread.
std::string why_no_thread(int provided) {
  const std::string level = level_name(provided);
  if (!plan.thread)
    return "the plan made before MPI started found none needed, but some PEs of this node "
           "could not map each other's memory (SHMEM_DEBUG's heap lines say why), and MPI at " +
           level + " allows no thread";
  if (!library_started_mpi() || program_holds_mpi())
    return "the program started MPI itself at " + level +
           ", and a thread besides its MPI calls needs MPI_THREAD_MULTIPLE (with "
           "SHMEM_PROGRESS=thread an MPI_Init that reaches this library asks for it)";
  return "the thread needs MPI_THREAD_MULTIPLE (" + plan.why + "), and MPI gave " + level;
}

// How operations through MPI complete here: the SHMEM_DEBUG line of
// every PE, and with SHMEM_INFO PE 0's.
void report_progress(int provided, bool wanted) {
  const std::string level = level_name(provided);
  std::string text;
  if (pokes)
    text = "a thread calls into MPI every " + std::to_string(request_.progress_us) + " us (" +
           plan.why + "); MPI at " + level +
           (activity.serialized ? ", the thread's calls and the library's taking turns" : "");
  else if (!wanted)
    text = "no thread (" +
           (plan.thread ? std::string("every PE maps all of the others' memory") : plan.why) +
           "); MPI at " + level;
  else
    text = "no thread: " + why_no_thread(provided) +
           "; operations through MPI complete when their target calls the library";
  debug(Call::routine_or("shmem_init"), "progress: %s", text.c_str());
  if (request_.info && world.my_pe == 0) std::printf("PE 0's progress: %s\n", text.c_str());
}

// A poke holds the dynamic linker's list (callers.hpp) and runs in MPI: a
// fork during one would leave the child a lock that no thread of it will
// release. The forking thread waits for a poke under way and keeps the
// next out until the fork is done (registered once; a child has no
// progress thread).
void hold_pokes_across_fork() {
  static const bool registered =
      pthread_atfork([] { activity.hold(); }, [] { activity.release(); },
                     [] { activity.held.store(0, std::memory_order_relaxed); }) == 0;
  if (!registered) debug("shmem_init", "progress: pthread_atfork failed; a fork may meet a poke");
}

} // namespace

int progress_plan(const transport::StartRequest &request) {
  request_ = request;
  plan = plan_progress(request, [](const char *name) -> const char * { return std::getenv(name); });
  return mpi_thread_level(request.thread_level, plan);
}

void progress_start(bool windows, std::atomic<int> *wake) {
  int provided = MPI_THREAD_SINGLE;
  SHMEMI_MPI(MPI_Query_thread(&provided));
  wake_flag = wake;
  wanted_for = linger;
  // On every PE, thread or not: the copy is collective, and whether a PE
  // wants the thread depends on its own environment.
  SHMEMI_MPI(MPI_Comm_dup(world.comm, &progress_comm));
  // Operations through MPI wait for their target where the plan says so,
  // or where PEs of a node the plan counted as mapped are not.
  const bool wanted = plan.thread ? windows || request_.progress != Progress::automatic
                                  : windows && request_.progress == Progress::automatic;
  // Below MPI_THREAD_MULTIPLE the thread calls into MPI only where the
  // plan found that every MPI call of the process is the library's
  // (callers.hpp), the library started MPI and the program did not.
  const bool multiple = provided == MPI_THREAD_MULTIPLE;
  const bool turns = plan.thread && !plan.multiple && provided >= MPI_THREAD_SERIALIZED &&
                     library_started_mpi() && !program_holds_mpi();
  pokes = wanted && (multiple || turns);
  activity.serialized = pokes && !multiple;
  if (activity.serialized) {
    mpi_objects_accepted();
    hold_pokes_across_fork();
  }
  report_progress(provided, wanted);
  const bool sampling = !activity.concurrent && request_.progress_us > 0;
  if (!pokes && !sampling) return;
  program_clock_known = pthread_getcpuclockid(pthread_self(), &program_clock) == 0;
  running.store(true, std::memory_order_release);
  worker = new std::thread(pokes ? progress_loop : sampling_loop,
                           std::chrono::microseconds(request_.progress_us));
}

void progress_stop() {
  if (worker != nullptr) {
    running.store(false, std::memory_order_release);
    worker->join();
    delete worker;
    worker = nullptr;
  }
  SHMEMI_MPI(MPI_Comm_free(&progress_comm));
}

} // namespace shmemi::mpi_rma
