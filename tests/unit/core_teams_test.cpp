// Teams (src/core/team.cpp) on the fake backend: the predefined teams after
// init, splits (team <-> world PE numbers, sizes, the communicator each
// member asks for, invalid triplets), slots of teams on this node, and that
// every communicator is freed.
#include "core_fixture.hpp"

#include "core/coll.hpp"
#include "core/team.hpp"

namespace {

using coretest::job;
using shmemi::team_index;
using shmemi::team_world_pe;

class Teams : public coretest::CoreTest {
protected:
  shmem_team_t split(shmem_team_t parent, int start, int stride, int size) {
    shmem_team_t team = SHMEM_TEAM_INVALID;
    EXPECT_EQ(shmemi::team_split_strided("shmem_team_split_strided", parent, start, stride, size,
                                         nullptr, 0, &team),
              0);
    return team;
  }
  // The split's result, asserting the split failed without a communicator.
  void expect_no_team(shmem_team_t parent, int start, int stride, int size) {
    shmem_team_t team = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmemi::team_split_strided("shmem_team_split_strided", parent, start, stride, size,
                                         nullptr, 0, &team),
              0)
        << start << ", " << stride << ", " << size;
    EXPECT_EQ(team, SHMEM_TEAM_INVALID);
    EXPECT_EQ(count("group_split"), 0u);
  }
};

TEST_F(Teams, WorldAndSharedWhenAllPesShareTheNode) {
  start(job(2, 4));
  const shmemi_team &world = *SHMEM_TEAM_WORLD, &shared = *SHMEM_TEAM_SHARED;
  EXPECT_EQ(world.start, 0);
  EXPECT_EQ(world.stride, 1);
  EXPECT_EQ(world.size, 4);
  EXPECT_EQ(world.comm, fake::last_comm("world"));
  EXPECT_TRUE(world.on_node);
  EXPECT_EQ(world.slot, shmemi::node::world_slot);
  EXPECT_EQ(shared.size, 4);
  EXPECT_EQ(shared.comm, fake::last_comm("node"));
  EXPECT_EQ(shared.slot, shmemi::node::shared_slot);
  EXPECT_TRUE(shmemi::team_valid(SHMEM_TEAM_SHARED));
}

TEST_F(Teams, WorldOffNodeAndSharedOfThisPeAlone) {
  start(job(1, 4, {1}));
  EXPECT_FALSE(SHMEM_TEAM_WORLD->on_node);
  EXPECT_EQ(SHMEM_TEAM_WORLD->slot, -1);
  const shmemi_team &shared = *SHMEM_TEAM_SHARED;
  EXPECT_EQ(shared.start, 1);
  EXPECT_EQ(shared.size, 1);
  EXPECT_TRUE(shmemi::node::meets_on_node(shared)); // a team of one needs no slot
}

TEST_F(Teams, SharedTeamOfEvenlySpacedNodePes) {
  start(job(3, 4, {1, 3}));
  const shmemi_team &shared = *SHMEM_TEAM_SHARED;
  EXPECT_EQ(shared.start, 1);
  EXPECT_EQ(shared.stride, 2);
  EXPECT_EQ(shared.size, 2);
  EXPECT_EQ(team_index(shared, 3), 1);
  EXPECT_EQ(team_index(shared, 2), -1);
  EXPECT_TRUE(shared.on_node);
  EXPECT_EQ(shared.slot, shmemi::node::shared_slot);
}

TEST_F(Teams, SharedTeamOfUnevenNodePesIsThisPeAlone) {
  start(job(3, 4, {0, 1, 3}));
  const shmemi_team &shared = *SHMEM_TEAM_SHARED;
  EXPECT_EQ(shared.start, 3);
  EXPECT_EQ(shared.size, 1);
  EXPECT_EQ(shared.comm, fake::last_comm("self"));
  EXPECT_TRUE(fake::last_comm("node")->freed);
}

