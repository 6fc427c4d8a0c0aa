#include "core/ending.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>
#include <sched.h>
#include <time.h>

#include "base/report.hpp"
#include "core/runtime.hpp"
#include "port/transport.hpp"

namespace shmemi {
namespace {

using Clock = std::chrono::steady_clock;
using transport::Life;

// Life::ending: 0 while running; how the PE ended otherwise.
constexpr std::uint64_t in_finalize = 1;
constexpr std::uint64_t exiting = 2; // | status << 8

std::uint64_t ending_word(int exit_status) {
  return exit_status < 0 ? in_finalize
                         : exiting | static_cast<std::uint64_t>(exit_status & 0xff) << 8;
}

std::vector<Life> lives() {
  std::vector<Life> all(static_cast<std::size_t>(rt.n_pes));
  for (int pe = 0; pe < rt.n_pes; ++pe) all[static_cast<std::size_t>(pe)] = transport::life_of(pe);
  return all;
}

// Whether every PE has been at the end or blocked, with the same count of
// waits, for `limit`: then nothing that runs can release the blocked ones.
class Watch {
public:
  explicit Watch(Clock::duration limit) : limit_(limit) {}

  bool stuck(const std::vector<Life> &all) {
    bool someone_runs_on = false;
    std::vector<std::uint64_t> waits;
    for (const Life &life : all) {
      if (life.ending == 0 && life.blocked == 0) return restart();
      someone_runs_on |= life.ending == 0;
      waits.push_back(life.waits);
    }
    if (!someone_runs_on) return restart(); // everyone is here: the count will show it
    const Clock::time_point now = Clock::now();
    if (waits != waits_ || !since_) {
      waits_ = std::move(waits);
      since_ = now;
      return false;
    }
    return now - *since_ >= limit_;
  }

private:
  bool restart() {
    since_.reset();
    return false;
  }

  Clock::duration limit_;
  std::vector<std::uint64_t> waits_;
  std::optional<Clock::time_point> since_;
};

// "PE 1 (status 0), PE 3 (status 2)": the PEs whose record matches.
template <class Match, class Describe>
std::string pes_where(const std::vector<Life> &all, Match match, Describe describe) {
  std::string text;
  for (std::size_t pe = 0; pe < all.size(); ++pe) {
    if (!match(all[pe])) continue;
    if (!text.empty()) text += ", ";
    text += "PE " + std::to_string(pe) + describe(all[pe]);
  }
  return text;
}

[[noreturn]] void end_stuck_job(const std::vector<Life> &all) {
  const auto none = [](const Life &) { return std::string(); };
  const std::string exited = pes_where(
      all, [](const Life &l) { return (l.ending & 0xff) == exiting; },
      [](const Life &l) { return " (status " + std::to_string(l.ending >> 8) + ")"; });
  const std::string finalizing =
      pes_where(all, [](const Life &l) { return l.ending == in_finalize; }, none);
  const std::string blocked =
      pes_where(all, [](const Life &l) { return l.ending == 0; }, none);
  std::string where = "blocked in OpenSHMEM routines that wait for other PEs: " + blocked;
  if (!exited.empty()) where += "; ended without calling shmem_finalize: " + exited;
  if (!finalizing.empty()) where += "; in shmem_finalize: " + finalizing;
  const bool finalizing_here = all[static_cast<std::size_t>(rt.my_pe)].ending == in_finalize;
  fatal(finalizing_here ? "shmem_finalize" : "exit",
        "the job cannot end: %s; nothing changed for %zu s (SHMEM_DEADLOCK_TIMEOUT): ending "
        "every PE with status 1", where.c_str(), rt.config.deadlock_timeout);
}

// The lowest-numbered PE at the end reports, so that the message is printed once.
bool reports_stuck_job(const std::vector<Life> &all) {
  for (std::size_t pe = 0; pe < all.size(); ++pe)
    if (all[pe].ending != 0) return static_cast<int>(pe) == rt.my_pe;
  return false;
}

// A pause of the end's loop: this PE still serves MPI operations that
// target it (transport::poll), without taking a CPU from running PEs.
void pause(unsigned round) {
  transport::poll();
  const timespec nap{0, round < 64 ? 0 : 50000};
  if (nap.tv_nsec == 0) sched_yield(); else nanosleep(&nap, nullptr);
}

} // namespace

void meet_at_end(int exit_status) {
  transport::quiet_all();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  transport::set_ending(ending_word(exit_status));
  transport::block(1);
  transport::arrive_at_end();
  const auto limit = std::chrono::seconds(rt.config.deadlock_timeout);
  Watch watch(limit);
  Clock::time_point next_look = Clock::now();
  for (unsigned round = 0; transport::arrived_at_end() < rt.n_pes; ++round) {
    for (unsigned i = 0; i < (round < 64 ? 1 : 20); ++i) pause(round); // ~1 ms between counts
    if (limit.count() == 0 || Clock::now() < next_look) continue;
    next_look = Clock::now() + std::chrono::milliseconds(200);
    const std::vector<Life> all = lives();
    if (watch.stuck(all) && reports_stuck_job(all)) end_stuck_job(all);
  }
  transport::block(-1);
}

} // namespace shmemi
