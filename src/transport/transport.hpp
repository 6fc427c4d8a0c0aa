// The transport: everything the library asks of its backend (src/mpi_rma/,
// the only user of MPI), in bytes, PEs and symmetric addresses. PE numbers
// are world PEs (ranks of MPI_COMM_WORLD). Collectives and communicators
// are in transport/collectives.hpp.
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
  int thread_provided; // the SHMEM_THREAD_* level MPI provides
};

// What the library asks of the transport's start.
struct StartRequest {
  int thread_level;   // the SHMEM_THREAD_* level the program requested
  bool split_nodes;   // every PE will be its own node (join_nodes), so MPI need not share memory
  bool node_maps_all; // the PEs of a node will map each other's heaps and global variables
  Progress progress;  // SHMEM_PROGRESS (off also where SHMEM_PROGRESS_INTERVAL is 0)
  unsigned progress_us;
  bool info;             // SHMEM_INFO: PE 0 says what progress it gets
  std::string mpi_tools; // SHMEM_MPI_TOOLS: objects that call MPI only when called
};
// Starts MPI if the program has not (at the least thread level that the
// request and the progress it needs allow), or joins the program's MPI,
// and holds it until release_mpi (see mpi_rma/hybrid.cpp). Collective over
// MPI_COMM_WORLD.
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
  // them, and carry its RMA between them.
  bool machine_shared = false;
};
Nodes join_nodes(std::size_t heap_bytes, bool split_nodes);
// Each PE's region (memory/layout.hpp) is its heap, then room for the
// node layer, then backend_room() bytes the backend keeps for itself.
std::size_t backend_room();
// Where no node holds more than one PE but some machine does
// (machine_shared): the backend allocates this PE's region of `bytes` at a multiple of `alignment`,
// with a window over every PE's. Returns per world PE its region as mapped here (this PE's; a
// backend that maps others' may return those too), else null. Collective.
std::vector<char *> allocate_heap(std::size_t bytes, std::size_t alignment);
// The regions the transport will expose (start_rma): per world PE as
// mapped here (null: not mapped), the heap their first heap_bytes, the
// backend's room at backend_offset. Called once, after allocate_heap if
// the backend allocated them.
void expose_heap(const std::vector<char *> &regions, std::size_t heap_bytes,
                 std::size_t backend_offset);
// After the heap: where data moves through the transport (`windows`: some
// PE's memory is not mapped here, the same answer on every PE), exposes the
// heap and `statics` (whole pages around it) to the other PEs; the window
// is made over the variables where they are: nothing moves or copies them.
// Then makes `channels` channels besides the default one (the least any PE
// asks for), opens the access epochs and starts whatever progress start()
// planned and `windows` still needs. Collective.
void start_rma(const Region &statics, unsigned channels, bool windows);
// Collective over all PEs: every PE's `bytes` bytes, in PE order.
void allgather(const void *mine, std::size_t bytes, void *all);
// Collective over all PEs: whether `mine` is true on every PE.
bool all_true(bool mine);
// Frees the windows and the library's communicator; MPI stays up.
void stop();
// The library lets go of MPI (at process exit), which ends it unless the
// program still holds it (initialized it and has not called MPI_Finalize).
void release_mpi();
// Ends every PE of the job with `status`, as cleanly as MPI allows.
[[noreturn]] void abort_job(int status);
// For the SHMEM_VERSION print-out: the MPI library the job runs with (the
// first line of MPI_Get_library_version), and the MPI the library was
// compiled against ("MPI 4.0, MPICH 4.0.2").
std::string mpi_library_version();
std::string mpi_built_against();

// The end-of-job check (core/ending.cpp). Every PE publishes its ending
// record in a small window of its own, which no user call touches, and PE
// 0's holds the count of PEs that reached the end (their last
// shmem_finalize, or the exit without one).
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
// (waiting loops after their first spins, MPI collectives): two local
// atomic adds. Nothing before start_rma or after stop.
void count_blocked(int delta);
// A blocked wait found its condition false once more (Ending::checks): a
// local store and a fence, so that the wait's next check comes after it.
void still_waiting();
void set_ending(std::uint64_t word);
Ending ending_of(int pe); // through MPI (this PE's: a local read)
void arrive_at_end();     // adds 1 to PE 0's count; complete when it returns
int arrived_at_end();     // PE 0's count

// When a blocking routine's call returns, `source` may be reused (puts) or
// `dest` holds the data (gets); remote completion needs quiet().
enum class Completion { local, deferred };

// Byte layout of a strided transfer: nblocks blocks of block_bytes each,
// consecutive blocks dst_stride/src_stride bytes apart.
struct Strided {
  std::ptrdiff_t dst_stride;
  std::ptrdiff_t src_stride;
  std::size_t block_bytes;
  std::size_t nblocks;
};

// The operations of a context go through its channel, and completing a
// channel completes only what was issued on it: a context's quiet does not
// wait for another context's transfers. The backend has a fixed number of
// channels (made by start_rma); contexts beyond that share the default one.
struct Channel;
// The default context's channel, which the library's own operations use.
Channel &default_channel();
// A channel of its own if one is free, else the default channel. Local;
// safe from several threads. `one_thread`: only one thread will use it (a
// private context), so its quiet can flush just the PEs it wrote to.
Channel &channel_open(bool one_thread);
// Gives back a channel from channel_open after quiet(channel).
void channel_close(Channel &channel);

void put(Channel &ch, SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion c);
void get(Channel &ch, void *dest, SymAddr source, std::size_t nbytes, int pe, Completion c);
void put_strided(Channel &ch, SymAddr dest, const void *source, const Strided &shape, int pe);
void get_strided(Channel &ch, void *dest, SymAddr source, const Strided &shape, int pe);

// Atomic memory operations on one element. `result` (may be null) gets the
// value before the operation: when the call returns if c is local, else by
// the next quiet. The operands are copied; they need not outlive the call.
enum class AmoOp : std::uint8_t { fetch, replace, sum, band, bor, bxor, cswap };
enum class AmoType : std::uint8_t { i32, i64, u32, u64, f32, f64 };

void amo(Channel &ch, SymAddr dest, AmoOp op, AmoType type, const void *operand,
         const void *compare, void *result, int pe, Completion c);

// Lets the MPI library progress incoming operations and makes remote writes
// to this PE visible to its loads; called by waiting loops.
void poll();

// Every operation issued on the channel so far to `pe` is complete there.
void flush(Channel &ch, int pe);
// Every operation issued on the channel so far is complete everywhere.
void quiet(Channel &ch);
// Operations on the channel to each PE are ordered.
void fence(Channel &ch);
// Every channel's operations issued so far are complete everywhere.
void quiet_all();
// All PEs meet; no completion of outstanding operations.
void sync_all();

} // namespace shmemi::transport
