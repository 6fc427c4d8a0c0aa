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
    // Now and then outside every entry: on a loaded machine the visitor
    // may run only when this thread gives up its core, which must then not
    // be inside an entry.
    if (entries % 4096 == 0) std::this_thread::yield();
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

TEST(Turns, AHolderWaitsForTheSectionAroundAVisit) {
  shmemi::Turns turns;
  turns.serialized = true;
  std::atomic<bool> in_section{false}, leave_section{false}, held{false};
  std::thread visitor([&] {
    EXPECT_TRUE(turns.unless_held([&] {
      in_section = true;
      while (!leave_section.load()) std::this_thread::yield();
      in_section = false;
    }));
  });
  while (!in_section.load()) std::this_thread::yield();
  std::thread holder([&] {
    turns.hold();
    held = true;
  });
  for (int i = 0; i < 1000; ++i) std::this_thread::yield();
  EXPECT_FALSE(held.load()) << "the holder went on while the visitor was in its section";
  leave_section = true;
  holder.join();
  visitor.join();
  EXPECT_TRUE(held.load());
  EXPECT_FALSE(turns.unless_held([] { ADD_FAILURE() << "a section ran while held"; }));
  turns.release();
  EXPECT_TRUE(turns.unless_held([] {}));
}

} // namespace
