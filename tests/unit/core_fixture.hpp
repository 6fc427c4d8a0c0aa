// What the core_*_test.cpp files share: a fixture that starts core on the
// fake backend (fake_backend.hpp) as one PE of a simulated job, and a poll
// hook that makes the simulated PEs of this node keep pace in node barriers.
#pragma once

#include <gtest/gtest.h>
#include <shmem.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/runtime.hpp"
#include "core/start.hpp"
#include "core/team.hpp"
#include "node/sync.hpp"
#include "node/node.hpp"
#include "fake_backend.hpp"

namespace coretest {

// PE my_pe of n_pes; node_pes share this node (empty: all of them).
inline fake::Config job(int my_pe, int n_pes, std::vector<int> node_pes = {}) {
  fake::Config c;
  c.my_pe = my_pe;
  c.n_pes = n_pes;
  c.node_pes = std::move(node_pes);
  return c;
}

// A mirror of node/sync.cpp's Slot (private there): the flags a team meets
// through, 64 slots after each heap.
struct FlagLine {
  alignas(64) std::uint64_t word;
};
struct alignas(64) StageMirror {
  std::uint64_t number;
  std::byte data[shmemi::node::stage_bytes];
};
struct alignas(4096) SlotMirror {
  FlagLine round[24];
  FlagLine value, epoch, pushed, arrived[2], staged, done, all_done;
  StageMirror stage[shmemi::node::stage_depth];
};
static_assert(sizeof(SlotMirror) == 20 << 10, "node/sync.cpp's Slot is 5 pages");

inline SlotMirror *slot_of(int world_pe, int slot) {
  char *flags = shmemi::memory::node_room(world_pe);
  return reinterpret_cast<SlotMirror *>(flags) + slot;
}

// The simulated PEs of this node do in each slot what this PE did: they
// arrive at its barriers (this PE's round flags reach its epoch), push to
// it in its pushed collectives (its arrival counts exceed any it awaits),
// post and finish its staged collectives, and post its value. Called from
// the waits (transport::poll), so a node collective completes instead of
// hanging.
inline void peers_keep_pace() {
  using shmemi::rt;
  for (int s = 0; s < 64; ++s) {
    SlotMirror *mine = slot_of(rt.my_pe, s);
    for (FlagLine &line : mine->round) line.word = mine->epoch.word;
    for (FlagLine &line : mine->arrived) line.word = std::uint64_t{1} << 62;
    const std::uint64_t staged = mine->staged.word;
    for (int pe = 0; pe < rt.n_pes; ++pe) {
      if (pe == rt.my_pe || shmemi::memory::mapping.heaps[static_cast<std::size_t>(pe)] == nullptr)
        continue;
      SlotMirror *theirs = slot_of(pe, s);
      theirs->stage[staged % shmemi::node::stage_depth].number = staged;
      theirs->done.word = staged;
      theirs->value.word = mine->value.word;
    }
  }
}

// Unsets every SHMEM_ and SMA_ variable, so that the tests see the
// defaults whatever environment runs them.
inline void clear_library_environment() {
  std::vector<std::string> names;
  for (char **var = environ; *var != nullptr; ++var) {
    const std::string entry(*var);
    if (entry.rfind("SHMEM_", 0) == 0 || entry.rfind("SMA_", 0) == 0)
      names.push_back(entry.substr(0, entry.find('=')));
  }
  for (const std::string &name : names) unsetenv(name.c_str());
}

class CoreTest : public ::testing::Test {
protected:
  // Starts core as shmem_init does; the calls of the start are forgotten.
  void start(const fake::Config &config) {
    clear_library_environment();             // e.g. SHMEM_FORCE_INTERNODE=1 of ctest's forced run
    setenv("SHMEM_SYMMETRIC_SIZE", "1M", 1); // the fake maps every PE's heap here
    fake::configure(config);
    fake::on_poll(peers_keep_pace);
    int provided = -1;
    shmemi::runtime_init("shmem_init", SHMEM_THREAD_SINGLE, &provided);
    ASSERT_EQ(provided, SHMEM_THREAD_SINGLE);
    fake::clear_calls();
  }
  void TearDown() override {
    if (shmemi::runtime_ready()) shmemi::runtime_finalize();
    fake::on_poll(nullptr);
  }

  // A place in the heap, the same offset on every PE.
  static char *heap_at(std::size_t offset) { return shmemi::memory::mapping.heap.base + offset; }
  static std::size_t count(const char *what) { return fake::calls_of(what).size(); }
  // A strided split of the world team, without a configuration.
  static int split_world(int start, int stride, int size, shmem_team_t *team) {
    return shmemi::team_split_strided("shmem_team_split_strided", SHMEM_TEAM_WORLD, start, stride,
                                      size, nullptr, 0, team);
  }
  // The 2-D split of the world team into rows of xrange PEs and columns.
  static int split_world_2d(int xrange, shmem_team_t *x, shmem_team_t *y) {
    return shmemi::team_split_2d("shmem_team_split_2d", SHMEM_TEAM_WORLD, xrange, {nullptr, 0, x},
                                 {nullptr, 0, y});
  }
};

} // namespace coretest
