// Routing of puts, gets and AMOs (src/core/rma.cpp, amo.cpp): memory of a
// PE on this node is reached by copies without the transport; other PEs
// through the transport, with the world PE, the bytes, the symmetric offset
// and the context's channel. The job: PE 1 of 4, PEs 0 and 1 on this node.
#include "core_fixture.hpp"

#include <cstring>
#include <numeric>

#include "core/amo.hpp"
#include "core/rma.hpp"
#include "core/team.hpp"

namespace {

using shmemi::Completion;
using shmemi::Space;

long global_words[8]; // a symmetric global variable (data+bss)

class Routing : public coretest::CoreTest {
protected:
  void SetUp() override { start(coretest::job(1, 4, {0, 1})); }

  // 8 ints 0..7 to put from.
  static std::vector<int> numbers() {
    std::vector<int> v(8);
    std::iota(v.begin(), v.end(), 0);
    return v;
  }
  static void put_ints(void *dest, const int *src, std::size_t n, int pe) {
    shmemi::rma_put("shmem_int_put", SHMEM_CTX_DEFAULT, dest, src, n, sizeof(int), pe,
                    Completion::local);
  }
};

TEST_F(Routing, PutToAPeOnThisNodeIsACopy) {
  const std::vector<int> src = numbers();
  put_ints(heap_at(256), src.data(), 8, 0);
  EXPECT_EQ(std::memcmp(fake::heap_of(0) + 256, src.data(), 8 * sizeof(int)), 0);
  EXPECT_TRUE(fake::calls().empty());
}

TEST_F(Routing, GetFromThisNodeIsACopy) {
  std::memcpy(fake::heap_of(0) + 64, "mapped", 7);
  char dest[7] = {};
  shmemi::rma_get("shmem_getmem", SHMEM_CTX_DEFAULT, dest, heap_at(64), 7, 1, 0, Completion::local);
  EXPECT_STREQ(dest, "mapped");
  EXPECT_TRUE(fake::calls().empty());
}

TEST_F(Routing, PutOffTheNodeGoesThroughTheDefaultChannel) {
  const std::vector<int> src = numbers();
  put_ints(heap_at(512), src.data(), 6, 3);
  const std::vector<fake::Call> puts = fake::calls_of("put");
  ASSERT_EQ(puts.size(), 1u);
  EXPECT_EQ(puts[0].pe, 3);
  EXPECT_EQ(puts[0].bytes, 6 * sizeof(int));
  EXPECT_EQ(puts[0].space, Space::heap);
  EXPECT_EQ(puts[0].offset, 512u);
  EXPECT_EQ(puts[0].channel, &shmemi::transport::default_channel());
  EXPECT_EQ(puts[0].channel, SHMEM_CTX_DEFAULT->channel);
  EXPECT_EQ(std::memcmp(fake::heap_of(3) + 512, src.data(), 6 * sizeof(int)), 0);
  EXPECT_EQ(fake::calls().size(), 1u);
}

TEST_F(Routing, GetOffTheNode) {
  std::memcpy(fake::heap_of(2) + 40, "remote", 7);
  char dest[7] = {};
  shmemi::rma_get("shmem_getmem_nbi", SHMEM_CTX_DEFAULT, dest, heap_at(40), 7, 1, 2,
                  Completion::deferred);
  EXPECT_STREQ(dest, "remote");
  const std::vector<fake::Call> gets = fake::calls_of("get");
  ASSERT_EQ(gets.size(), 1u);
  EXPECT_EQ(gets[0].pe, 2);
  EXPECT_EQ(gets[0].offset, 40u);
}

TEST_F(Routing, GlobalVariableOffTheNodeIsInTheStaticSpace) {
  const long value = 42;
  shmemi::rma_put("shmem_long_p", SHMEM_CTX_DEFAULT, &global_words[3], &value, 1, sizeof value, 2,
                  Completion::local);
  const std::vector<fake::Call> puts = fake::calls_of("put");
  ASSERT_EQ(puts.size(), 1u);
  EXPECT_EQ(puts[0].space, Space::statics);
  EXPECT_EQ(puts[0].offset, static_cast<std::size_t>(reinterpret_cast<char *>(&global_words[3]) -
                                                     shmemi::memory::mapping.statics.base));
  EXPECT_EQ(global_words[3], 0); // not this PE's copy
}

TEST_F(Routing, NothingToMoveCallsNothing) {
  put_ints(heap_at(0), nullptr, 0, 3);
  EXPECT_TRUE(fake::calls().empty());
}

// A context of a team numbers PEs in the team: team PE 1 of {1, 3} is
// world PE 3, reached through the context's own channel.
TEST_F(Routing, TeamContextTranslatesThePeAndUsesItsChannel) {
  shmem_team_t odd = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world(1, 2, 2, &odd), 0);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  ASSERT_EQ(shmemi::context_create("shmem_team_create_ctx", odd, 0, &ctx), 0);
  fake::clear_calls();
  const int one = 1;
  shmemi::rma_put("shmem_ctx_int_p", ctx, heap_at(8), &one, 1, sizeof one, 1, Completion::local);
  shmemi::rma_put("shmem_ctx_int_p", ctx, heap_at(8), &one, 1, sizeof one, 0, Completion::local);
  const std::vector<fake::Call> puts = fake::calls_of("put");
  ASSERT_EQ(puts.size(), 1u); // team PE 0 is this PE: a copy
  EXPECT_EQ(puts[0].pe, 3);
  EXPECT_EQ(puts[0].channel, ctx->channel);
  EXPECT_NE(ctx->channel, &shmemi::transport::default_channel());
}

