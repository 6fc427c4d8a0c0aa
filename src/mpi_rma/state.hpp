// The MPI objects behind the transport, shared by the files of this layer.
#pragma once

#include <mpi.h>

#include <vector>

#include "core/symmetric.hpp"

namespace shmemi::mpi {

struct State {
  MPI_Comm comm = MPI_COMM_NULL;  // the library's duplicate of MPI_COMM_WORLD
  bool owns_mpi = false;          // we called MPI_Init, so we finalize
  int my_pe = -1;
  MPI_Win heap_win = MPI_WIN_NULL;   // MPI_Win_allocate, displacement unit 1
  std::vector<MPI_Aint> heap_shift;  // each PE's heap start minus its window base
  MPI_Win static_win = MPI_WIN_NULL; // dynamic window with data+bss attached
  std::vector<MPI_Aint> static_base; // each PE's address of its data+bss
  void *static_attached = nullptr;   // what is attached to static_win
  bool unflushed = false;            // operations issued since the last flush
};

extern State state;


// Frees the operand copies of AMOs that a flush has completed (amo.cpp).
void release_pending_operands();

// The library's progress thread (progress.cpp): it calls into MPI every
// `interval_us` so that operations targeting this PE complete while the
// program computes. Needs MPI_THREAD_MULTIPLE.
void progress_start(unsigned interval_us);
void progress_stop();

inline MPI_Win window_of(Space space) {
  return space == Space::heap ? state.heap_win : state.static_win;
}

// Target displacement: heap offsets are relative to the window base; the
// dynamic window takes absolute addresses of the target process.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? state.heap_shift[pe] : state.static_base[pe]) + offset;
}

} // namespace shmemi::mpi
