// Section 9.3: the symmetric heap's routines; each is collective and ends
// with the barrier the spec requires. Failures to allocate give NULL (and
// a debug message); bad arguments end the job.
#pragma once

#include <cstddef>

namespace shmemi {

void *heap_malloc(const char *routine, std::size_t size);
void *heap_calloc(const char *routine, std::size_t count, std::size_t size);
void *heap_align(const char *routine, std::size_t alignment, std::size_t size);
void heap_free(const char *routine, void *ptr);
void *heap_realloc(const char *routine, void *ptr, std::size_t size);
// The heap's bytes, and the largest block heap_malloc can return now.
std::size_t heap_size(const char *routine);
std::size_t heap_available(const char *routine);

// shmem_addr_accessible's answer for a valid PE: `addr` is symmetric.
bool symmetric(const void *addr);
// shmem_ptr: where this process's loads and stores reach `dest` on world PE
// `pe` (the heaps of the PEs on this node, this PE's own data+bss, and the
// data+bss of the node's other PEs when the node shares it); null for
// everything else.
void *local_pointer(const void *dest, int pe);

// What starts at `p`, for the Fortran SHPDEALLC and SHPCLMOVE checks.
enum class HeapPlace { outside, block, inside_block, free };
HeapPlace heap_place(const void *p);

} // namespace shmemi
