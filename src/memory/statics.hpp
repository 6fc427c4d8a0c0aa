// The program's global and static variables (its data and bss): where they
// are, and how the PEs of a node share them like the heap
// (docs/decisions/global-variables.md). When the library is loaded, before
// any of the program's code runs, the data+bss move into a memory file mapped
// at the same addresses; at shmem_init each PE maps the files of the other
// PEs of its node. A forked child gets a private copy of the pages
// (docs/decisions/fork.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/symmetric.hpp"
#include "memory/peer_file.hpp"

namespace shmemi::memory {

// The executable's writable program data: its writable PT_LOAD segments
// without the part made read-only after relocation (PT_GNU_RELRO: .got,
// .data.rel.ro, .init_array). Works for PIE and non-PIE executables; not
// for shared libraries' data.
Region static_data_region();

// This PE's data+bss, in whole pages, as a memory file.
struct StaticSegment {
  int fd = -1;          // the memory file; -1: not shared
  Region pages;         // statics rounded out to whole pages
  std::size_t lead = 0; // statics.base - pages.base
  std::size_t skew = 0; // the file offset of pages.base: 0, or pages.base
                        // modulo 2 MiB where its aligned parts may be THP
};

// Moves the whole pages of static_data_region() into a new memory file
// mapped at the same addresses, contents kept (only pages that hold data
// are copied), with signals blocked meanwhile, and makes fork() give the
// child a private copy. Meant for a process with one thread (other
// threads' stores during the move would be lost). False, with the memory
// untouched, where the system does not allow it. `huge`: the whole 2 MiB
// pages within may be transparent huge pages (shared_thp_offered).
bool move_statics_to_file(StaticSegment &out, bool huge = false);

// This process's data+bss as a memory file (moved when the library was
// loaded; fd -1 if not, and in a forked child), and if not, why (for a
// debug line).
const StaticSegment &statics_file();
const char *statics_not_in_file_because();

// What this PE offers its node's PEs (`offered`: its segment, else
// nothing), their descriptors to come to `socket`.
PeerFile offer_statics(bool offered, std::uint64_t socket);
// Maps the segment world PE `pe` offers (its descriptor received on
// `socket`, else through /proc: nothing is ever named in /dev/shm), laid
// out like `mine`; returns where that PE's data+bss start here, or null on
// failure (`why` says why).
char *map_peer_statics(const PeerFile &file, const StaticSegment &mine, int pe, PeerSocket &socket,
                       std::string &why);
void unmap_peer_statics(char *peer_statics, const PeerFile &file, const StaticSegment &mine);

// fork(), called by fork.cpp's handlers: before it the parent copies the
// data+bss into private memory, after it the parent frees the copy and
// the child moves it into place (or ends with status 127).
void statics_before_fork();
void statics_after_fork_in_parent();
void statics_after_fork_in_child();

} // namespace shmemi::memory
