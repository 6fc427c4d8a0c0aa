// The library's start and end, in order: the transport's, memory's, the
// node's and core's own parts (start.cpp).
#pragma once

namespace shmemi {

// shmem_init_thread: the first call starts everything, later ones nest.
void runtime_init(const char *routine, int requested, int *provided);
// shmem_finalize: the call matching the first init releases everything.
void runtime_finalize();

} // namespace shmemi
