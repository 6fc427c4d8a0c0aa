// The fake backend (see fake_backend.hpp): one process, simulated peers,
// every call recorded.
#include "fake_backend.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>

#include "base/report.hpp"

namespace {

using namespace shmemi::transport;
using shmemi::Region;
using shmemi::Space;
using shmemi::SymAddr;

// A region (heap and rooms) at the alignment the memory layer asks for.
struct Heap {
  void *map = nullptr;
  std::size_t len = 0;
  char *base = nullptr;
};

Heap map_heap(std::size_t bytes, std::size_t alignment) {
  Heap h;
  h.len = alignment + bytes;
  h.map = mmap(nullptr, h.len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (h.map == MAP_FAILED) {
    std::perror("fake backend: mmap");
    std::abort();
  }
  const auto at = reinterpret_cast<std::uintptr_t>(h.map);
  h.base = reinterpret_cast<char *>((at + alignment - 1) / alignment * alignment);
  return h;
}

struct State {
  fake::Config config;
  std::vector<Heap> heaps; // per world PE
  // Per world PE its data+bss (this PE's: the real ones): mapped, so that
  // what no test touches costs nothing (the statics tests' large bss).
  std::vector<Heap> statics;
  Region my_statics;
  std::deque<Channel> channels{Channel{0}}; // [0]: the default channel
  std::deque<Group> comms;                  // deque: Group pointers stay valid
  std::vector<fake::Call> calls;
  std::function<void()> poll_hook;
  std::string poll_routine; // Call::routine_or("") at the last poll
  bool arrived = false;
  bool split_nodes = false; // join_nodes was asked for every PE its own node
};
State state;

fake::Call &record(const std::string &what) {
  fake::Call call;
  call.what = what;
  call.routine = shmemi::Call::routine_or("");
  state.calls.push_back(call);
  return state.calls.back();
}

fake::Call &record(const std::string &what, const Channel &ch) {
  fake::Call &c = record(what);
  c.channel = &ch;
  return c;
}

fake::Call &record(const std::string &what, const Group &comm, std::size_t bytes = 0) {
  fake::Call &c = record(what);
  c.comm = &comm;
  c.bytes = bytes;
  return c;
}

fake::Call &record(const std::string &what, const Channel &ch, SymAddr at, std::size_t bytes,
                   int pe) {
  fake::Call &c = record(what, ch);
  c.space = at.space;
  c.offset = at.offset;
  c.bytes = bytes;
  c.pe = pe;
  return c;
}

bool on_node(int pe, bool split_nodes) {
  const auto &node = state.config.node_pes;
  if (split_nodes) return pe == state.config.my_pe;
  return node.empty() || std::find(node.begin(), node.end(), pe) != node.end();
}

void unmap_heaps() {
  for (Heap &h : state.heaps) munmap(h.map, h.len);
  for (Heap &h : state.statics) munmap(h.map, h.len);
  state.heaps.clear();
  state.statics.clear();
}

Group *new_comm(const std::string &kind, std::vector<int> world_pes) {
  state.comms.push_back(Group{static_cast<int>(state.comms.size()), kind, std::move(world_pes)});
  Group *comm = &state.comms.back();
  if (kind != "split") record("comm_" + kind, *comm);
  return comm;
}

// This PE's place in a Group whose members the fake knows (0 otherwise).
std::size_t my_index(const Group &comm) {
  const auto &pes = comm.world_pes;
  const auto it = std::find(pes.begin(), pes.end(), state.config.my_pe);
  return it == pes.end() ? 0 : static_cast<std::size_t>(it - pes.begin());
}

char *remote(SymAddr at, int pe) {
  return (at.space == Space::heap ? fake::heap_of(pe) : fake::statics_of(pe)) + at.offset;
}

void copy_strided(char *d, const char *s, const Strided &shape) {
  for (std::size_t b = 0; b < shape.nblocks; ++b, d += shape.dst_stride, s += shape.src_stride)
    std::memcpy(d, s, shape.block_bytes);
}

} // namespace

// ---- the test's side --------------------------------------------------------

namespace fake {

void configure(const Config &config) { state.config = config; }
const std::vector<Call> &calls() { return state.calls; }
void clear_calls() { state.calls.clear(); }

std::string last_poll_routine() { return state.poll_routine; }

std::vector<Call> calls_of(const std::string &what) {
  std::vector<Call> out;
  for (const Call &c : state.calls)
    if (c.what == what) out.push_back(c);
  return out;
}

const Group *last_comm(const std::string &kind) {
  for (auto it = state.comms.rbegin(); it != state.comms.rend(); ++it)
    if (it->kind == kind) return &*it;
  return nullptr;
}

std::vector<const Group *> live_comms() {
  std::vector<const Group *> out;
  for (const Group &c : state.comms)
    if (!c.freed) out.push_back(&c);
  return out;
}

char *heap_of(int pe) { return state.heaps.at(static_cast<std::size_t>(pe)).base; }

char *statics_of(int pe) {
  if (pe == state.config.my_pe) return state.my_statics.base;
  return state.statics.at(static_cast<std::size_t>(pe)).base;
}

void on_poll(std::function<void()> hook) { state.poll_hook = std::move(hook); }

} // namespace fake

// ---- transport/transport.hpp -----------------------------------------------------

namespace shmemi::transport {

// A new job: what the test configured stays, the rest starts afresh.
Identity start(const StartRequest &) {
  const fake::Config config = state.config;
  std::function<void()> hook = std::move(state.poll_hook);
  unmap_heaps();
  state = State{};
  state.config = config;
  state.poll_hook = std::move(hook);
  record("start");
  return {config.my_pe, config.n_pes, config.thread_provided};
}

void set_thread_calls(bool, bool) { record("set_thread_calls"); }

// The simulated node's heaps are all in this process, so the fake says
// that no node shares memory but the machine is shared (as in forced
// inter-node mode), and hands core every heap of this node from
// allocate_heap.
Nodes join_nodes(std::size_t, bool split_nodes) {
  state.split_nodes = split_nodes;
  Nodes nodes;
  nodes.machine_shared = state.config.n_pes > 1;
  for (int pe = 0; pe < state.config.n_pes; ++pe)
    if (on_node(pe, split_nodes)) nodes.pes.push_back(pe);
  return nodes;
}

std::size_t backend_room() { return 4096; }

std::vector<char *> allocate_heap(std::size_t bytes, std::size_t alignment) {
  std::vector<char *> peers;
  for (int pe = 0; pe < state.config.n_pes; ++pe) {
    state.heaps.push_back(map_heap(bytes, alignment));
    peers.push_back(on_node(pe, state.split_nodes) ? state.heaps.back().base : nullptr);
  }
  return peers;
}

void expose_heap(const std::vector<char *> &, std::size_t) { record("expose_heap"); }

// The other PEs' data+bss, for puts and gets to PEs off this node.
void start_rma(const Region &statics, unsigned channels, bool) {
  state.my_statics = statics;
  for (int pe = 0; pe < state.config.n_pes; ++pe)
    state.statics.push_back(map_heap(statics.size, 16));
  for (unsigned i = 1; i <= channels; ++i) state.channels.push_back(Channel{static_cast<int>(i)});
  record("start_rma").bytes = channels;
}

void allgather(const void *mine, std::size_t bytes, void *all) {
  for (int pe = 0; pe < state.config.n_pes; ++pe)
    std::memcpy(static_cast<char *>(all) + static_cast<std::size_t>(pe) * bytes, mine, bytes);
}

bool all_true(bool mine) { return mine; }

void stop() {
  record("stop");
  unmap_heaps();
}

void release() {}

[[noreturn]] void abort_job(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(status);
}

std::string backend_version() { return "the fake backend"; }
std::string backend_built_against() { return "the unit tests"; }

void count_blocked(int) {}
void still_waiting() {}
void set_ending(std::uint64_t) {}
Ending ending_of(int) { return {}; }
void arrive_at_end() { state.arrived = true; }
// The simulated PEs are at the end as soon as this one is.
int arrived_at_end() { return state.arrived ? state.config.n_pes : 0; }

Channel &default_channel() { return state.channels.front(); }

Channel &channel_open(bool) {
  auto free = std::find_if(state.channels.begin() + 1, state.channels.end(),
                           [](const Channel &c) { return !c.open; });
  Channel &ch = free == state.channels.end() ? default_channel() : *free;
  if (&ch != &default_channel()) ch.open = true;
  record("channel_open", ch);
  return ch;
}

void channel_close(Channel &channel) {
  channel.open = false;
  record("channel_close", channel);
}

void put(Channel &ch, SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion) {
  record("put", ch, dest, nbytes, pe);
  std::memcpy(remote(dest, pe), source, nbytes);
}

void get(Channel &ch, void *dest, SymAddr source, std::size_t nbytes, int pe, Completion) {
  record("get", ch, source, nbytes, pe);
  std::memcpy(dest, remote(source, pe), nbytes);
}

void put_strided(Channel &ch, SymAddr dest, const void *source, const Strided &shape, int pe) {
  record("put_strided", ch, dest, shape.block_bytes, pe).nblocks = shape.nblocks;
  copy_strided(remote(dest, pe), static_cast<const char *>(source), shape);
}

void get_strided(Channel &ch, void *dest, SymAddr source, const Strided &shape, int pe) {
  record("get_strided", ch, source, shape.block_bytes, pe).nblocks = shape.nblocks;
  copy_strided(static_cast<char *>(dest), remote(source, pe), shape);
}

// Recorded only; a fetched value reads as zero.
void amo(Channel &ch, SymAddr dest, AmoOp, AmoType type, const void *, const void *, void *result,
         int pe, Completion) {
  const bool wide = type == AmoType::i64 || type == AmoType::u64 || type == AmoType::f64;
  record("amo", ch, dest, wide ? 8 : 4, pe);
  if (result) std::memset(result, 0, wide ? 8 : 4);
}

void poll() {
  state.poll_routine = shmemi::Call::routine_or("");
  if (state.poll_hook) state.poll_hook();
}

void flush(Channel &ch, int pe) { record("flush", ch).pe = pe; }
void quiet(Channel &ch) { record("quiet", ch); }
void fence(Channel &ch) { record("fence", ch); }
void quiet_all() { record("quiet_all"); }
void sync_all() { record("sync_all"); }

// ---- transport/collectives.hpp ---------------------------------------------------

Group *group_world() {
  std::vector<int> all(static_cast<std::size_t>(state.config.n_pes));
  for (int pe = 0; pe < state.config.n_pes; ++pe) all[static_cast<std::size_t>(pe)] = pe;
  return new_comm("world", all);
}

Group *group_node(std::vector<int> &world_pes) {
  world_pes.clear();
  for (int pe = 0; pe < state.config.n_pes; ++pe)
    if (on_node(pe, false)) world_pes.push_back(pe);
  return new_comm("node", world_pes);
}

Group *group_self() { return new_comm("self", {state.config.my_pe}); }

// The members of a split depend on every PE's color: the fake records
// what this PE asked for (the call names the parent, pe holds the color).
Group *group_split(const Group &parent, int color, int key) {
  record("group_split", parent).pe = color;
  if (color < 0) return nullptr;
  Group *comm = new_comm("split", {});
  comm->parent = &parent;
  comm->color = color;
  comm->key = key;
  return comm;
}

Group *group_of_progression(int start, int stride, int size) {
  std::vector<int> pes;
  for (int i = 0; i < size; ++i) pes.push_back(start + i * stride);
  return new_comm("progression", pes);
}

// A second free of one Group is a bug in core: end the test loudly.
void group_free(Group *comm) {
  if (comm == nullptr) return;
  if (comm->freed) {
    std::fprintf(stderr, "fake backend: Group %d (%s) freed twice\n", comm->id, comm->kind.c_str());
    std::abort();
  }
  comm->freed = true;
  record("group_free", *comm);
}

std::uint64_t team_and(const Group &team, std::uint64_t mine) {
  record("team_and", team);
  return mine;
}

void team_sync(const Group &team) { record("team_sync", team); }

void broadcast(const Group &team, void *, std::size_t nbytes, int root) {
  record("broadcast", team, nbytes).pe = root;
}

// Every member of a known Group gives as much as this PE.
std::vector<std::size_t> gather_sizes(const Group &team, std::size_t mine) {
  record("gather_sizes", team, mine);
  return std::vector<std::size_t>(std::max<std::size_t>(1, team.world_pes.size()), mine);
}

// Only this PE's block lands (the others' data is not simulated).
void gather_blocks(const Group &team, void *dest, const void *source,
                   const std::vector<std::size_t> &sizes) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < my_index(team); ++i) at += sizes[i];
  record("gather_blocks", team, sizes.at(my_index(team)));
  std::memcpy(static_cast<char *>(dest) + at, source, sizes[my_index(team)]);
}

