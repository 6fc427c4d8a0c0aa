// The memory the windows cover (windows.cpp): where each PE's heap and
// data+bss lie in its windows, who allocated the heap, and the making of
// the windows over this PE's; a part of the backend (parts.cpp).
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "base/symmetric.hpp"

namespace shmemi::mpi_rma {

// Written by windows.cpp as it lays out the memory (windows_allocate_heap,
// windows_start, default_windows), cleared by windows_stop.
struct Windows {
  std::vector<MPI_Aint> heap_shift;   // each PE's heap start minus its window base
  std::vector<MPI_Aint> static_shift; // each PE's data+bss start minus its window base
  std::vector<char *> regions;        // each PE's region as mapped here (null: not mapped)
  std::size_t room_offset = 0;        // where the backend's room starts in each region
};

extern Windows windows;

// The backend's room in each region (windows_room bytes): the wake-up flag
// (wake.cpp) on the first two cache lines, then the ending record and PE
// 0's count (ending.cpp).
constexpr std::size_t room_wake_at = 0;
constexpr std::size_t room_ending_at = 128;

// `at` bytes into `pe`'s backend room as mapped here; null where its
// region is not mapped here.
inline char *room_of(int pe, std::size_t at) {
  char *region = windows.regions[static_cast<std::size_t>(pe)];
  return region == nullptr ? nullptr : region + windows.room_offset + at;
}

// Target displacement: offsets count from the start of the space, which
// lies a shift past the window base.
inline MPI_Aint displacement(SymAddr addr, int pe) {
  const auto offset = static_cast<MPI_Aint>(addr.offset);
  return (addr.space == Space::heap ? windows.heap_shift[pe] : windows.static_shift[pe]) + offset;
}

// Who allocated this PE's heap: the memory layer, or MPI with its window
// (windows_allocate_heap), the heap then mapped a second time at an
// aligned address or placed in room to align.
enum class HeapHolder { memory_layer, mpi_aliased, mpi_padded };

// A channel's two windows: over every PE's heap and data+bss.
struct WindowPair {
  MPI_Win heap = MPI_WIN_NULL;
  MPI_Win statics = MPI_WIN_NULL;
};

// The backend's room after each PE's region (transport::backend_room).
std::size_t windows_room();
// transport::allocate_heap: MPI allocates this PE's region with its window,
// at a multiple of `alignment`. Only where data moves through MPI, so the
// window always goes to the default channel (default_windows). Collective.
char *windows_allocate_heap(std::size_t bytes, std::size_t alignment);
// transport::expose_heap: the regions (per world PE as mapped here) and
// where the backend's room lies in them; the heap window covers this PE's
// region up to the end of that room, unless MPI allocated it.
void windows_start(const std::vector<char *> &regions, std::size_t room_offset);
// The default channel's windows over this PE's heap and whole pages of its
// data+bss `statics`, handed to it (channels_start); collective.
WindowPair default_windows(const Region &statics);
// The other channels' windows, over the same memory; collective.
void create_heap_window(MPI_Win &win);
void create_static_window(MPI_Win &win);
// The layout forgotten, the heap's second mapping undone; after the
// channels freed the windows.
void windows_stop();

} // namespace shmemi::mpi_rma
