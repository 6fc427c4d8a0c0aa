// The program's global and static variables (its data and bss): where they
// are, and how the PEs of a node share them like the heap (docs/design.md,
// "Static data"): each PE moves its data+bss into a memory file mapped at
// the same addresses, and maps the files of the other PEs of its node.
#pragma once

#include <cstddef>

#include "port/symmetric.hpp"

namespace shmemi {

// The executable's data and bss (its writable PT_LOAD segments). Works for
// PIE and non-PIE executables; not for shared libraries' data.
Region static_data_region();

// This PE's data+bss, in whole pages, as a memory file.
struct StaticSegment {
  int fd = -1;           // the memory file; -1: not shared
  Region pages;          // statics rounded out to whole pages
  std::size_t lead = 0;  // statics.base - pages.base
};

// Moves the whole pages of the executable's writable segments into a new
// memory file mapped at the same addresses, contents kept (read-only
// relocations stay read-only). False, with a debug line and the memory
// untouched, where the system does not allow it.
bool share_statics(StaticSegment &out);

// Makes the whole pages of the data+bss an alias of `memory` (as many
// bytes, page-aligned, mapped shared from a file or a SysV segment, as
// MPI_Win_allocate memory often is), contents kept: what MPI writes into
// `memory` then lands in the variables. False, with the variables
// untouched, where `memory` is not such a mapping.
bool alias_statics(char *memory);

// Maps the segment process `pid` shared as its descriptor `fd` (through
// /proc, so nothing is ever named in /dev/shm), laid out like `mine`;
// returns where that process's data+bss start here, or null on failure.
char *map_peer_statics(int pid, int fd, const StaticSegment &mine);
void unmap_peer_statics(char *peer_statics, const StaticSegment &mine);

// Closes this PE's descriptor once the peers mapped it; the mappings stay.
void close_statics(StaticSegment &segment);

} // namespace shmemi
