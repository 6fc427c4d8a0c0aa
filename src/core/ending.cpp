#include "core/ending.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <sched.h>
#include <shmem.h>
#include <string>
#include <time.h>
#include <vector>

#include "base/report.hpp"
#include "core/runtime.hpp"
#include "transport/data_path.hpp"
#include "transport/job.hpp"

namespace shmemi {
namespace {

using Clock = std::chrono::steady_clock;
using transport::Ending;

// Ending::ending: 0 while running; how the PE ended otherwise (how_ended).
constexpr std::uint64_t in_finalize = 1;
constexpr std::uint64_t exiting = 2; // | status << 8

std::uint64_t how_ended(int exit_status) {
  return exit_status < 0 ? in_finalize
                         : exiting | static_cast<std::uint64_t>(exit_status & 0xff) << 8;
}

std::vector<Ending> endings() {
  std::vector<Ending> all(static_cast<std::size_t>(rt.n_pes));
  for (int pe = 0; pe < rt.n_pes; ++pe)
    all[static_cast<std::size_t>(pe)] = transport::ending_of(pe);
  return all;
}

// The CPU time in `record`'s sample if it was taken in the wait the PE is
// in now (transport::Ending::cpu).
std::optional<std::uint64_t> cpu_in_this_wait(const Ending &record) {
  constexpr int bits = Ending::cpu_bits;
  const std::uint64_t tag = record.waits & (~std::uint64_t{0} >> bits);
  if (record.cpu == 0 || record.cpu >> bits != tag) return std::nullopt;
  return record.cpu & ((std::uint64_t{1} << bits) - 1);
}

// Proof that no PE can go on (docs/decisions/end-of-job.md), from
// looks at every PE's record. `stopped_` is the first look at which every
// PE was at the end or blocked; `from_` a later one with the same waits
// everywhere, so every read of it came after every PE had stopped, and they
// stayed so. The job is stuck when, still with the same waits and at least
// `least` after stopped_, every blocked PE has confirmed since `from_` that
// it still waits: its wait found its condition false twice more (the first
// may have begun before from_'s read; the PEs at the end completed their
// operations before they said so), or, blocked in an MPI collective, which
// cannot re-check, its thread spent `cpu_us` of CPU time in it. A PE that
// gets no CPU confirms nothing, however long it takes.
class Watch {
public:
  Watch(Clock::duration least, std::uint64_t cpu_us, bool cpu_counts)
      : least_(least), cpu_us_(cpu_us), cpu_counts_(cpu_counts) {}

  bool stuck(const std::vector<Ending> &all) {
    if (!all_stopped(all)) {
      stopped_.reset();
      return false;
    }
    if (!stopped_ || waits_of(all) != waits_of(*stopped_)) {
      stopped_ = all;
      since_ = Clock::now();
      from_.reset();
      return false;
    }
    if (!from_) {
      from_ = all;
      return false;
    }
    if (Clock::now() - since_ < least_) return false;
    for (std::size_t pe = 0; pe < all.size(); ++pe)
      if (!confirmed((*from_)[pe], all[pe])) return false;
    return true;
  }

private:
  // Every PE at the end or blocked, and some not at the end (when all are,
  // the count of arrived PEs shows it).
  static bool all_stopped(const std::vector<Ending> &all) {
    bool someone_runs_on = false;
    for (const Ending &record : all) {
      if (record.ending == 0 && record.blocked == 0) return false;
      someone_runs_on |= record.ending == 0;
    }
    return someone_runs_on;
  }

  static std::vector<std::uint64_t> waits_of(const std::vector<Ending> &all) {
    std::vector<std::uint64_t> waits;
    for (const Ending &record : all) waits.push_back(record.waits);
    return waits;
  }

  bool confirmed(const Ending &then, const Ending &now) const {
    if (now.ending != 0 || now.checks >= then.checks + 2) return true;
    const std::optional<std::uint64_t> before = cpu_in_this_wait(then);
    const std::optional<std::uint64_t> after = cpu_in_this_wait(now);
    return cpu_counts_ && before && after && *after >= *before + cpu_us_;
  }

