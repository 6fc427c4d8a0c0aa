// Dispatch of collectives (src/core/coll.cpp): a team whose members all
// share this node meets through shared memory (node/coll.cpp; the
// simulated peers keep pace through the poll hook) and calls no transport
// collective; any other team calls the transport on its own Group.
#include "core_fixture.hpp"

#include <cstring>

#include "core/coll.hpp"
#include "core/order.hpp"
#include "core/p2p.hpp"

namespace {

using shmemi::Elem;
using shmemi::Kind;
using shmemi::Op;

constexpr Elem int_elem{Kind::sint, sizeof(int)};
constexpr std::size_t big = 512; // ints: 2 KiB, past the staging buffers

// The transport's collectives (not its puts, quiets or comm calls).
std::size_t transport_collectives() {
  std::size_t n = 0;
  for (const char *what : {"team_sync", "broadcast", "gather_sizes", "gather_blocks", "alltoall",
                           "reduce", "sum_scan", "sync_all"})
    n += fake::calls_of(what).size();
  return n;
}

class Coll : public coretest::CoreTest {
protected:
  static int *ints_at(char *base, std::size_t offset) {
    return reinterpret_cast<int *>(base + offset);
  }
  // Every PE's source at `offset` holds its PE number + 1 (all `big` ints).
  static void fill_sources(std::size_t offset) {
    for (int pe = 0; pe < shmemi::rt.n_pes; ++pe)
      for (std::size_t i = 0; i < big; ++i) ints_at(fake::heap_of(pe), offset)[i] = pe + 1;
  }
  shmem_team_t split(int start, int stride, int size) {
    shmem_team_t team = SHMEM_TEAM_INVALID;
    EXPECT_EQ(split_world(start, stride, size, &team), 0);
    fake::clear_calls();
    return team;
  }
};

// ---- every PE on this node ----------------------------------------------------

class CollOnNode : public Coll {
protected:
  void SetUp() override { start(coretest::job(1, 4)); }
};

TEST_F(CollOnNode, BarrierMeetsInSharedMemory) {
  const std::uint64_t epoch = coretest::slot_of(1, shmemi::node::world_slot)->epoch.word;
  shmemi::coll_sync("shmem_team_sync", *SHMEM_TEAM_WORLD);
  EXPECT_EQ(coretest::slot_of(1, shmemi::node::world_slot)->epoch.word, epoch + 1);
  // It told PE 2 (distance 1) and PE 3 (distance 2) that it arrived.
  EXPECT_EQ(coretest::slot_of(2, shmemi::node::world_slot)->round[0].word, epoch + 1);
  EXPECT_EQ(coretest::slot_of(3, shmemi::node::world_slot)->round[1].word, epoch + 1);
  EXPECT_TRUE(fake::calls().empty());
}

TEST_F(CollOnNode, ReductionReadsEveryMembersHeap) {
  fill_sources(0);
  int *dest = ints_at(heap_at(0), 4096);
  shmemi::coll_reduce("shmem_int_sum_reduce", *SHMEM_TEAM_WORLD, dest, heap_at(0), big, int_elem,
                      Op::sum);
  EXPECT_EQ(dest[0], 1 + 2 + 3 + 4);
  EXPECT_EQ(dest[big - 1], 10);
  EXPECT_EQ(transport_collectives(), 0u);
}

TEST_F(CollOnNode, InPlaceReduction) {
  fill_sources(0);
  shmemi::coll_reduce("shmem_int_max_reduce", *SHMEM_TEAM_WORLD, heap_at(0), heap_at(0), big,
                      int_elem, Op::max);
  EXPECT_EQ(ints_at(heap_at(0), 0)[big / 2], 4);
  EXPECT_EQ(transport_collectives(), 0u);
}

TEST_F(CollOnNode, BroadcastCopiesTheRootsSource) {
  for (std::size_t i = 0; i < big; ++i) ints_at(fake::heap_of(3), 0)[i] = static_cast<int>(i);
  int *dest = ints_at(heap_at(0), 8192);
  shmemi::coll_broadcast("shmem_broadcastmem", *SHMEM_TEAM_WORLD, dest, heap_at(0),
                         big * sizeof(int), 1, 3, shmemi::RootDest::updated);
  EXPECT_EQ(dest[7], 7);
  EXPECT_EQ(dest[big - 1], static_cast<int>(big - 1));
  EXPECT_EQ(transport_collectives(), 0u);
}

// Small data goes through the staging buffers: still no transport.
TEST_F(CollOnNode, SmallReductionIsStaged) {
  shmemi::coll_reduce("shmem_int_sum_reduce", *SHMEM_TEAM_WORLD, heap_at(64), heap_at(0), 4,
                      int_elem, Op::sum);
  EXPECT_EQ(coretest::slot_of(1, shmemi::node::world_slot)->staged.word, 1u);
  EXPECT_EQ(transport_collectives(), 0u);
}

// ---- PEs 0 and 1 on this node, 2 and 3 elsewhere --------------------------------

class CollMixed : public Coll {
protected:
  void SetUp() override { start(coretest::job(1, 4, {0, 1})); }

