// The library's process-wide state and its start/stop sequence.
#pragma once

#include <optional>
#include <vector>

#include "base/config.hpp"
#include "core/heap.hpp"
#include "core/statics.hpp"
#include "port/symmetric.hpp"

namespace shmemi {

struct Runtime {
  Config config;
  int my_pe = -1;
  int n_pes = 0;
  int init_depth = 0;   // initializations not yet matched by a finalize
  int thread_level = 0; // SHMEM_THREAD_* provided
  Region heap;          // this PE's symmetric heap
  // Per world PE: its heap mapped into this process (loads and stores reach
  // it), or null for a PE on another node.
  std::vector<char *> heaps;
  // Every PE's heap is mapped here, so AMOs on the heap are CPU atomics;
  // otherwise every AMO goes through MPI (docs/design.md, "Atomicity").
  bool cpu_atomics = false;
  // This node holds more PEs than it has CPUs online: a waiting PE yields
  // its CPU almost at once, since the PE it waits for may need it.
  bool crowded = false;
  // Other PEs reach this PE's memory through MPI (PEs on other nodes, or
  // global variables not shared on the node): a wait keeps MPI progressing,
  // since some MPIs deliver such data only inside an MPI call here.
  bool mpi_delivers = false;
  Region statics;       // this PE's data+bss
  // Per world PE: its data+bss mapped here (this PE's own; and the node's
  // PEs' when statics_shared), or null.
  std::vector<char *> static_peers;
  // Every PE maps the data+bss of its node's PEs (all or none), so on a
  // node global variables take the heap's path, CPU atomics included.
  bool statics_shared = false;
  std::optional<HeapAllocator> allocator;
};

extern Runtime rt;

// shmem_init_thread: the first call starts everything, later ones nest.
void runtime_init(int requested, int *provided, const char *routine);
// shmem_finalize: the call matching the first init releases everything.
void runtime_finalize();

// Ends every PE of the job with `status` (shmem_global_exit, fatal errors).
[[noreturn]] void abort_job(int status);

inline bool runtime_ready() { return rt.init_depth > 0; }

// Where `at` lies in world PE `pe`'s memory if this PE's loads and stores
// reach it (the heap and the data+bss of a PE on this node); null otherwise.
inline char *mapped_address(SymAddr at, int pe) {
  const auto &bases = at.space == Space::heap ? rt.heaps : rt.static_peers;
  char *base = bases[static_cast<std::size_t>(pe)];
  return base ? base + at.offset : nullptr;
}

// Whether [addr, addr + len) lies in memory that the PEs of this node map
// from each other: the heap, and the data+bss when they share it.
inline bool node_mapped(const void *addr, std::size_t len) {
  return rt.heap.contains(addr, len) || (rt.statics_shared && rt.statics.contains(addr, len));
}

// Whether AMOs on `space` are CPU atomics (docs/design.md, "Atomicity").
inline bool cpu_atomics_on(Space space) {
  return rt.cpu_atomics && (space == Space::heap || rt.statics_shared);
}

} // namespace shmemi