  Clock::duration least_;
  std::uint64_t cpu_us_;
  bool cpu_counts_;
  std::optional<std::vector<Ending>> stopped_;
  std::optional<std::vector<Ending>> from_;
  Clock::time_point since_;
};

// "PE 1 (status 0), PE 3 (status 2)": the PEs whose record matches.
template <class Match, class Describe>
std::string pes_where(const std::vector<Ending> &all, Match match, Describe describe) {
  std::string text;
  for (std::size_t pe = 0; pe < all.size(); ++pe) {
    if (!match(all[pe])) continue;
    if (!text.empty()) text += ", ";
    text += "PE " + std::to_string(pe) + describe(all[pe]);
  }
  return text;
}

[[noreturn]] void end_stuck_job(const std::vector<Ending> &all) {
  const auto none = [](const Ending &) { return std::string(); };
  const std::string exited = pes_where(
      all, [](const Ending &r) { return (r.ending & 0xff) == exiting; },
      [](const Ending &r) { return " (status " + std::to_string(r.ending >> 8) + ")"; });
  const std::string finalizing = pes_where(
      all, [](const Ending &r) { return r.ending == in_finalize; }, none);
  const std::string blocked = pes_where(
      all, [](const Ending &r) { return r.ending == 0; }, none);
  std::string where = "blocked in OpenSHMEM routines that wait for other PEs: " + blocked;
  if (!exited.empty()) where += "; ended without calling shmem_finalize: " + exited;
  if (!finalizing.empty()) where += "; in shmem_finalize: " + finalizing;
  const bool finalizing_here = all[static_cast<std::size_t>(rt.my_pe)].ending == in_finalize;
  fatal(finalizing_here ? "shmem_finalize" : "exit",
        "the job cannot end: %s; the blocked PEs confirmed that they still wait, with no PE "
        "left that could release them: ending every PE with status 1",
        where.c_str());
}

// The lowest-numbered PE at the end reports, so that the message is printed once.
bool reports_stuck_job(const std::vector<Ending> &all) {
  for (std::size_t pe = 0; pe < all.size(); ++pe)
    if (all[pe].ending != 0) return static_cast<int>(pe) == rt.my_pe;
  return false;
}

// A pause of the end's loop: this PE still serves MPI operations that
// target it (transport::poll), without taking a CPU from running PEs.
void pause(unsigned round) {
  transport::poll();
  const timespec nap{0, round < 64 ? 0 : 50000};
  if (nap.tv_nsec == 0)
    sched_yield();
  else
    nanosleep(&nap, nullptr);
}

} // namespace

void meet_at_end(int exit_status) {
  transport::quiet_all();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  transport::set_ending(how_ended(exit_status));
  transport::count_blocked(1);
  transport::arrive_at_end();
  const auto limit = std::chrono::seconds(rt.config.deadlock_timeout);
  // A collective's confirmation: a tenth of the timeout of its thread's
  // CPU time (200 ms by default), thousands of times what a collective
  // whose members arrived needs, and reached in seconds even by a thread
  // that yields to a CPU hog (MPIs that are oversubscribed yield in their
  // polling); a longer timeout asks more, for jobs with long collectives.
  // Only at SHMEM_THREAD_SINGLE: above it the thread that a PE's progress
  // thread samples may not be the one in the collective (the PEs of a job
  // run at one level, as SPMD programs do).
  Watch watch(limit, std::uint64_t{100000} * rt.config.deadlock_timeout,
              rt.thread_level == SHMEM_THREAD_SINGLE);
  Clock::time_point next_look = Clock::now();
  for (unsigned round = 0; transport::arrived_at_end() < rt.n_pes; ++round) {
    for (unsigned i = 0; i < (round < 64 ? 1 : 20); ++i) pause(round); // ~1 ms between counts
    if (limit.count() == 0 || Clock::now() < next_look) continue;
    next_look = Clock::now() + std::chrono::milliseconds(200);
    const std::vector<Ending> all = endings();
    if (watch.stuck(all) && reports_stuck_job(all)) end_stuck_job(all);
  }
  transport::count_blocked(-1);
}

} // namespace shmemi
