// Symmetric memory, with one owner: each PE's region (memory/layout.hpp)
// on the pages the system offers (memory/pages.hpp), which memory of the
// job this process maps (the heaps of the node's PEs, their global and
// static variables when the node shares them), and the heap's allocator.
// Whatever is mapped here is reached with loads, stores and CPU atomics;
// the rest goes through the transport (docs/decisions/node-memory.md).
#pragma once

#include <cstddef>
#include <vector>

#include "base/config.hpp"
#include "base/symmetric.hpp"
#include "memory/allocator.hpp"
#include "memory/layout.hpp"
#include "memory/pages.hpp"

namespace shmemi::memory {

struct Mapping {
  int my_pe = -1; // this PE's world number
  Layout layout;  // every PE's region
  Pages pages;    // this PE's region's pages
  Region heap;    // this PE's symmetric heap
  Region statics; // this PE's data+bss
  // Per world PE: its region / its data+bss mapped into this process, or
  // null (a PE on another node; data+bss not shared). [my_pe] is this PE's.
  std::vector<char *> heaps;
  std::vector<char *> statics_of;
  // Every PE maps the data+bss of its node's PEs (all or none).
  bool statics_shared = false;
  // Every PE's heap is mapped here.
  bool all_heaps = false;
  // The regions are new memory, all zero (made by this layer, not MPI).
  bool new_memory = false;
};
extern Mapping mapping;

// What start needs: the heap's bytes (whole small pages), the rooms of
// the layers after it, and whether every PE must be its own node.
struct Needs {
  std::size_t heap_bytes;
  std::size_t node_bytes;
  std::size_t backend_bytes;
  bool split_nodes;
};

// Provides every PE's region: where the node's PEs share memory, memory
// files on the chosen pages, mapped by the node's PEs all or none
// (verified: device, inode and size); where PEs share a machine but each
// is its own node (forced inter-node mode), memory MPI allocates with its
// window; else (one PE a machine) the PE's own region. Shares the data+bss with the node's PEs, and
// hands the regions to the transport (transport::expose_heap). Collective over all PEs.
void start(int my_pe, int n_pes, const Needs &needs, const Config &config);
// After the transport's windows are gone: unmaps everything start mapped.
void stop();

// The heap's allocator (between start and stop).
HeapAllocator &allocator();

// The start of world PE `pe`'s node room (Needs::node_bytes), or null if
// its region is not mapped here.
inline char *node_room(int pe) {
  char *region = mapping.heaps[static_cast<std::size_t>(pe)];
  return region ? region + mapping.layout.node_offset() : nullptr;
}

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
inline bool everything_mapped() { return mapping.all_heaps && mapping.statics_shared; }

// Whether this PE's global and static variables can be shared with the
// node's PEs (they were moved into a memory file when the library was
// loaded), as far as this PE can tell before shmem_init.
bool globals_shareable();

} // namespace shmemi::memory