  // The one call of that name (an empty Call, and a failure, if not one).
  static fake::Call only(const char *what) {
    const std::vector<fake::Call> found = fake::calls_of(what);
    EXPECT_EQ(found.size(), 1u) << what;
    return found.size() == 1 ? found[0] : fake::Call{};
  }
};

TEST_F(CollMixed, WorldBarrierIsTheTransports) {
  shmemi::coll_sync("shmem_team_sync", *SHMEM_TEAM_WORLD);
  EXPECT_EQ(only("team_sync").comm, SHMEM_TEAM_WORLD->comm);
  EXPECT_EQ(fake::calls().size(), 1u);
}

// An MPI failure inside the transport names the routine the program
// called: the barriers and syncs through the transport, and the polls of
// the waits and tests, run inside a Call; none is left set after them.
TEST_F(CollMixed, TransportCallsKnowTheRoutine) {
  shmemi::barrier_all("shmem_barrier_all");
  EXPECT_EQ(only("quiet_all").routine, "shmem_barrier_all");
  EXPECT_EQ(only("sync_all").routine, "shmem_barrier_all");
  fake::clear_calls();
  shmemi::sync_all("shmem_sync_all");
  EXPECT_EQ(only("sync_all").routine, "shmem_sync_all");
  shmemi::coll_sync("shmem_team_sync", *SHMEM_TEAM_WORLD);
  EXPECT_EQ(only("team_sync").routine, "shmem_team_sync");
  auto *ivar = reinterpret_cast<long *>(heap_at(0));
  *ivar = 0;
  const shmemi::IvarArgs test{"shmem_long_test", "ivar", 1, nullptr, nullptr, 0};
  EXPECT_TRUE(shmemi::test_all(shmemi::ivar_set<long>(test, ivar, SHMEM_CMP_EQ, nullptr, 0)));
  EXPECT_EQ(fake::last_poll_routine(), "shmem_long_test");
  fake::on_poll([ivar] { *ivar = 1; }); // a peer's put, delivered by a poll
  const shmemi::IvarArgs wait{"shmem_long_wait_until", "ivar", 1, nullptr, nullptr, 0};
  shmemi::wait_all(shmemi::ivar_set<long>(wait, ivar, SHMEM_CMP_EQ, nullptr, 1));
  EXPECT_EQ(fake::last_poll_routine(), "shmem_long_wait_until");
  EXPECT_STREQ(shmemi::Call::routine_or("none"), "none");
}

TEST_F(CollMixed, WorldReductionOnTheWorldComm) {
  fill_sources(0);
  int *dest = ints_at(heap_at(0), 4096);
  shmemi::coll_reduce("shmem_int_sum_reduce", *SHMEM_TEAM_WORLD, dest, heap_at(0), big, int_elem,
                      Op::sum);
  const fake::Call call = only("reduce");
  EXPECT_EQ(call.comm, SHMEM_TEAM_WORLD->comm);
  EXPECT_EQ(call.bytes, big * sizeof(int));
  EXPECT_EQ(dest[0], 2); // the fake's answer: this PE's data alone
}

TEST_F(CollMixed, BroadcastNamesTheRoot) {
  shmemi::coll_broadcast("shmem_broadcastmem", *SHMEM_TEAM_WORLD, heap_at(64), heap_at(0), 16, 1, 2,
                         shmemi::RootDest::updated);
  const fake::Call call = only("broadcast");
  EXPECT_EQ(call.comm, SHMEM_TEAM_WORLD->comm);
  EXPECT_EQ(call.pe, 2);
  EXPECT_EQ(call.bytes, 16u);
}

TEST_F(CollMixed, FcollectPlacesThisPesBlock) {
  std::memcpy(heap_at(0), "pe1", 4);
  shmemi::coll_collect("shmem_fcollectmem", *SHMEM_TEAM_WORLD, heap_at(64), heap_at(0), 4, 1, true);
  EXPECT_EQ(count("gather_sizes"), 0u); // fixed sizes need no exchange
  EXPECT_EQ(only("gather_blocks").comm, SHMEM_TEAM_WORLD->comm);
  EXPECT_STREQ(heap_at(64 + 4), "pe1"); // block 1 of 4
}

TEST_F(CollMixed, CollectGathersSizesFirst) {
  shmemi::coll_collect("shmem_collectmem", *SHMEM_TEAM_WORLD, heap_at(64), heap_at(0), 8, 1, false);
  ASSERT_EQ(fake::calls().size(), 2u);
  EXPECT_EQ(fake::calls()[0].what, "gather_sizes");
  EXPECT_EQ(fake::calls()[1].what, "gather_blocks");
}

TEST_F(CollMixed, AlltoallAndScanOnTheTeamsComm) {
  const shmem_team_t team = split(1, 1, 3); // world 1, 2, 3: off the node
  ASSERT_FALSE(team->on_node);
  shmemi::coll_alltoall("shmem_alltoallmem", *team, heap_at(256), heap_at(0), 1, 1, 8, 1);
  shmemi::coll_scan("shmem_int_sum_inscan", *team, heap_at(512), heap_at(0), 4, int_elem, true);
  EXPECT_EQ(only("alltoall").comm, team->comm);
  EXPECT_EQ(only("sum_scan").comm, team->comm);
}

// The team {0, 1} lives on this node: shared memory, while the world
// (with PEs 2 and 3 elsewhere) uses the transport.
TEST_F(CollMixed, TeamOnThisNodeUsesSharedMemory) {
  const shmem_team_t team = split(0, 1, 2);
  ASSERT_TRUE(team->on_node);
  fill_sources(0);
  int *dest = ints_at(heap_at(0), 4096);
  shmemi::coll_reduce("shmem_int_sum_reduce", *team, dest, heap_at(0), big, int_elem, Op::sum);
  shmemi::coll_sync("shmem_team_sync", *team);
  EXPECT_EQ(dest[3], 1 + 2);
  EXPECT_EQ(transport_collectives(), 0u);
}

// ---- nonblocking collectives -----------------------------------------------------

// The node's collectives need every member at once, so a nonblocking one
// is the transport's even on a node; quiet completes it.
TEST_F(CollOnNode, NonblockingReductionStartsOnTheTransport) {
  fill_sources(0);
  int *dest = ints_at(heap_at(0), 4096);
  shmemi::coll_reduce("shmemx_int_sum_reduce_nbi", *SHMEM_TEAM_WORLD, dest, heap_at(0), big,
                      int_elem, Op::sum, shmemi::Mode::nonblocking);
  EXPECT_EQ(count("reduce"), 1u);
  EXPECT_EQ(count("complete"), 0u);
  EXPECT_EQ(shmemi::collectives_started.load(), 1u);
  shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT);
  EXPECT_EQ(count("complete"), 1u);
  EXPECT_EQ(shmemi::collectives_started.load(), 0u);
  shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT); // nothing left: no second call
  EXPECT_EQ(count("complete"), 1u);
}

