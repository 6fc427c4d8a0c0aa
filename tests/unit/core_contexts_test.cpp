// Contexts and their completion (src/core/context.cpp, order.cpp): each
// context owns the channel channel_open gave it while channels last; quiet
// and pe_quiet complete that channel only; destroying
// a context quiets and gives back its channel. The job: PE 0 of 4, alone on
// its node, so data goes through the transport and init makes
// SHMEM_CTX_WINDOWS (4) channels.
#include "core_fixture.hpp"

#include "core/context.hpp"
#include "memory/statics.hpp"
#include "core/order.hpp"
#include "core/team.hpp"

namespace {

using shmemi::transport::Channel;

class Contexts : public coretest::CoreTest {
protected:
  void SetUp() override { start(coretest::job(0, 4, {0})); }

  static shmem_ctx_t create(shmemi_team *team = SHMEM_TEAM_WORLD, long options = 0) {
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    EXPECT_EQ(shmemi::context_create("shmem_ctx_create", team, options, &ctx), 0);
    return ctx;
  }
  static std::vector<const Channel *> channels_of(const char *what) {
    std::vector<const Channel *> out;
    for (const fake::Call &c : fake::calls_of(what)) out.push_back(c.channel);
    return out;
  }
};

TEST_F(Contexts, EachContextGetsTheChannelThatWasOpened) {
  const shmem_ctx_t a = create(), b = create();
  const std::vector<const Channel *> opened = channels_of("channel_open");
  ASSERT_EQ(opened.size(), 2u);
  EXPECT_EQ(a->channel, opened[0]);
  EXPECT_EQ(b->channel, opened[1]);
  EXPECT_NE(a->channel, b->channel);
  EXPECT_NE(a->channel, &shmemi::transport::default_channel());
  EXPECT_EQ(a->team, SHMEM_TEAM_WORLD);
}

TEST_F(Contexts, BeyondTheChannelsContextsShareTheDefault) {
  for (int i = 0; i < 4; ++i) create();
  const shmem_ctx_t fifth = create();
  EXPECT_EQ(fifth->channel, &shmemi::transport::default_channel());
  fake::clear_calls();
  ASSERT_TRUE(shmemi::context_destroy("shmem_ctx_destroy", fifth));
  EXPECT_EQ(channels_of("quiet"),
            std::vector<const Channel *>{&shmemi::transport::default_channel()});
  EXPECT_EQ(count("channel_close"), 0u); // the default channel stays
}

TEST_F(Contexts, QuietCompletesOnlyThatContextsChannel) {
  const shmem_ctx_t a = create();
  create();
  fake::clear_calls();
  shmemi::quiet("shmem_ctx_quiet", a);
  EXPECT_EQ(channels_of("quiet"), std::vector<const Channel *>{a->channel});
  EXPECT_EQ(fake::calls().size(), 1u);
  shmemi::fence("shmem_ctx_fence", a);
  EXPECT_EQ(channels_of("fence"), std::vector<const Channel *>{a->channel});
}

TEST_F(Contexts, QuietOfTheDefaultContext) {
  create();
  fake::clear_calls();
  shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT);
  EXPECT_EQ(channels_of("quiet"),
            std::vector<const Channel *>{&shmemi::transport::default_channel()});
}

TEST_F(Contexts, InvalidContextIsNoOperation) {
  shmemi::quiet("shmem_ctx_quiet", SHMEM_CTX_INVALID);
  shmemi::fence("shmem_ctx_fence", SHMEM_CTX_INVALID);
  const int pe = 1;
  shmemi::pe_quiet("shmem_ctx_pe_quiet", SHMEM_CTX_INVALID, &pe, 1);
  EXPECT_TRUE(fake::calls().empty());
}

TEST_F(Contexts, DestroyQuietsThenClosesItsChannel) {
  const shmem_ctx_t ctx = create();
  const Channel *channel = ctx->channel;
  fake::clear_calls();
  ASSERT_TRUE(shmemi::context_destroy("shmem_ctx_destroy", ctx));
  ASSERT_EQ(fake::calls().size(), 2u);
  EXPECT_EQ(fake::calls()[0].what, "quiet");
  EXPECT_EQ(fake::calls()[0].channel, channel);
  EXPECT_EQ(fake::calls()[1].what, "channel_close");
  EXPECT_EQ(fake::calls()[1].channel, channel);
  EXPECT_FALSE(channel->open);
  EXPECT_FALSE(shmemi::context_destroy("shmem_ctx_destroy", ctx)); // not a context any more
  EXPECT_EQ(create()->channel, channel);                           // free for the next one
}