// iput of 4 ints into every other int of the target.
TEST_F(Routing, StridedPutOffTheNodeAndOnIt) {
  const std::vector<int> src = numbers();
  const shmemi::StridedElems every_other{2, 1, 1, 4};
  shmemi::rma_put_strided("shmem_int_iput", SHMEM_CTX_DEFAULT, heap_at(128), src.data(),
                          every_other, sizeof(int), 3);
  shmemi::rma_put_strided("shmem_int_iput", SHMEM_CTX_DEFAULT, heap_at(128), src.data(),
                          every_other, sizeof(int), 0);
  const std::vector<fake::Call> puts = fake::calls_of("put_strided");
  ASSERT_EQ(puts.size(), 1u);
  EXPECT_EQ(puts[0].pe, 3);
  EXPECT_EQ(puts[0].offset, 128u);
  EXPECT_EQ(puts[0].bytes, sizeof(int));
  EXPECT_EQ(puts[0].nblocks, 4u);
  for (int pe : {3, 0}) {
    const int *there = reinterpret_cast<const int *>(fake::heap_of(pe) + 128);
    EXPECT_EQ(there[0] + there[2] + there[4] + there[6], 0 + 1 + 2 + 3) << "PE " << pe;
    EXPECT_EQ(there[6], 3) << "PE " << pe;
  }
}

// A negative source stride reads backwards from the given address, which
// must still be found in the heap (the span below it).
TEST_F(Routing, StridedGetWithNegativeStride) {
  int *there = reinterpret_cast<int *>(fake::heap_of(2) + 1024);
  for (int i = 0; i < 8; ++i) there[i] = 10 * i;
  int dest[3] = {};
  shmemi::rma_get_strided("shmem_int_iget", SHMEM_CTX_DEFAULT, dest,
                          heap_at(1024 + 6 * sizeof(int)), {1, -3, 1, 3}, sizeof(int), 2);
  EXPECT_EQ(dest[0], 60);
  EXPECT_EQ(dest[1], 30);
  EXPECT_EQ(dest[2], 0);
  const std::vector<fake::Call> gets = fake::calls_of("get_strided");
  ASSERT_EQ(gets.size(), 1u);
  EXPECT_EQ(gets[0].offset, 1024 + 6 * sizeof(int)); // the address given, not the span's start
}

