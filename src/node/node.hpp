// The node: how a PE waits, and whether its atomics are the CPU's. What
// memory of the job this process maps is memory::mapping's
// (memory/memory.hpp).
#pragma once

#include "base/symmetric.hpp"
#include "memory/memory.hpp"

namespace shmemi::node {

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

// Sets how waits behave, once memory::start has mapped what it could;
// `single_thread`: the program runs at SHMEM_THREAD_SINGLE. Readies the
// predefined teams' flag slots.
void start(bool single_thread);
void stop();

// Whether AMOs on `space` are CPU atomics: where every PE's heap is mapped
// here (and, for global variables, every PE's data+bss); otherwise every
// AMO goes through the transport, whose atomics are not atomic with the
// CPU's (docs/decisions/atomicity.md).
inline bool cpu_atomics_on(Space space) {
  return memory::mapping.all_heaps && (space == Space::heap || memory::mapping.statics_shared);
}

} // namespace shmemi::node
