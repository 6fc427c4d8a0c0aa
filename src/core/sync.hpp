// The world barriers. When every PE is on this node they meet through
// flags in shared memory (a dissemination barrier, ceil(log2 n) rounds of
// one store and one wait); otherwise through MPI.
#pragma once

namespace shmemi {

// All PEs meet; stores and completed operations before the call are
// visible to every PE after it. No completion of outstanding operations.
void sync_all();
// quiet, then sync_all.
void barrier_all();

} // namespace shmemi