TEST_F(Contexts, PeQuietFlushesEachPe) {
  const shmem_ctx_t ctx = create();
  fake::clear_calls();
  const int pes[] = {1, 3};
  shmemi::pe_quiet("shmem_ctx_pe_quiet", ctx, pes, 2);
  const std::vector<fake::Call> flushes = fake::calls_of("flush");
  ASSERT_EQ(flushes.size(), 2u);
  EXPECT_EQ(flushes[0].pe, 1);
  EXPECT_EQ(flushes[1].pe, 3);
  EXPECT_EQ(flushes[0].channel, ctx->channel);
  EXPECT_EQ(flushes[1].channel, ctx->channel);
  EXPECT_EQ(count("quiet"), 0u);
}

// The PEs are numbered in the context's team: team PE 1 of {0, 2} is world PE 2.
TEST_F(Contexts, PeQuietTranslatesTeamPes) {
  shmem_team_t even = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world(0, 2, 2, &even), 0);
  const shmem_ctx_t ctx = create(even);
  fake::clear_calls();
  const int pe = 1;
  shmemi::pe_quiet("shmem_ctx_pe_quiet", ctx, &pe, 1);
  const std::vector<fake::Call> flushes = fake::calls_of("flush");
  ASSERT_EQ(flushes.size(), 1u);
  EXPECT_EQ(flushes[0].pe, 2);
}

TEST_F(Contexts, PeQuietOfEveryPeIsOneQuiet) {
  const shmem_ctx_t ctx = create();
  fake::clear_calls();
  const int pes[] = {0, 1, 2, 3};
  shmemi::pe_quiet("shmem_ctx_pe_quiet", ctx, pes, 4);
  EXPECT_EQ(count("flush"), 0u);
  EXPECT_EQ(channels_of("quiet"), std::vector<const Channel *>{ctx->channel});
}

TEST_F(Contexts, UnknownOptionsMakeNoContext) {
  shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  EXPECT_NE(shmemi::context_create("shmem_ctx_create", SHMEM_TEAM_WORLD, 1L << 20, &ctx), 0);
  EXPECT_EQ(ctx, SHMEM_CTX_DEFAULT); // untouched
  EXPECT_EQ(count("channel_open"), 0u);
}

// Destroying a team frees its shareable contexts; a private one keeps
// existing for its thread, without a team.
TEST_F(Contexts, TeamDestroyReleasesItsContexts) {
  shmem_team_t team = SHMEM_TEAM_INVALID; // world PEs 0, 1
  ASSERT_EQ(split_world(0, 1, 2, &team), 0);
  const shmem_ctx_t shared = create(team), priv = create(team, SHMEM_CTX_PRIVATE);
  const Channel *shared_channel = shared->channel;
  fake::clear_calls();
  shmemi::team_destroy("shmem_team_destroy", team);
  EXPECT_EQ(channels_of("channel_close"), std::vector<const Channel *>{shared_channel});
  EXPECT_EQ(priv->team, nullptr);
  EXPECT_TRUE(shmemi::context_destroy("shmem_ctx_destroy", priv));
}

TEST_F(Contexts, FinalizeQuietsAndClosesEveryContext) {
  const shmem_ctx_t a = create(), b = create();
  const std::vector<const Channel *> mine{a->channel, b->channel};
  fake::clear_calls();
  shmemi::runtime_finalize();
  EXPECT_EQ(channels_of("channel_close"), mine);
  const std::vector<const Channel *> quieted = channels_of("quiet");
  EXPECT_EQ(quieted, mine);
}

class ContextsAllOnNode : public coretest::CoreTest {};

// Where nothing goes through the transport no channels are made, and
// contexts share the default one.
TEST_F(ContextsAllOnNode, NoChannelsWhereEverythingIsMapped) {
  shmemi::memory::StaticSegment moved; // as the library does when it is loaded by a PE
  ASSERT_TRUE(shmemi::memory::move_statics_to_file(moved));
  start(coretest::job(0, 2));
  EXPECT_FALSE(shmemi::node::waiting.poll_every_round);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  ASSERT_EQ(shmemi::context_create("shmem_ctx_create", SHMEM_TEAM_WORLD, 0, &ctx), 0);
  EXPECT_EQ(ctx->channel, &shmemi::transport::default_channel());
}

} // namespace
