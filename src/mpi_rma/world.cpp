// Start and stop of MPI, the windows, and the job-wide synchronization.
// Owns the world (world.hpp), the layout of the windows' memory
// (windows.hpp) and the wake-up flags (wake.hpp).
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <atomic>
#include <functional>
#include <initializer_list>
#include <string>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/aligned_map.hpp"
#include "base/report.hpp"
#include "base/symmetric.hpp"
#include "mpi_rma/channels.hpp"
#include "mpi_rma/coll_common.hpp"
#include "mpi_rma/hybrid.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/memory_sync.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/progress.hpp"
#include "mpi_rma/progress_plan.hpp"
#include "mpi_rma/rma_turns.hpp"
#include "mpi_rma/strided_types.hpp"
#include "mpi_rma/wake.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"
#include "transport/transport.hpp"

namespace shmemi::mpi_rma {

World world;
Windows windows;
std::vector<std::atomic<int> *> wake_flags;

namespace {

// The memory of this PE's windows: its heap's (the heap after
// windows.heap_shift[my_pe]) and its data+bss's whole pages (the data
// after windows.static_shift[my_pe]).
Region heap_window;
Region static_pages;
// This PE's heap mapped a second time at an aligned address, where MPI
// allocated it as shared memory (allocate_window_heap).
Region heap_alias;

// The PEs whose heaps this PE maps: the node's, or this PE alone.
void make_node_comm(bool split_nodes) {
  if (split_nodes)
    SHMEMI_MPI(MPI_Comm_split(world.comm, world.my_pe, 0, &world.node));
  else
    SHMEMI_MPI(MPI_Comm_split_type(world.comm, MPI_COMM_TYPE_SHARED, world.my_pe, MPI_INFO_NULL,
                                   &world.node));
  int node_size = 0;
  SHMEMI_MPI(MPI_Comm_size(world.node, &node_size));
  world.node_pes.assign(static_cast<std::size_t>(node_size), -1);
  SHMEMI_MPI(
      MPI_Allgather(&world.my_pe, 1, MPI_INT, world.node_pes.data(), 1, MPI_INT, world.node));
}

// The PEs on this PE's machine as MPI sees them: its node's, unless every
// PE was made its own node.
int machine_size() {
  if (!world.split_forced) return static_cast<int>(world.node_pes.size());
  MPI_Comm machine = MPI_COMM_NULL;
  SHMEMI_MPI(
      MPI_Comm_split_type(world.comm, MPI_COMM_TYPE_SHARED, world.my_pe, MPI_INFO_NULL, &machine));
  int size = 0;
  SHMEMI_MPI(MPI_Comm_size(machine, &size));
  SHMEMI_MPI(MPI_Comm_free(&machine));
  return size;
}

// The one CPU this PE may run on, or -1 where it may run on several (or
// its affinity cannot be read).
int single_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) != 1) return -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) return cpu;
  return -1;
}

// Two PEs of this node bound each to the same single CPU (a launcher's
// binding: srun --cpu-bind=map_cpu:0,0, or more tasks than cores with
// one core each): PEs that wait busy-poll, so these take turns on one
// core while others may be idle. Returns whether this PE is the node's
// lowest of such a pair and sets `pes` and `cpu` to say which.
bool bound_together(int pes[2], int &cpu) {
  const int mine = single_cpu();
  std::vector<int> cpus(world.node_pes.size(), -1);
  SHMEMI_MPI(MPI_Allgather(&mine, 1, MPI_INT, cpus.data(), 1, MPI_INT, world.node));
  for (std::size_t i = 0; i < cpus.size(); ++i)
    for (std::size_t j = i + 1; j < cpus.size(); ++j)
      if (cpus[i] >= 0 && cpus[i] == cpus[j]) {
        pes[0] = world.node_pes[i];
        pes[1] = world.node_pes[j];
        cpu = cpus[i];
        return world.node_pes[i] == world.my_pe;
      }
  return false;
}

// An MPI_Info of key = "true" hints, freed with the object.
class TrueHints {
public:
  explicit TrueHints(std::initializer_list<const char *> keys) {
    SHMEMI_MPI(MPI_Info_create(&info_));
    for (const char *key : keys) SHMEMI_MPI(MPI_Info_set(info_, key, "true"));
  }
  ~TrueHints() { SHMEMI_MPI(MPI_Info_free(&info_)); }
  TrueHints(const TrueHints &) = delete;
  TrueHints &operator=(const TrueHints &) = delete;
  MPI_Info get() const { return info_; }

private:
  MPI_Info info_ = MPI_INFO_NULL;
};