// A context's quiet completes its team's collectives and leaves the others'.
TEST_F(CollMixed, ContextQuietCompletesItsTeamsCollectives) {
  const shmem_team_t team = split(1, 1, 3);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  ASSERT_EQ(shmemi::context_create("shmem_team_create_ctx", team, 0, &ctx), 0);
  shmemi::coll_broadcast("shmemx_broadcastmem_nbi", *team, heap_at(64), heap_at(0), 16, 1, 0,
                         shmemi::RootDest::updated, shmemi::Mode::nonblocking);
  shmemi::coll_alltoall("shmemx_alltoallmem_nbi", *SHMEM_TEAM_WORLD, heap_at(256), heap_at(0), 1, 1,
                        8, 1, shmemi::Mode::nonblocking);
  shmemi::quiet("shmem_ctx_quiet", ctx);
  EXPECT_EQ(only("complete").comm, team->comm);
  EXPECT_EQ(shmemi::collectives_started.load(), 1u);
  shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT);
  EXPECT_EQ(shmemi::collectives_started.load(), 0u);
  shmemi::context_destroy("shmem_ctx_destroy", ctx);
}

// A collect whose sizes are exchanged checks dest against the total.
TEST_F(CollMixed, NonblockingCollectChecksTheTotal) {
  std::memcpy(heap_at(0), "pe1", 4);
  shmemi::coll_collect("shmemx_collectmem_nbi", *SHMEM_TEAM_WORLD, heap_at(64), heap_at(0), 4, 1,
                       false, shmemi::Mode::nonblocking);
  EXPECT_STREQ(heap_at(64 + 4), "pe1");
  shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT);
  EXPECT_EQ(shmemi::collectives_started.load(), 0u);
}

