// The turn-taking protocol (src/base/turns.hpp): a visitor never runs
// while an entry is inside, and an entry never proceeds while a visit runs.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "base/turns.hpp"

namespace {

TEST(Turns, EntriesAndVisitsNeverOverlap) {
  shmemi::Turns turns;
  turns.serialized = true;
  std::atomic<int> in_entry{0}, in_visit{0}, overlaps{0};
  std::atomic<bool> done{false};
  std::atomic<int> visits{0};
  std::thread visitor([&] {
    while (!done.load()) {
      visits += turns.visit_if_alone([&] {
        in_visit = 1;
        if (in_entry.load()) ++overlaps;
        in_visit = 0;
      });
    }
  });
  unsigned long entries = 0;
  for (; visits.load() < 500 && entries < 50000000; entries += 2) {
    turns.enter();
    turns.enter(); // nested
    in_entry = 1;
    if (in_visit.load()) ++overlaps;
    in_entry = 0;
    turns.leave();
    turns.leave();
  }
  done = true;
  visitor.join();
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_GT(visits, 0);
  EXPECT_EQ(turns.calls.load(), entries);
}

TEST(Turns, AnEntryThatNeverLeavesKeepsTheVisitorOut) {
  shmemi::Turns turns;
  turns.serialized = true;
  EXPECT_TRUE(turns.visit_if_alone([] {}));
  turns.enter();
  EXPECT_FALSE(turns.visit_if_alone([] { ADD_FAILURE() << "visited while inside"; }));
  turns.leave();
  EXPECT_TRUE(turns.visit_if_alone([] {}));
}

TEST(Turns, AHolderKeepsTheVisitorOutFromAnyThread) {
  shmemi::Turns turns;
  turns.serialized = true;
  std::thread holder([&] { turns.hold(); });
  holder.join();
  EXPECT_FALSE(turns.visit_if_alone([] { ADD_FAILURE() << "visited while held"; }));
  turns.release();
  EXPECT_TRUE(turns.visit_if_alone([] {}));
}

} // namespace