constexpr std::size_t page_bytes = 4096;

// Allocated for a region of `bytes` by MPI: the region and room to align:
// a page (MPI aligns window bases to less), or with `padded` room for
// `alignment`. Untouched pages cost no memory
// (docs/decisions/node-memory.md).
MPI_Aint heap_allocation(std::size_t bytes, std::size_t alignment, bool padded) {
  return static_cast<MPI_Aint>((padded ? alignment : page_bytes) + bytes);
}

// The wake-up flags, when every PE's region is mapped here: the first word
// of each backend room.
void find_wake_flags(const std::vector<char *> &regions, std::size_t backend_offset) {
  wake_flags.clear();
  for (char *region : regions)
    if (region == nullptr)
      return wake_flags.clear();
    else
      wake_flags.push_back(reinterpret_cast<std::atomic<int> *>(region + backend_offset));
  wake_flags[static_cast<std::size_t>(world.my_pe)]->store(0);
}

// Distance from `base` to the first multiple of `alignment` (a power of two).
MPI_Aint align_shift(const void *base, std::size_t alignment) {
  const auto address = reinterpret_cast<std::uintptr_t>(base);
  return static_cast<MPI_Aint>((alignment - address % alignment) % alignment);
}

// Every PE its own node, several on a machine (SHMEM_FORCE_INTERNODE): one
// MPI_Win_allocate, whose base MPI does not align (MPICH: 16 bytes past a
// page at 1 PE; Open MPI osc/rdma: 8 mod 16). Where MPI allocated shared
// memory, the heap's pages are mapped a second time at a multiple of
// `alignment` for this PE's own use, so MPI allocates the region alone;
// elsewhere (private memory, which cannot be mapped twice) MPI allocates
// room to align, and the region starts at its first multiple of
// `alignment`. Each PE's shift from its window base is allgathered into
// the displacement.
char *allocate_window_heap(std::size_t bytes, std::size_t alignment, bool padded) {
  const MPI_Aint size = heap_allocation(bytes, alignment, padded);
  char *base = nullptr;
  SHMEMI_MPI(MPI_Win_allocate(size, 1, TrueHints{"same_size"}.get(), world.comm, &base,
                              &transport::default_channel().heap_win));
  heap_window = {base, static_cast<std::size_t>(size)};
  const MPI_Aint shift = align_shift(base, padded ? alignment : page_bytes);
  char *heap = base + shift;
  if (!padded) {
    // The system call itself: UCX, which both MPIs may load, replaces
    // mremap() with a function that drops the fifth argument.
    heap = map_aligned(bytes, alignment, [&](void *at) {
      return syscall(SYS_mremap, base + shift, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, at) ==
             reinterpret_cast<long>(at);
    });
    if (!transport::all_true(heap != nullptr)) {
      if (heap != nullptr) munmap(heap, bytes);
      SHMEMI_MPI(MPI_Win_free(&transport::default_channel().heap_win));
      return allocate_window_heap(bytes, alignment, true);
    }
    heap_alias = {heap, bytes};
  }
  windows.heap_shift.assign(static_cast<std::size_t>(world.n_pes), 0);
  SHMEMI_MPI(
      MPI_Allgather(&shift, 1, MPI_AINT, windows.heap_shift.data(), 1, MPI_AINT, world.comm));
  return heap;
}

} // namespace

// A window over heap_window (a channel's, but the default channel's
// where MPI allocates the memory).
void create_heap_window(MPI_Win &win) {
  SHMEMI_MPI(MPI_Win_create(heap_window.base, static_cast<MPI_Aint>(heap_window.size), 1,
                            TrueHints{"same_size"}.get(), world.comm, &win));
}

// A channel's window over static_pages.
void create_static_window(MPI_Win &win) {
  SHMEMI_MPI(MPI_Win_create(static_pages.base, static_cast<MPI_Aint>(static_pages.size), 1,
                            MPI_INFO_NULL, world.comm, &win));
}

