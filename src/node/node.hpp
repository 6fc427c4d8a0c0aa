// The node: which of the job's memory this process maps, and how a PE
// waits. The PEs of a node map each other's symmetric heap (the transport
// allocates it as shared memory) and, when they share them, each other's
// global and static variables (node/statics.hpp). Whatever is mapped here
// is reached with loads, stores and CPU atomics; the rest goes through the
// transport (docs/decisions/node-memory.md).
#pragma once

#include <cstddef>
#include <vector>

#include "base/symmetric.hpp"

namespace shmemi::node {

struct Mapping {
  int my_pe = -1; // this PE's world number
  Region heap;    // this PE's symmetric heap
  Region statics; // this PE's data+bss
  // Per world PE: its heap / its data+bss mapped into this process, or null
  // (a PE on another node; data+bss not shared). [my_pe] is this PE's own.
  std::vector<char *> heaps;
  std::vector<char *> statics_of;
  // Every PE maps the data+bss of its node's PEs (all or none).
  bool statics_shared = false;
  // Every PE's heap is mapped here, so AMOs on mapped memory are CPU
  // atomics; otherwise every AMO goes through the transport, whose atomics
  // are not atomic with the CPU's (docs/decisions/atomicity.md).
  bool cpu_atomics = false;
};
extern Mapping mapping;

// How waits behave (node/wait.hpp), set at start.
struct Waiting {
  // This node holds more PEs than it has CPUs online: a waiting PE yields
  // its CPU almost at once, since the PE it waits for may need it.
  bool crowded = false;
  // Other PEs reach this PE's memory through the transport (PEs on other
  // nodes, or data+bss not shared on the node): every round of a wait
  // polls it, since some MPIs deliver such data only inside their calls.
  bool poll_every_round = true;
  // A blocked wait confirms to the end-of-job check that it still waits
  // (only with one thread per PE, where nothing else can release it).
  bool confirm_blocked = true;
};
extern Waiting waiting;

// Where the node's PEs share memory (transport::Nodes::shared): maps this
// PE's heap (heap_bytes, then transport::tail_bytes) as a memory file at a
// multiple of transport::heap_alignment, and the heaps of the other world
// PEs of this node (`node_pes`) through /proc, all or none. Returns per
// world PE its heap mapped here, or null. Collective over all PEs; the
// transport exposes the result (transport::expose_heap).
std::vector<char *> map_heaps(std::size_t heap_bytes, const std::vector<int> &node_pes,
                              int my_pe, int n_pes);
// After the transport's windows are gone: unmaps what map_heaps mapped.
void unmap_heaps();
// map_heaps made this PE's heap: new memory, all zero.
bool heap_is_new();

// Fills the mapping once the transport has mapped the heaps (per world
// PE, null off the node; heap_bytes each, followed by transport::flag_bytes
// of flags, node/sync.cpp's; heaps[my_pe] is this PE's), shares the
// data+bss with the node's PEs
// (collective over all PEs) and sets how waits behave. `single_thread`:
// the program runs at SHMEM_THREAD_SINGLE.
void start(int my_pe, std::size_t heap_bytes, std::vector<char *> heaps, bool single_thread);
// Unmaps the peers' data+bss and forgets the mapping.
void stop();

// Where [addr, addr + len) lies: in the heap or the data+bss; false if
// neither wholly holds it.
inline bool locate(const void *addr, std::size_t len, SymAddr &out) {
  return symmetric_locate(mapping.heap, mapping.statics, addr, len, out);
}

// Where `at` lies in world PE `pe`'s memory if this PE's loads and stores
// reach it; null otherwise.
inline char *address(SymAddr at, int pe) {
  const auto &bases = at.space == Space::heap ? mapping.heaps : mapping.statics_of;
  char *base = bases[static_cast<std::size_t>(pe)];
  return base ? base + at.offset : nullptr;
}

// Whether [addr, addr + len) lies in memory that the node's PEs map from
// each other: the heap, and the data+bss when they share it.
inline bool shared(const void *addr, std::size_t len) {
  return mapping.heap.contains(addr, len) ||
         (mapping.statics_shared && mapping.statics.contains(addr, len));
}

// Every PE's memory, heap and data+bss, is mapped here: nothing reaches
// this PE through the transport but the library's own traffic.
inline bool everything_mapped() { return mapping.cpu_atomics && mapping.statics_shared; }

// Whether this PE's global and static variables can be shared with the
// node's PEs (they were moved into a memory file when the library was
// loaded), as far as this PE can tell before shmem_init.
bool globals_shareable();

// Whether AMOs on `space` are CPU atomics.
inline bool cpu_atomics_on(Space space) {
  return mapping.cpu_atomics && (space == Space::heap || mapping.statics_shared);
}

} // namespace shmemi::node
