// Argument errors end the job (base/report.hpp): fatal() prints one line
// naming the PE, the routine and the argument, then calls the reporter's
// abort, which core/runtime.cpp points at the transport's abort_job (the
// fake's exits with the status). Death tests run the call in a child.
#include "core_fixture.hpp"

#include <memory>

#include "core/order.hpp"
#include "core/rma.hpp"
#include "core/team.hpp"

namespace {

using shmemi::Completion;
using ::testing::ExitedWithCode;

class Errors : public coretest::CoreTest {
protected:
  void SetUp() override { start(coretest::job(1, 4, {1})); }
};

TEST_F(Errors, PeOutOfRangeNamesRoutineAndArgument) {
  const int value = 0;
  EXPECT_EXIT(shmemi::rma_put("shmem_int_p", SHMEM_CTX_DEFAULT, heap_at(0), &value, 1, sizeof value,
                              4, Completion::local),
              ExitedWithCode(1),
              "\\[shmem PE 1\\] shmem_int_p: argument pe = 4 is out of range: allowed 0 to 3");
}

// In a team the range is the team's.
TEST_F(Errors, PeOutOfTheContextsTeam) {
  shmem_team_t team = SHMEM_TEAM_INVALID;
  ASSERT_EQ(split_world(1, 1, 2, &team), 0);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  ASSERT_EQ(shmemi::context_create("shmem_team_create_ctx", team, 0, &ctx), 0);
  const int pe = 2;
  EXPECT_EXIT(shmemi::pe_quiet("shmem_ctx_pe_quiet", ctx, &pe, 1), ExitedWithCode(1),
              "shmem_ctx_pe_quiet: argument pe = 2 is out of range: allowed 0 to 1");
}

TEST_F(Errors, NonSymmetricDestination) {
  const auto private_memory = std::make_unique<long>(0);
  const long value = 1;
  EXPECT_EXIT(shmemi::rma_put("shmem_long_p", SHMEM_CTX_DEFAULT, private_memory.get(), &value, 1,
                              sizeof value, 0, Completion::local),
              ExitedWithCode(1),
              "shmem_long_p: argument dest = 0x[0-9a-f]+ \\(8 bytes\\) is not a symmetric "
              "address: allowed are the symmetric heap");
}

// A local variable is named as one, with the remedy.
TEST_F(Errors, StackDestinationIsNamedLocal) {
  long local = 0;
  const long value = 1;
  EXPECT_EXIT(shmemi::rma_put("shmem_long_p", SHMEM_CTX_DEFAULT, &local, &value, 1, sizeof value, 0,
                              Completion::local),
              ExitedWithCode(1),
              "shmem_long_p: argument dest = 0x[0-9a-f]+ \\(8 bytes\\) is a local variable \\(on "
              "the stack\\), not a symmetric address: declare it static or global, or allocate "
              "it with shmem_malloc");
}

TEST_F(Errors, PredefinedTeamCannotBeDestroyed) {
  EXPECT_EXIT(shmemi::team_destroy("shmem_team_destroy", SHMEM_TEAM_WORLD), ExitedWithCode(1),
              "shmem_team_destroy: argument team is SHMEM_TEAM_WORLD: predefined teams cannot "
              "be destroyed");
}

TEST_F(Errors, CallsAfterFinalize) {
  shmemi::runtime_finalize();
  EXPECT_EXIT(shmemi::quiet("shmem_quiet", SHMEM_CTX_DEFAULT), ExitedWithCode(1),
              "shmem_quiet: called while the library is not initialized");
}

TEST_F(Errors, BadThreadLevel) {
  EXPECT_EXIT(shmemi::runtime_init("shmem_init_thread", 7, nullptr), ExitedWithCode(1),
              "shmem_init_thread: argument requested = 7 is not a thread level");
}

} // namespace