namespace {

// The static data's window: created over the variables' whole pages
// (MPICH misplaces data in windows not 16-byte aligned), so that nothing
// moves them while the program may be using them, and untouched pages stay
// untouched (docs/decisions/global-variables.md); not a dynamic window,
// whose fetch-adds were slow on Open MPI (docs/bench/notes.md, "Global
// variables").
void make_default_static_window(const Region &statics) {
  const Region pages = whole_pages(statics, static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
  static_pages = pages;
  const MPI_Aint shift = statics.base - pages.base;
  windows.static_shift.assign(static_cast<std::size_t>(world.n_pes), 0);
  SHMEMI_MPI(
      MPI_Allgather(&shift, 1, MPI_AINT, windows.static_shift.data(), 1, MPI_AINT, world.comm));
  create_static_window(transport::default_channel().static_win);
}

// Settings from each PE's environment, which can differ (Open MPI passes
// variables only to the PEs on mpiexec's host unless told with -x), agreed
// in one reduction: forced inter-node mode if any PE asks for it (what
// follows is collective), and whether the heap size and Open MPI's osc list
// are the same everywhere (windows made with different ones hang).
struct Agreed {
  bool split_nodes;
};

Agreed agree(std::size_t heap_bytes, bool split_nodes) {
#ifdef OPEN_MPI
  const char *osc = std::getenv("OMPI_MCA_osc");
  const unsigned long long osc_hash = std::hash<std::string>{}(osc ? osc : "");
#else
  const char *osc = "";
  const unsigned long long osc_hash = 0;
#endif
  // max(x) and max(~x): equal everywhere iff max(x) == ~max(~x) (= min(x)).
  const unsigned long long mine[] = {heap_bytes, ~heap_bytes, osc_hash, ~osc_hash, split_nodes};
  unsigned long long most[5] = {};
  SHMEMI_MPI(MPI_Allreduce(mine, most, 5, MPI_UNSIGNED_LONG_LONG, MPI_MAX, world.comm));
  if (most[0] != ~most[1])
    fatal(Call::routine_or(__func__),
          "SHMEM_SYMMETRIC_SIZE differs between PEs (%zu bytes here); every PE must use the "
          "same value",
          heap_bytes);
  if (most[2] != ~most[3])
    fatal(Call::routine_or(__func__),
          "OMPI_MCA_osc differs between PEs (\"%s\" here), so they would create windows "
          "with different components; set it, and SHMEM_FORCE_INTERNODE, the same on every PE "
          "(mpiexec -x NAME passes a variable to all hosts)",
          osc ? osc : "");
  return {most[4] != 0};
}

} // namespace
} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

Identity start(const StartRequest &request) {
  const int provided = library_hold(request.split_nodes, progress_plan(request));
  SHMEMI_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &world.comm));
  SHMEMI_MPI(MPI_Comm_set_errhandler(world.comm, MPI_ERRORS_RETURN));
  Identity id{};
  SHMEMI_MPI(MPI_Comm_rank(world.comm, &id.my_pe));
  SHMEMI_MPI(MPI_Comm_size(world.comm, &id.n_pes));
  id.thread_provided = shmem_thread_level(provided);
  world.my_pe = id.my_pe;
  world.n_pes = id.n_pes;
  return id;
}

Nodes join_nodes(std::size_t heap_bytes, bool split_nodes) {
  const Agreed agreed = agree(heap_bytes, split_nodes);
  make_node_comm(agreed.split_nodes);
  world.split_forced = agreed.split_nodes;
  int pair[2] = {-1, -1}, cpu = -1;
  const bool bound = world.node_pes.size() > 1 && bound_together(pair, cpu);
  // The third: the lowest PE of the job that found such a pair on its
  // node, as n_pes - PE, so that one PE of the whole job says so.
  const int sizes[3] = {static_cast<int>(world.node_pes.size()), machine_size(),
                        bound ? world.n_pes - world.my_pe : 0};
  int largest[3] = {};
  SHMEMI_MPI(MPI_Allreduce(sizes, largest, 3, MPI_INT, MPI_MAX, world.comm));
  if (bound && largest[2] == world.n_pes - world.my_pe)
    warn(Call::routine_or("shmem_init"),
         "PEs %d and %d of one node are both bound to CPU %d alone: PEs that wait poll, so they "
         "will take turns on that core; bind each PE to cores of its own (srun "
         "--cpu-bind=cores with enough cores per task) or not at all (--cpu-bind=none)",
         pair[0], pair[1], cpu);
  channels_begin();
  return {world.node_pes, largest[0] > 1, largest[1] > 1};
}

