#include "node/node.hpp"

#include <algorithm>
#include <unistd.h>

#include "base/report.hpp"
#include "node/peer_file.hpp"
#include "node/statics.hpp"
#include "node/sync.hpp"
#include "transport/transport.hpp"

namespace shmemi::node {

Mapping mapping;
Waiting waiting;

namespace {

void unmap_peer_statics_all() {
  for (std::size_t pe = 0; pe < mapping.statics_of.size(); ++pe)
    if (mapping.statics_of[pe] && static_cast<int>(pe) != mapping.my_pe) {
      unmap_peer_statics(mapping.statics_of[pe], shared_statics());
      mapping.statics_of[pe] = nullptr;
    }
}

// The PEs of each node map each other's data+bss, moved into memory files
// when the library was loaded, all PEs or none
// (docs/decisions/global-variables.md); collective.
void share_statics(bool peers_here) {
  PeerFile offer{getpid(), -1};
  const StaticSegment &mine = shared_statics();
  mapping.statics_of.assign(mapping.heaps.size(), nullptr);
  mapping.statics_of[static_cast<std::size_t>(mapping.my_pe)] = mapping.statics.base;
  if (peers_here) offer.fd = mine.fd;
  if (peers_here && offer.fd < 0)
    debug("shmem_init", "global and static variables are not shared on this node (%s); they are "
                        "reached through MPI", statics_not_shared_because());
  std::vector<PeerFile> offers(mapping.heaps.size());
  transport::allgather(&offer, sizeof offer, offers.data());
  bool mapped = !peers_here || offer.fd >= 0;
  for (std::size_t pe = 0; pe < offers.size() && mapped; ++pe) {
    if (mapping.heaps[pe] == nullptr || static_cast<int>(pe) == mapping.my_pe) continue;
    if (offers[pe].fd >= 0)
      mapping.statics_of[pe] = map_peer_statics(offers[pe].pid, offers[pe].fd, mine);
    mapped = mapping.statics_of[pe] != nullptr;
  }
  mapping.statics_shared = transport::all_true(mapped); // also: every PE mapped its peers
  if (!mapping.statics_shared) unmap_peer_statics_all();
}

} // namespace

bool globals_shareable() { return shared_statics().fd >= 0; }

void start(int my_pe, std::size_t heap_bytes, std::vector<char *> heaps, bool single_thread) {
  mapping.my_pe = my_pe;
  mapping.heaps = std::move(heaps);
  mapping.heap = {mapping.heaps[static_cast<std::size_t>(my_pe)], heap_bytes};
  mapping.statics = static_data_region();
  slots_start();
  const auto node_pes = std::count_if(mapping.heaps.begin(), mapping.heaps.end(),
                                      [](const char *heap) { return heap != nullptr; });
  mapping.cpu_atomics = node_pes == static_cast<long>(mapping.heaps.size());
  share_statics(node_pes > 1);
  waiting.crowded = node_pes > sysconf(_SC_NPROCESSORS_ONLN);
  waiting.poll_every_round = !everything_mapped();
  waiting.confirm_blocked = single_thread;
}

void stop() {
  unmap_peer_statics_all();
  unmap_heaps();
  mapping = Mapping{};
  waiting = Waiting{};
}

} // namespace shmemi::node
