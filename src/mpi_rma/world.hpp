// The world state (world.cpp): the library's communicators, the memory its
// windows cover and where each PE's spaces lie in them, the channels, and
// the other MPI objects the layer's files share.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "base/symmetric.hpp"
#include "mpi_rma/channels.hpp"

namespace shmemi::mpi_rma {

struct State {
  MPI_Comm comm = MPI_COMM_NULL; // the library's duplicate of MPI_COMM_WORLD
  int my_pe = -1;
  int n_pes = 0;
  MPI_Comm node = MPI_COMM_NULL; // the PEs whose heaps are mapped here
  std::vector<int> node_pes;     // their world PE numbers, in node rank order
  // The default channel first, then those channel_open hands out; all of
  // them over the same memory: this PE's `heap_window` (its heap after
  // heap_shift[my_pe]) and `static_pages` (its data+bss after
  // static_shift[my_pe]).
  std::vector<std::unique_ptr<Channel>> channels;
  Region heap_window;
  Region static_pages;
  // This PE's heap mapped a second time at an aligned address, where MPI
  // allocated it as shared memory (world.cpp, allocate_window_heap).
  Region heap_alias;
  // Every PE was made its own node on request (SHMEM_FORCE_INTERNODE),
  // though PEs may share one: MPI may allocate windows as shared memory.
  bool split_forced = false;
  std::vector<MPI_Aint> heap_shift;   // each PE's heap start minus its window base
  std::vector<MPI_Aint> static_shift; // each PE's data+bss start minus its window base
  std::mutex channels_lock;           // channel_open/close
  // Every window has the unified memory model (channels_start, memory_sync).
  bool unified = false;
  MPI_Win ending_win = MPI_WIN_NULL; // the ending records (ending.cpp)
  std::uint64_t *ending = nullptr;   // this PE's, in ending_win (null: none yet)
  // Reduction elements of Kind::quad (coll_types.cpp): MPI has no binary128
  // type (MPI_LONG_DOUBLE is x87 extended precision on x86_64), so 16
  // opaque bytes, which only the library's ops combine.
  MPI_Datatype quad = MPI_DATATYPE_NULL;
  // When every PE is on this node: per PE, its wake-up flag (the first
  // word of its region's backend room, backend_room), set by a PE that
  // sends it an operation through MPI,
  // so that its progress thread calls into MPI only then. Empty otherwise.
  std::vector<std::atomic<int> *> wake;
};

extern State state;

// Target displacement: offsets count from the start of the space, which
// lies a shift past the window base.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? state.heap_shift[pe] : state.static_shift[pe]) + offset;
}

} // namespace shmemi::mpi_rma