// A request's completion (the _nb routines) completes its team's earlier
// collectives with it, in start order, and leaves later ones and other
// teams' for their own completion.
TEST_F(CollMixed, AdvanceCompletesTheTeamUpToTheTicket) {
  const shmem_team_t team = split(1, 1, 3);
  shmemi::Begun first, second, other;
  shmemi::coll_alltoall("shmemx_alltoallmem_nb", *SHMEM_TEAM_WORLD, heap_at(256), heap_at(0), 1, 1,
                        8, 1, shmemi::Mode::nonblocking, &first);
  shmemi::coll_broadcast("shmemx_broadcastmem_nb", *team, heap_at(64), heap_at(0), 16, 1, 0,
                         shmemi::RootDest::updated, shmemi::Mode::nonblocking, &other);
  shmemi::coll_alltoall("shmemx_alltoallmem_nb", *SHMEM_TEAM_WORLD, heap_at(512), heap_at(0), 1, 1,
                        8, 1, shmemi::Mode::nonblocking, &second);
  EXPECT_EQ(second.engine, shmemi::Engine::transport);
  EXPECT_LT(first.ticket, second.ticket);
  EXPECT_TRUE(shmemi::coll_advance(second, false));
  EXPECT_EQ(only("complete").bytes, 2u); // first and second, not the other team's
  EXPECT_EQ(shmemi::collectives_started.load(), 1u);
  EXPECT_TRUE(shmemi::coll_advance(first, true)); // gone already: complete
  EXPECT_TRUE(shmemi::coll_advance(other, true));
  EXPECT_EQ(shmemi::collectives_started.load(), 0u);
}

// ---- this PE alone on its node --------------------------------------------------

class CollAlone : public Coll {
protected:
  void SetUp() override { start(coretest::job(2, 4, {2})); }
};

// A team of one needs no slot and no transport.
TEST_F(CollAlone, SharedTeamOfOneNeedsNothing) {
  fill_sources(0);
  int *dest = ints_at(heap_at(0), 4096);
  shmemi::coll_reduce("shmem_int_sum_reduce", *SHMEM_TEAM_SHARED, dest, heap_at(0), big, int_elem,
                      Op::sum);
  shmemi::coll_sync("shmem_team_sync", *SHMEM_TEAM_SHARED);
  EXPECT_EQ(dest[0], 3);
  EXPECT_TRUE(fake::calls().empty());
}

} // namespace
