// The pages of the symmetric heap (docs/decisions/node-memory.md, "Huge
// pages"): huge pages from the reserved pool, transparent huge pages of
// shared memory, or small pages; chosen at start-up from SHMEM_HEAP_PAGES
// (or SOS's names) and what the system offers, and said with its reason.
#pragma once

#include <cstddef>
#include <string>

#include "base/config.hpp"
#include "base/pages.hpp"

namespace shmemi::memory {

enum class PageKind { pool, thp, small };

// Who holds the region: the node's PEs, which map it (a memory file:
// shared memory, whose transparent huge pages follow shmem_enabled); its
// PE alone (private memory, following enabled; or the pool's pages); or
// MPI, which allocates it (only transparent huge pages can be asked for).
enum class Holder { node, alone, mpi };

struct Pages {
  PageKind kind = PageKind::small;
  std::size_t bytes = small_page; // the page size
  std::string why;                // what the heap got and why, for SHMEM_INFO and SHMEM_DEBUG
  // Huge pages the system is set up to give that the heap did not get:
  // why, and what to set (a line for the job even without SHMEM_DEBUG);
  // empty if none were missed.
  std::string missed;
};

// What the heap should get: `region_bytes` for each of `node_pes` PEs on
// this node, held by `holder`. The same on every PE of a node that reads
// the system's state at the same moment.
Pages choose_pages(const Config &config, std::size_t region_bytes, int node_pes, Holder holder);

// Whether SHMEM_HEAP_PAGES or SOS's settings chose the heap's pages
// (else the library chooses: auto).
bool pages_chosen(const Config &config);

// What `pages` (chosen for Holder::mpi) come to on the memory MPI
// allocated at `region`: THP only where it is private memory or kernel
// shared memory the system gives them to; a file in /dev/shm (MPICH's)
// gets none.
Pages on_mpi_memory(const Pages &pages, const char *region);

// A memory file of `bytes` (a multiple of pages.bytes) on `pages`; -1 with
// errno on failure.
int page_file(const Pages &pages, std::size_t bytes, const char *name);

// Asks for transparent huge pages on [at, at + bytes) where `pages` are
// THP, and for none where they are small pages, even where the system
// would give them unasked (each process asks for its own mapping).
void advise(char *at, std::size_t bytes, const Pages &pages);

// Whether the system gives shared memory transparent huge pages (on
// request or unasked).
bool shared_thp_offered();

// Where the pool's pages cannot be had after all (another job took them):
// the next kind the system offers `holder`, with the reason.
Pages without_pool(const char *error, Holder holder);

} // namespace shmemi::memory