// On the node, every block size (those copied as one load and store, and
// others) lands where memmove block by block would put it, also when a put
// to this PE's own heap overlaps its source.
TEST_F(Routing, StridedCopiesOnTheNodeMatchBlockByBlockMemmove) {
  for (const std::size_t block : {1u, 2u, 3u, 4u, 8u, 12u, 16u, 24u}) {
    for (const std::ptrdiff_t shift : {0, 5, -7}) { // dest - source, in bytes
      char *heap = heap_at(0);                      // this PE's (1): a put to itself
      char *source = heap + 4096, *dest = source + shift;
      std::vector<char> want(8192);
      for (std::size_t i = 0; i < 8192; ++i) heap[i] = want[i] = static_cast<char>(i * 7 + 3);
      const std::ptrdiff_t sst = 3 * static_cast<std::ptrdiff_t>(block), dst = 2 * sst;
      for (std::ptrdiff_t b = 0; b < 9; ++b)
        std::memmove(want.data() + 4096 + shift + b * dst, want.data() + 4096 + b * sst, block);
      shmemi::rma_put_strided("shmem_putmem", SHMEM_CTX_DEFAULT, dest, source, {2 * 3, 3, 1, 9},
                              block, 1);
      EXPECT_EQ(std::memcmp(heap, want.data(), 8192), 0)
          << block << "-byte blocks, shift " << shift;
    }
  }
  EXPECT_TRUE(fake::calls_of("put_strided").empty());
}

// Not every PE is on this node, so every AMO, even one on this node's
// memory, goes through the transport (one mechanism per location).
TEST_F(Routing, AmosGoThroughTheTransportUnlessAllPesShareTheNode) {
  long *word = reinterpret_cast<long *>(heap_at(0));
  shmemi::amo_post<long>("shmem_long_atomic_add", SHMEM_CTX_DEFAULT, word, shmemi::AmoOp::sum, 5,
                         0);
  const int old =
      shmemi::amo_fetch<int>("shmem_int_atomic_fetch", SHMEM_CTX_DEFAULT,
                             reinterpret_cast<int *>(heap_at(8)), shmemi::AmoOp::fetch, 0, 0, 3);
  EXPECT_EQ(old, 0);
  const std::vector<fake::Call> amos = fake::calls_of("amo");
  ASSERT_EQ(amos.size(), 2u);
  EXPECT_EQ(amos[0].pe, 0);
  EXPECT_EQ(amos[0].bytes, 8u);
  EXPECT_EQ(amos[1].pe, 3);
  EXPECT_EQ(amos[1].bytes, 4u);
  EXPECT_EQ(amos[1].offset, 8u);
  EXPECT_EQ(*reinterpret_cast<long *>(fake::heap_of(0)), 0); // the transport's job
}

class RoutingAllOnNode : public coretest::CoreTest {
protected:
  void SetUp() override { start(coretest::job(1, 4)); }
};

TEST_F(RoutingAllOnNode, AmosAreCpuAtomicsOnPeerHeaps) {
  long *peer = reinterpret_cast<long *>(fake::heap_of(2) + 16);
  *peer = 40;
  long *word = reinterpret_cast<long *>(heap_at(16));
  EXPECT_EQ(shmemi::amo_fetch<long>("shmem_long_atomic_fetch_add", SHMEM_CTX_DEFAULT, word,
                                    shmemi::AmoOp::sum, 2, 0, 2),
            40);
  EXPECT_EQ(*peer, 42);
  EXPECT_EQ(shmemi::amo_fetch<long>("shmem_long_atomic_compare_swap", SHMEM_CTX_DEFAULT, word,
                                    shmemi::AmoOp::cswap, 7, 42, 2),
            42);
  EXPECT_EQ(*peer, 7);
  EXPECT_TRUE(fake::calls().empty());
}

TEST_F(RoutingAllOnNode, PutsToEveryPeAreCopies) {
  for (int pe = 0; pe < 4; ++pe) {
    const int value = 9 + pe;
    shmemi::rma_put("shmem_int_p", SHMEM_CTX_DEFAULT, heap_at(4), &value, 1, sizeof value, pe,
                    Completion::local);
  }
  for (int pe = 0; pe < 4; ++pe) EXPECT_EQ(*reinterpret_cast<int *>(fake::heap_of(pe) + 4), 9 + pe);
  EXPECT_TRUE(fake::calls().empty());
}

} // namespace
