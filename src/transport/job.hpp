// The transport's job half: what the library asks of its backend to start,
// join and end a job, expose memory, and run the end-of-job check. PE
// numbers are world PEs, counted from 0 over every PE of the job. The data
// path (transfers, atomics, ordering) is transport/data_path.hpp, the
// collectives transport/collectives.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/config.hpp"
#include "base/symmetric.hpp"

namespace shmemi::transport {

struct Identity {
  int my_pe;
  int n_pes;
  int thread_provided; // the SHMEM_THREAD_* level the backend provides
};

// What the library asks of the transport's start.
struct StartRequest {
  int thread_level;   // the SHMEM_THREAD_* level the program requested
  bool split_nodes;   // every PE will be its own node (join_nodes): no memory need be shared
  bool node_maps_all; // the PEs of a node will map each other's heaps and global variables
  Progress progress;  // SHMEM_PROGRESS (off also where SHMEM_PROGRESS_INTERVAL is 0)
  unsigned progress_us;
  bool info; // SHMEM_INFO: PE 0 says what progress it gets
  // Objects the program loads that call the backend's library only when
  // called (a tool that forwards every call), from the settings.
  std::string forwarding_tools;
};
// Starts the backend's library if the program has not (at the least thread
// level that the request and the progress it needs allow), or joins the
// program's use of it, and holds it until release. Collective over all PEs.
Identity start(const StartRequest &request);
// How the program's threads call the transport from now on: `concurrent`,
// several at once (SHMEM_THREAD_MULTIPLE); else one at a time, and with
// `watch` (SHMEM_DEBUG) a thread that calls while another is inside is
// reported once and waits its turn.
// Call before join_nodes.
void set_thread_calls(bool concurrent, bool watch);
// Which PEs share this PE's node. Collective over all PEs, which agree on
// what must be the same everywhere (the heap's size; split_nodes if any PE
// asks: every PE is then its own node).
struct Nodes {
  std::vector<int> pes; // the world PEs of this node, this PE among them
  bool shared = false;  // some node holds more than one PE
  // Some machine holds more than one PE, each its own node (forced
  // inter-node mode): memory the backend allocates may be shared between
  // them, and carry its transfers between them.
  bool machine_shared = false;
};
Nodes join_nodes(std::size_t heap_bytes, bool split_nodes);
// Each PE's region (memory/layout.hpp) is its heap, then room for the
// node layer, then backend_room() bytes the backend keeps for itself.
std::size_t backend_room();
// Where no node holds more than one PE but some machine does
// (machine_shared): the backend allocates this PE's region of `bytes` at a
// multiple of `alignment`, reachable by every PE. Returns per world PE its
// region as mapped here (this PE's; a backend that maps others' may return
// those too), else null. Collective.
std::vector<char *> allocate_heap(std::size_t bytes, std::size_t alignment);
// The regions the transport will expose (start_rma): per world PE as
// mapped here (null: not mapped), each starting with the heap, the
// backend's room at backend_offset. Called once, after allocate_heap if
// the backend allocated them.
void expose_heap(const std::vector<char *> &regions, std::size_t backend_offset);
// After the heap: where data moves through the transport (`remote`: some
// PE's memory is not mapped here, the same answer on every PE), exposes the
// heap and `statics` (whole pages around it) to the other PEs where they
// are: nothing moves or copies them. Then makes `channels` channels besides
// the default one (the least any PE asks for) and starts whatever progress
// start() planned and `remote` still needs. Collective.
void start_rma(const Region &statics, unsigned channels, bool remote);
// Collective over all PEs: every PE's `bytes` bytes, in PE order.
void allgather(const void *mine, std::size_t bytes, void *all);
// Collective over all PEs: whether `mine` is true on every PE.
bool all_true(bool mine);
// Undoes start_rma, expose_heap and join_nodes; the backend's library
// stays up.
void stop();
// The library lets go of the backend's library (at process exit), which
// ends it unless the program still uses it itself.
void release();
// Ends every PE of the job with `status`, as cleanly as the backend allows.
[[noreturn]] void abort_job(int status);
// For the SHMEM_VERSION print-out: the name and version of the library the
// backend runs on in this job, and of the one it was compiled against.
std::string backend_version();
std::string backend_built_against();

// The end-of-job check (core/ending.cpp). Every PE publishes its ending
// record where no user call touches it, readable by every PE, and PE 0's
// holds the count of PEs that reached the end (their last shmem_finalize,
// or the exit without one).
struct Ending {
  std::uint64_t waits;   // entries into and exits from blocking waits so far
  std::uint64_t blocked; // threads of this PE blocked in a wait for other PEs now
  std::uint64_t ending;  // 0 while the PE runs; then core/ending.cpp's word
  std::uint64_t checks;  // times a blocked wait found its condition still false
  // While a thread is blocked, the progress thread's latest sample of the
  // CPU time the program's thread has used: microseconds in the low
  // cpu_bits, the low bits of `waits` at the sample above them (so that a
  // sample taken in an earlier wait is told apart). 0: none yet.
  std::uint64_t cpu;
  static constexpr int cpu_bits = 48;
};
// A thread of this PE starts (+1) or stops (-1) waiting for other PEs
// (waiting loops after their first spins, blocking collectives): two local
// atomic adds. Nothing before start_rma or after stop.
void count_blocked(int delta);
// A blocked wait found its condition false once more (Ending::checks): a
// local store and a fence, so that the wait's next check comes after it.
void still_waiting();
void set_ending(std::uint64_t word);
Ending ending_of(int pe); // through the transport (this PE's: a local read)
void arrive_at_end();     // adds 1 to PE 0's count; complete when it returns
int arrived_at_end();     // PE 0's count

} // namespace shmemi::transport
