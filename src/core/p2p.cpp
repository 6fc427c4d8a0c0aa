#include "core/p2p.hpp"

#include <atomic>

namespace shmemi {
namespace {
__thread unsigned tests_since_poll __attribute__((tls_model("initial-exec"))) = 0;
} // namespace

// Where every PE's memory is mapped, a poll only serves this PE's own MPI
// operations (a nonblocking collective's), as in node::Backoff: one test in
// 64 polls, the others fence. A poll in every call made shmem_long_test
// several times slower than OSHMEM's on a node (docs/bench/notes.md, "Test
// routines").
void poll_before_test() {
  if (node::waiting.poll_every_round || ++tests_since_poll % 64 == 0)
    transport::poll();
  else
    std::atomic_thread_fence(std::memory_order_acquire);
}

} // namespace shmemi