// Only the block from this PE to itself moves.
void alltoall(const Group &team, void *dest, const void *source, const Exchange &x) {
  record("alltoall", team, x.nelems * x.elem_bytes);
  const std::size_t me = my_index(team);
  for (std::size_t e = 0; e < x.nelems; ++e)
    std::memcpy(static_cast<char *>(dest) + (me * x.nelems + e) * x.dst_stride * x.elem_bytes,
                static_cast<const char *>(source) +
                    (me * x.nelems + e) * x.src_stride * x.elem_bytes,
                x.elem_bytes);
}

// As if this PE were the only member.
void reduce(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem, Op) {
  record("reduce", team, nelems * elem.bytes);
  std::memmove(dest, source, nelems * elem.bytes);
}

void sum_scan(const Group &team, void *dest, const void *source, std::size_t nelems, Elem elem,
              bool inclusive) {
  record("sum_scan", team, nelems * elem.bytes);
  if (inclusive)
    std::memmove(dest, source, nelems * elem.bytes);
  else
    std::memset(dest, 0, nelems * elem.bytes);
}

// The nonblocking forms do their work at once (as if it completed at the
// start) and are counted until complete() or advance().
namespace {
struct FakeStarted {
  const Group *team;
  Ticket ticket;
};
std::vector<FakeStarted> started_on;
Ticket last_ticket = 0;

Ticket started(const Group &team) {
  started_on.push_back({&team, ++last_ticket});
  return last_ticket;
}

// Removes the started ones `gone` picks; records and returns how many.
template <class F> std::size_t forget(const Group *team, F gone) {
  const auto kept = std::remove_if(started_on.begin(), started_on.end(), gone);
  const auto done = static_cast<std::size_t>(started_on.end() - kept);
  started_on.erase(kept, started_on.end());
  if (done > 0) {
    fake::Call &c = record("complete");
    c.comm = team;
    c.bytes = done;
  }
  return done;
}
} // namespace