TEST_F(Teams, StridedSplitTranslatesPeNumbers) {
  start(job(5, 8, {5}));
  const shmem_team_t team = split(SHMEM_TEAM_WORLD, 1, 2, 4); // world PEs 1, 3, 5, 7
  ASSERT_NE(team, SHMEM_TEAM_INVALID);
  EXPECT_EQ(team->start, 1);
  EXPECT_EQ(team->stride, 2);
  EXPECT_EQ(team->size, 4);
  EXPECT_EQ(team_index(*team, 5), 2);
  EXPECT_EQ(team_index(*team, 4), -1);
  EXPECT_EQ(team_index(*team, 9), -1);
  EXPECT_EQ(team_world_pe(*team, 3), 7);
  // This PE asked for color 0 and its index in the new team as the key.
  const std::vector<fake::Call> asked = fake::calls_of("group_split");
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0].comm, SHMEM_TEAM_WORLD->comm);
  EXPECT_EQ(asked[0].pe, 0);
  EXPECT_EQ(team->comm, fake::last_comm("split"));
  EXPECT_EQ(team->comm->key, 2);
  EXPECT_FALSE(team->on_node);
  EXPECT_EQ(count("team_and"), 0u); // no slot to agree on off the node
}

TEST_F(Teams, SplitOfASplitComposesStrides) {
  start(job(7, 8, {7}));
  const shmem_team_t odd = split(SHMEM_TEAM_WORLD, 1, 2, 4); // 1, 3, 5, 7
  const shmem_team_t team = split(odd, 1, 2, 2);             // 3, 7
  ASSERT_NE(team, SHMEM_TEAM_INVALID);
  EXPECT_EQ(team->start, 3);
  EXPECT_EQ(team->stride, 4);
  EXPECT_EQ(team_index(*team, 7), 1);
  EXPECT_EQ(team->comm->parent, odd->comm);
}

TEST_F(Teams, NegativeStrideSplit) {
  start(job(2, 8, {2}));
  const shmem_team_t team = split(SHMEM_TEAM_WORLD, 6, -2, 3); // 6, 4, 2
  ASSERT_NE(team, SHMEM_TEAM_INVALID);
  EXPECT_EQ(team->stride, -2);
  EXPECT_EQ(team_index(*team, 2), 2);
  EXPECT_EQ(team_world_pe(*team, 1), 4);
}

TEST_F(Teams, NonMemberGetsNoTeamButTakesPart) {
  start(job(4, 8, {4}));
  EXPECT_EQ(split(SHMEM_TEAM_WORLD, 1, 2, 4), SHMEM_TEAM_INVALID);
  const std::vector<fake::Call> asked = fake::calls_of("group_split");
  ASSERT_EQ(asked.size(), 1u); // the split is collective over the parent
  EXPECT_LT(asked[0].pe, 0);
}

TEST_F(Teams, InvalidTripletsGiveNoTeam) {
  start(job(0, 4, {0}));
  expect_no_team(SHMEM_TEAM_WORLD, 0, 1, 0); // empty
  expect_no_team(SHMEM_TEAM_WORLD, 4, 1, 1); // start outside
  expect_no_team(SHMEM_TEAM_WORLD, -1, 1, 1);
  expect_no_team(SHMEM_TEAM_WORLD, 0, 0, 2);  // stride 0, two PEs
  expect_no_team(SHMEM_TEAM_WORLD, 1, 2, 3);  // 1, 3, 5: past the end
  expect_no_team(SHMEM_TEAM_WORLD, 1, -2, 2); // 1, -1: before the start
  expect_no_team(SHMEM_TEAM_INVALID, 0, 1, 1);
}

TEST_F(Teams, StrideZeroSingleton) {
  start(job(2, 4, {2}));
  const shmem_team_t team = split(SHMEM_TEAM_WORLD, 2, 0, 1);
  ASSERT_NE(team, SHMEM_TEAM_INVALID);
  EXPECT_EQ(team->size, 1);
  EXPECT_EQ(team->stride, 1);
  EXPECT_EQ(team_index(*team, 2), 0);
}

