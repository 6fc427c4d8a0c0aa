// The memory the windows cover (world.cpp): where each PE's heap and
// data+bss lie in its windows, and the making of a channel's windows over
// this PE's.
#pragma once

#include <mpi.h>

#include <vector>

#include "base/symmetric.hpp"

namespace shmemi::mpi_rma {

// Written by world.cpp as it lays out the memory (allocate_heap,
// expose_heap, start_rma), cleared by stop.
struct Windows {
  std::vector<MPI_Aint> heap_shift;   // each PE's heap start minus its window base
  std::vector<MPI_Aint> static_shift; // each PE's data+bss start minus its window base
};

extern Windows windows;

// Target displacement: offsets count from the start of the space, which
// lies a shift past the window base.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? windows.heap_shift[pe] : windows.static_shift[pe]) + offset;
}

// A channel's window over this PE's heap (after its shift), and over the
// whole pages of its data+bss; collective.
void create_heap_window(MPI_Win &win);
void create_static_window(MPI_Win &win);

} // namespace shmemi::mpi_rma
