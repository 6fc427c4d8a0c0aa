// The backend's parts, started in one order by the port's start-up calls
// and stopped in the reverse order by transport::stop. Each part is a file
// with its own state, its start and its stop:
//
//   part       started by     file(s)                          holds
//   world      start          world.cpp                        MPI held, the communicator
//   nodes      join_nodes     nodes.cpp                        the node's communicator, PEs
//   windows    expose_heap    windows.cpp                      the heap's layout, its holder
//   wake       expose_heap    wake.cpp                         the wake-up flags
//   channels   start_rma      channels.cpp                     every window, its epoch
//   ending     start_rma      ending.cpp                       where the ending records are
//   datatypes  start_rma      coll_types.cpp, strided_types.*  committed MPI datatypes
//   progress   start_rma      progress.cpp                     its communicator and thread
//
// Windows are created collectively, in this order on every PE; each
// window's epoch opens once (MPI_Win_lock_all in channels_start); the
// progress thread starts after every window, which its
// calls into MPI reach.
#include <cstddef>
#include <vector>

#include "base/report.hpp"
#include "base/symmetric.hpp"
#include "mpi_rma/channels.hpp"
#include "mpi_rma/coll_common.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/nodes.hpp"
#include "mpi_rma/progress.hpp"
#include "mpi_rma/strided_types.hpp"
#include "mpi_rma/wake.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {
namespace {

enum class Part { world, nodes, windows, wake, channels, ending, datatypes, progress };

// The reduction types made at start; the strided ones as puts and gets
// needed them.
void datatypes_stop() {
  reduction_types_stop();
  strided_types.clear();
}

// Each part's stop, in the parts' start order (Part).
void (*const stops[])() = {world_stop,    nodes_stop,  windows_stop,   wake_stop,
                           channels_stop, ending_stop, datatypes_stop, progress_stop};

std::size_t started = 0; // the parts started: the first `started` of stops

// Records that `part` started; it must be the next in order.
void started_part(Part part) {
  if (static_cast<std::size_t>(part) != started)
    fatal(Call::routine_or(__func__), "internal error: backend part %d started out of order",
          static_cast<int>(part));
  ++started;
}

} // namespace
} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

Identity start(const StartRequest &request) {
  const Identity id = world_start(request.split_nodes, progress_plan(request));
  started_part(Part::world);
  return id;
}

Nodes join_nodes(std::size_t heap_bytes, bool split_nodes) {
  const Nodes nodes = nodes_start(heap_bytes, split_nodes);
  started_part(Part::nodes);
  return nodes;
}

std::size_t backend_room() { return windows_room(); }

std::vector<char *> allocate_heap(std::size_t bytes, std::size_t alignment) {
  std::vector<char *> regions(static_cast<std::size_t>(world.n_pes), nullptr);
  regions[static_cast<std::size_t>(world.my_pe)] = windows_allocate_heap(bytes, alignment);
  return regions;
}

void expose_heap(const std::vector<char *> &regions, std::size_t backend_offset) {
  windows_start(regions, backend_offset);
  started_part(Part::windows);
  wake_start();
  started_part(Part::wake);
}

// Without windows nothing goes through MPI RMA: no window is made, and
// with Open MPI no UCX connection between every pair of PEs, which its
// first window makes at a cost that grows with the PEs (docs/bench/notes.md,
// "Start-up, step by step"); the ending records are then read where they
// are mapped.
void start_rma(const Region &statics, unsigned channels, bool windows) {
  channels_start(channels, windows, windows ? default_windows(statics) : WindowPair{});
  started_part(Part::channels);
  ending_start(windows);
  started_part(Part::ending);
  reduction_types_start();
  started_part(Part::datatypes);
  progress_start(windows, own_wake_flag());
  started_part(Part::progress);
}

void stop() {
  while (started > 0) stops[--started]();
}

} // namespace shmemi::transport