Ticket sync_start(const Group &team) {
  team_sync(team);
  return started(team);
}

Ticket broadcast_start(const Group &team, void *buffer, std::size_t nbytes, int root) {
  broadcast(team, buffer, nbytes, root);
  return started(team);
}

Ticket collect_start(const Group &team, void *dest, const void *source, std::size_t mine,
                     bool fixed, std::function<void(std::size_t)> check_total) {
  const std::vector<std::size_t> sizes(std::max<std::size_t>(1, team.world_pes.size()), mine);
  if (!fixed) check_total(mine * sizes.size());
  gather_blocks(team, dest, source, sizes);
  return started(team);
}

Ticket alltoall_start(const Group &team, void *dest, const void *source, const Exchange &x) {
  alltoall(team, dest, source, x);
  return started(team);
}

Ticket reduce_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                    Elem elem, Op op) {
  reduce(team, dest, source, nelems, elem, op);
  return started(team);
}

Ticket sum_scan_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                      Elem elem, bool inclusive) {
  sum_scan(team, dest, source, nelems, elem, inclusive);
  return started(team);
}

std::size_t complete(const Group *team) {
  return forget(team, [&](const FakeStarted &s) { return team == nullptr || s.team == team; });
}

Advanced advance(const Group *team, Ticket ticket, bool) {
  return {forget(team, [&](const FakeStarted &s) { return s.team == team && s.ticket <= ticket; }),
          true};
}

} // namespace shmemi::transport