// 6 PEs as rows of 4: {0 1 2 3} {4 5}; columns {0 4} {1 5} {2} {3}.
TEST_F(Teams, Split2dRowsAndColumns) {
  start(job(5, 6, {5}));
  shmem_team_t x = SHMEM_TEAM_INVALID, y = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world_2d(4, &x, &y), 0);
  EXPECT_EQ(x->start, 4);
  EXPECT_EQ(x->stride, 1);
  EXPECT_EQ(x->size, 2);
  EXPECT_EQ(team_index(*x, 5), 1);
  EXPECT_EQ(y->start, 1);
  EXPECT_EQ(y->stride, 4);
  EXPECT_EQ(y->size, 2);
  EXPECT_EQ(team_index(*y, 5), 1);
  // Row split: color = row, key = column; column split the other way.
  EXPECT_EQ(x->comm->color, 1);
  EXPECT_EQ(x->comm->key, 1);
  EXPECT_EQ(y->comm->color, 1);
  EXPECT_EQ(y->comm->key, 1);
}

TEST_F(Teams, Split2dShortColumnAndWideRange) {
  start(job(3, 6, {3}));
  shmem_team_t x = SHMEM_TEAM_INVALID, y = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world_2d(4, &x, &y), 0);
  EXPECT_EQ(x->size, 4);
  EXPECT_EQ(y->start, 3);
  EXPECT_EQ(y->size, 1); // column 3 has no PE in the second row
  shmem_team_t x2 = SHMEM_TEAM_INVALID, y2 = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world_2d(100, &x2, &y2), 0);
  EXPECT_EQ(x2->size, 6); // xrange beyond the team: one row
  EXPECT_EQ(y2->size, 1);
  EXPECT_EQ(y2->start, 3);
}

TEST_F(Teams, Split2dRejectsXrangeBelowOne) {
  start(job(0, 4, {0}));
  shmem_team_t x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  EXPECT_NE(split_world_2d(0, &x, &y), 0);
  EXPECT_EQ(x, SHMEM_TEAM_INVALID);
  EXPECT_EQ(y, SHMEM_TEAM_INVALID);
}

// All members on this node: the members agree on a free flag slot (the
// predefined teams hold slots 0 and 1) and give it back when destroyed.
TEST_F(Teams, TeamOnNodeClaimsAndReleasesASlot) {
  start(job(1, 4));
  const shmem_team_t team = split(SHMEM_TEAM_WORLD, 0, 1, 2);
  ASSERT_NE(team, SHMEM_TEAM_INVALID);
  EXPECT_TRUE(team->on_node);
  EXPECT_GE(team->slot, 2); // 2 in a fresh process
  const std::vector<fake::Call> agreed = fake::calls_of("team_and");
  ASSERT_EQ(agreed.size(), 1u);
  EXPECT_EQ(agreed[0].comm, team->comm);
  const shmem_team_t other = split(SHMEM_TEAM_WORLD, 1, 1, 2);
  EXPECT_GT(other->slot, team->slot); // the lowest slot free on every member
  const int slot = team->slot;
  const shmemi::transport::Group *comm = team->comm;
  shmemi::team_destroy("shmem_team_destroy", team);
  EXPECT_TRUE(comm->freed);
  EXPECT_FALSE(shmemi::team_valid(team));
  EXPECT_EQ(split(SHMEM_TEAM_WORLD, 0, 1, 3)->slot, slot); // free again
}

TEST_F(Teams, ActiveSetIsATeamOfItsOwn) {
  start(job(4, 8, {4}));
  const shmemi_team &set = shmemi::collective_set("shmem_barrier", {0, 2, 2}); // 0, 4
  EXPECT_EQ(set.start, 0);
  EXPECT_EQ(set.stride, 4);
  EXPECT_EQ(set.size, 2);
  ASSERT_EQ(set.comm, fake::last_comm("progression"));
  EXPECT_EQ(set.comm->world_pes, (std::vector<int>{0, 4}));
  EXPECT_EQ(&shmemi::collective_set("shmem_barrier", {0, 2, 2}), &set); // made once
  EXPECT_EQ(count("comm_progression"), 1u);
}

TEST_F(Teams, FinalizeFreesEveryCommunicatorOnce) {
  start(job(1, 4));
  split(SHMEM_TEAM_WORLD, 0, 1, 2);
  split(SHMEM_TEAM_WORLD, 1, 2, 2);
  shmemi::collective_set("shmem_barrier", {1, 0, 3});
  EXPECT_FALSE(fake::live_comms().empty());
  shmemi::runtime_finalize();
  EXPECT_TRUE(fake::live_comms().empty());
  EXPECT_FALSE(shmemi::runtime_ready());
}

} // namespace
