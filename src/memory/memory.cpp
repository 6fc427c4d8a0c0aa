#include "memory/memory.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "base/report.hpp"
#include "memory/fork.hpp"
#include "memory/heaps.hpp"
#include "memory/peer_socket.hpp"
#include "memory/statics.hpp"
#include "transport/job.hpp"

namespace shmemi::memory {

Mapping mapping;

namespace {

std::optional<HeapAllocator> heap_allocator;
std::vector<PeerFile> statics_offers; // per world PE, what it offered

void unmap_peer_statics_all() {
  for (std::size_t pe = 0; pe < mapping.statics_of.size(); ++pe)
    if (mapping.statics_of[pe] && static_cast<int>(pe) != mapping.my_pe) {
      unmap_peer_statics(mapping.statics_of[pe], statics_offers[pe], statics_file());
      mapping.statics_of[pe] = nullptr;
    }
}

// The PEs of each node map each other's data+bss, moved into memory files
// when the library was loaded, all PEs or none
// (docs/decisions/global-variables.md); collective.
void map_node_statics(bool peers_here) {
  const StaticSegment &mine = statics_file();
  mapping.statics_of.assign(mapping.heaps.size(), nullptr);
  mapping.statics_of[static_cast<std::size_t>(mapping.my_pe)] = mapping.statics.base;
  PeerSocket socket(peers_here && mine.fd >= 0);
  const PeerFile offer = offer_statics(peers_here, socket.address());
  if (peers_here && offer.fd < 0)
    debug(Call::routine_or(__func__),
          "global and static variables are not shared on this node (%s); they are "
          "reached through MPI",
          statics_not_in_file_because());
  std::vector<PeerFile> &offers = statics_offers;
  offers.assign(mapping.heaps.size(), PeerFile{});
  transport::allgather(&offer, sizeof offer, offers.data());
  std::vector<int> node_pes;
  for (std::size_t pe = 0; pe < offers.size(); ++pe)
    if (mapping.heaps[pe] != nullptr) node_pes.push_back(static_cast<int>(pe));
  socket.exchange(offer, mapping.my_pe, node_pes, offers);
  bool mapped = !peers_here || offer.fd >= 0;
  std::string why = "it did not share them";
  for (std::size_t pe = 0; pe < offers.size() && mapped; ++pe) {
    if (mapping.heaps[pe] == nullptr || static_cast<int>(pe) == mapping.my_pe) continue;
    if (offers[pe].fd >= 0)
      mapping.statics_of[pe] =
          map_peer_statics(offers[pe], mine, static_cast<int>(pe), socket, why);
    mapped = mapping.statics_of[pe] != nullptr;
    if (!mapped)
      debug(Call::routine_or(__func__),
            "cannot map the global variables of PE %zu: %s; they are reached "
            "through MPI",
            pe, why.c_str());
  }
  mapping.statics_shared = transport::all_true(mapped); // also: every PE mapped its peers
  if (!mapping.statics_shared) unmap_peer_statics_all();
}

// Every PE its own node, but some share a machine (forced inter-node
// mode): MPI allocates each region, with its window, as shared memory
// through which it carries its RMA between them (much faster than over
// memory of the library's: docs/decisions/node-memory.md); transparent
// huge pages are asked for where the system gives them.
std::vector<char *> allocate_by_mpi(const Config &config, int n_pes) {
  mapping.pages = choose_pages(config, mapping.layout.bytes(), 1, Holder::mpi);
  mapping.layout.page_bytes = small_page;
  std::vector<char *> regions =
      transport::allocate_heap(mapping.layout.bytes(), mapping.layout.map_alignment());
  regions.resize(static_cast<std::size_t>(n_pes), nullptr);
  char *mine = regions[static_cast<std::size_t>(mapping.my_pe)];
  advise(mine, mapping.layout.heap_bytes, mapping.pages);
  mapping.pages = on_mpi_memory(mapping.pages, mine);
  // MPI's shared memory, with no file of the library's: a forked child
  // may only read it.
  if (mapped_shared(mine)) fork_private_region(mine, mapping.layout.bytes(), -1, false);
  return regions;
}

// Every PE's region, and whether the memory layer made them (new memory):
// MPI's memory where PEs share a machine but not a node; else the memory
// layer's (memory files where PEs share a node; a PE alone on its node
// makes its own region, on huge pages where the system offers them).
std::vector<char *> provide(const Config &config, const transport::Nodes &nodes, int n_pes) {
  mapping.new_memory = nodes.shared || !nodes.machine_shared;
  if (!mapping.new_memory) return allocate_by_mpi(config, n_pes);
  return map_node_heaps(mapping.layout, mapping.pages, config, nodes.pes, mapping.my_pe, n_pes);
}

// Whether this PE speaks for its node: the first PE of the node (the
// lowest whose region is mapped here); PE 0 where every PE is its own
// node on a shared machine (forced mode), so that a job says a thing
// once a node, not once a PE.
bool speaks_for_node() {
  if (!mapping.new_memory) return mapping.my_pe == 0;
  for (std::size_t pe = 0; pe < mapping.heaps.size(); ++pe)
    if (mapping.heaps[pe] != nullptr) return static_cast<int>(pe) == mapping.my_pe;
  return true;
}

// What the heap got, on every PE with SHMEM_DEBUG, and with SHMEM_INFO
// (PE 0); a warning, once a node, where huge pages were asked for and
// none were had, or, where nothing was asked, huge pages the system is
// set up to give were missed (docs/decisions/node-memory.md).
void say_pages(const char *routine, const Config &config) {
  debug(routine, "heap: %s", mapping.pages.why.c_str());
  if (config.info && mapping.my_pe == 0)
    std::printf("PE 0's symmetric heap: %s\n", mapping.pages.why.c_str());
  const bool asked =
      config.heap_pages != HeapPages::automatic && config.heap_pages != HeapPages::small;
  const std::string line = (asked || config.symmetric_heap_use_huge_pages == Toggle::on) &&
                                   mapping.pages.kind == PageKind::small
                               ? "the symmetric heap is on " + mapping.pages.why
                           : pages_chosen(config) ? ""
                                                  : mapping.pages.missed;
  if (!line.empty() && speaks_for_node()) warn(routine, "%s", line.c_str());
}

} // namespace

void start(int my_pe, int n_pes, const Needs &needs, const Config &config) {
  mapping.my_pe = my_pe;
  mapping.layout = {needs.heap_bytes, needs.node_bytes, needs.backend_bytes, small_page};
  const transport::Nodes nodes = transport::join_nodes(needs.heap_bytes, needs.split_nodes);
  mapping.heaps = provide(config, nodes, n_pes);
  say_pages(Call::routine_or(__func__), config);
  mapping.heap = {mapping.heaps[static_cast<std::size_t>(my_pe)], needs.heap_bytes};
  mapping.statics = static_data_region();
  const auto node_pes = std::count_if(mapping.heaps.begin(), mapping.heaps.end(),
                                      [](const char *heap) { return heap != nullptr; });
  mapping.all_heaps = node_pes == n_pes;
  map_node_statics(node_pes > 1);
  transport::expose_heap(mapping.heaps, mapping.layout.backend_offset());
  heap_allocator.emplace(needs.heap_bytes);
}

void stop() {
  fork_forget_own_region();
  heap_allocator.reset();
  unmap_peer_statics_all();
  unmap_node_heaps();
  mapping = Mapping{};
}

HeapAllocator &allocator() { return *heap_allocator; }

bool globals_shareable() { return statics_file().fd >= 0; }

} // namespace shmemi::memory
