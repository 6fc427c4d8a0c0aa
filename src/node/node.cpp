#include "node/node.hpp"

#include <algorithm>
#include <unistd.h>

#include "memory/memory.hpp"
#include "node/sync.hpp"

namespace shmemi::node {

Waiting waiting;

void start(bool single_thread) {
  const auto &heaps = memory::mapping.heaps;
  const auto node_pes =
      std::count_if(heaps.begin(), heaps.end(), [](const char *heap) { return heap != nullptr; });
  slots_start();
  waiting.crowded = node_pes > sysconf(_SC_NPROCESSORS_ONLN);
  waiting.poll_every_round = !memory::everything_mapped();
  waiting.confirm_blocked = single_thread;
}

void stop() { waiting = Waiting{}; }

} // namespace shmemi::node