std::size_t backend_room() { return page_bytes; }

std::vector<char *> allocate_heap(std::size_t bytes, std::size_t alignment) {
  std::vector<char *> regions(static_cast<std::size_t>(world.n_pes), nullptr);
  regions[static_cast<std::size_t>(world.my_pe)] = allocate_window_heap(bytes, alignment, false);
  return regions;
}

// Where MPI allocated the regions, its window covers them already; else
// the window over this PE's heap (start_rma) is created where it is: the
// heap, without the rooms after it.
void expose_heap(const std::vector<char *> &regions, std::size_t heap_bytes,
                 std::size_t backend_offset) {
  if (default_channel().heap_win == MPI_WIN_NULL) {
    heap_window = {regions[static_cast<std::size_t>(world.my_pe)], heap_bytes};
    windows.heap_shift.assign(static_cast<std::size_t>(world.n_pes), 0);
  }
  find_wake_flags(regions, backend_offset);
}

// Without windows nothing goes through MPI RMA but the ending
// records: no window is made over the heap and data+bss, and with Open MPI
// no UCX connection between every pair of PEs, which its first window
// makes at a cost that grows with the PEs (docs/bench/notes.md, "Start-up,
// step by step"). A heap MPI allocated already has its window.
void start_rma(const Region &statics, unsigned channels, bool windows) {
  if (windows) {
    if (default_channel().heap_win == MPI_WIN_NULL) create_heap_window(default_channel().heap_win);
    make_default_static_window(statics);
  }
  channels_start(channels);
  ending_start();
  reduction_types_start();
  int provided = MPI_THREAD_SINGLE;
  SHMEMI_MPI(MPI_Query_thread(&provided));
  progress_start(provided, windows,
                 wake_flags.empty() ? nullptr : wake_flags[static_cast<std::size_t>(world.my_pe)]);
}

void allgather(const void *mine, std::size_t bytes, void *all) {
  SHMEMI_MPI(MPI_Allgather(mine, static_cast<int>(bytes), MPI_BYTE, all, static_cast<int>(bytes),
                           MPI_BYTE, world.comm));
}

bool all_true(bool mine) {
  int in = mine, out = 0;
  SHMEMI_MPI(MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LAND, world.comm));
  return out != 0;
}

void stop() {
  progress_stop();
  ending_stop();
  reduction_types_stop();
  strided_types.clear();
  channels_stop();
  windows.static_shift.clear();
  if (heap_alias.base) munmap(heap_alias.base, heap_alias.size);
  heap_alias = {};
  world.node_pes.clear();
  wake_flags.clear();
  SHMEMI_MPI(MPI_Comm_free(&world.node));
  SHMEMI_MPI(MPI_Comm_free(&world.comm));
}

void abort_job(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  // MPICH's launcher may kill the job before it forwards this PE's last
  // output; give it a moment (docs/bench/notes.md, "The last output before
  // MPI_Abort"). Where several PEs fail at once, the lower PE's abort
  // comes first and ends the others while they wait theirs (150 ms more
  // per PE below, up to 10 PEs): Open MPI's launcher prints errors of its
  // own when aborts cross.
  const int stagger = std::clamp(world.my_pe, 0, 10);
  usleep(100000 + 150000 * stagger);
  forget_mpi(); // MPICH's MPI_Abort runs exit handlers: no MPI_Finalize there
  if (mpi_running()) MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

void set_thread_calls(bool concurrent, bool watch) {
  activity.concurrent = concurrent;
  overlap.watch = watch;
}

} // namespace shmemi::transport

std::mutex shmemi::mpi_rma::rma_turns;

namespace shmemi::transport {

void poll() {
  int flag = 0;
  SHMEMI_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, world.comm, &flag, MPI_STATUS_IGNORE));
  memory_sync();
}

void sync_all() {
  memory_sync();
  const Blocked blocked;
  SHMEMI_MPI(MPI_Barrier(world.comm));
  memory_sync();
}

} // namespace shmemi::transport
