// What a child made by fork() gets of the symmetric memory this process
// shares with other PEs or with MPI (docs/decisions/fork.md): its stores
// never reach any PE's memory. This PE's region becomes the child's own
// copy-on-write mapping of the PE's memory file (nothing is copied at the
// fork), or, for shared memory without a file of the library's (MPI's, in
// forced inter-node mode), read-only; the mappings of other PEs' memory
// are not inherited. The global variables get their snapshot in
// statics.cpp.
#pragma once

#include <cstddef>

namespace shmemi::memory {

// Registers, once, the process's fork handlers (statics.cpp's, then the
// heap's in the child); false, with errno, if pthread_atfork failed.
// Called when the library is loaded, so that they run after the
// program's prepare handlers and before its child handlers (which may
// touch the heap), whatever the program registers.
bool fork_handlers();

// This PE's region [base, base + bytes), shared memory: a forked child
// maps `fd` (this PE's memory file, kept open until
// fork_forget_own_region; `pool`: on the reserved pool's pages) privately
// at `base`, or, where fd < 0, keeps the region read-only. Memory that is
// already private needs none of this.
void fork_private_region(char *base, std::size_t bytes, int fd, bool pool);
// Before the region is unmapped.
void fork_forget_own_region();
// A mapping of another PE's memory: a forked child does not get it.
void fork_leave_out(char *at, std::size_t bytes);
// Whether the page at `p` is mapped shared (MAP_SHARED).
bool mapped_shared(const void *p);

} // namespace shmemi::memory
