// A fake backend for the unit tests of src/core: it defines every function of
// transport/transport.hpp and transport/collectives.hpp without MPI. The process plays
// PE `my_pe` of `n_pes`; the other PEs are simulated memory:
//  - every PE has a heap (+ flag area) and a copy of the data+bss here;
//  - the PEs of this node (`node_pes`) get their heap handed to core through
//    map_memory's list, so core reaches them with loads and stores; the others
//    are reached only through the fake's put/get, which copy to and from
//    their memory here;
//  - collectives compute the result of a single participant (or copy this
//    PE's data into every slot), and nothing waits.
// Every transport call is recorded with the channel or Group it used.
// Configure with fake::configure() before shmemi::runtime_init; the state
// is reset by each init (transport::start).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "transport/collectives.hpp"
#include "transport/data_path.hpp"
#include "transport/job.hpp"

namespace shmemi::transport {

struct Channel {
  int id;            // 0: the default channel
  bool open = false; // handed out by channel_open and not closed
};

struct Group {
  int id;                        // creation order since init
  std::string kind;              // "world", "node", "self", "split", "progression"
  std::vector<int> world_pes;    // its members where the fake knows them (not for splits)
  const Group *parent = nullptr; // splits: the parent, color and key they were made with
  int color = 0;
  int key = 0;
  bool freed = false;
};

} // namespace shmemi::transport

namespace fake {

using shmemi::transport::Channel;
using shmemi::transport::Group;

struct Config {
  int my_pe = 0;
  int n_pes = 1;
  std::vector<int> node_pes; // the world PEs sharing this node; empty: all
  int thread_provided = 3;   // SHMEM_THREAD_MULTIPLE
};
void configure(const Config &config);

// One transport call. Fields not used by the call keep their defaults.
struct Call {
  std::string what; // the function's name: "put", "quiet", "reduce", ...
  const Channel *channel = nullptr;
  const Group *comm = nullptr;
  int pe = -1;            // world PE (put, get, amo, flush), root (broadcast),
                          // color (group_split, whose comm is the parent)
  std::size_t bytes = 0;  // put/get/amo bytes, strided block bytes, collective
                          // bytes, channels asked for (start_rma)
  std::size_t offset = 0; // put/get/amo: offset in the symmetric space
  shmemi::Space space = shmemi::Space::heap;
  std::size_t nblocks = 0; // strided transfers
  std::string routine;     // the routine the thread was in (base/report.hpp's Call), or ""
};
const std::vector<Call> &calls();
std::vector<Call> calls_of(const std::string &what);
void clear_calls();
// The routine the thread was in at the last poll, or "" (polls are not
// recorded as calls: a wait polls many times).
std::string last_poll_routine();

// The Group made last of that kind ("world", "split", ...), or null.
const Group *last_comm(const std::string &kind);
// Every Group made since init that has not been freed.
std::vector<const Group *> live_comms();

// World PE `pe`'s memory as simulated here (all PEs, mapped or not).
char *heap_of(int pe);
char *statics_of(int pe);
// Called by transport::poll(), which core's waits call: a test may play the
// other PEs there (e.g. raise flags a barrier waits for).
void on_poll(std::function<void()> hook);

} // namespace fake
