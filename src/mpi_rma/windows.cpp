// The memory the windows cover: where each PE's heap and data+bss lie in
// its windows, who allocated the heap, and the windows' making.
#include <cstdint>
#include <initializer_list>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/aligned_map.hpp"
#include "base/symmetric.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

Windows windows;

namespace {

HeapHolder heap_holder = HeapHolder::memory_layer;
// The window MPI_Win_allocate made with the heap (heap_holder: MPI's),
// until default_windows hands it to the default channel.
MPI_Win mpi_heap_win = MPI_WIN_NULL;
// The memory of this PE's windows: its heap's (the heap after
// windows.heap_shift[my_pe]) and its data+bss's whole pages (the data
// after windows.static_shift[my_pe]).
Region heap_window;
Region static_pages;
// This PE's heap mapped a second time at an aligned address
// (HeapHolder::mpi_aliased).
Region heap_alias;

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
  SHMEMI_MPI(
      MPI_Win_allocate(size, 1, TrueHints{"same_size"}.get(), world.comm, &base, &mpi_heap_win));
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
      SHMEMI_MPI(MPI_Win_free(&mpi_heap_win));
      return allocate_window_heap(bytes, alignment, true);
    }
    heap_alias = {heap, bytes};
  }
  heap_holder = padded ? HeapHolder::mpi_padded : HeapHolder::mpi_aliased;
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
MPI_Win make_static_window(const Region &statics) {
  const Region pages = whole_pages(statics, static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
  static_pages = pages;
  const MPI_Aint shift = statics.base - pages.base;
  windows.static_shift.assign(static_cast<std::size_t>(world.n_pes), 0);
  SHMEMI_MPI(
      MPI_Allgather(&shift, 1, MPI_AINT, windows.static_shift.data(), 1, MPI_AINT, world.comm));
  MPI_Win win = MPI_WIN_NULL;
  create_static_window(win);
  return win;
}

} // namespace

std::size_t windows_room() { return page_bytes; }

char *windows_allocate_heap(std::size_t bytes, std::size_t alignment) {
  return allocate_window_heap(bytes, alignment, false);
}

// Where MPI allocated the heap, its window covers the region already; else
// the window over this PE's region (default_windows) is created where it
// is: the heap and the rooms after it, so that the ending records in the
// backend's room (ending.cpp) are reached through it.
void windows_start(const std::vector<char *> &regions, std::size_t room_offset) {
  windows.regions = regions;
  windows.room_offset = room_offset;
  if (heap_holder != HeapHolder::memory_layer) return;
  heap_window = {regions[static_cast<std::size_t>(world.my_pe)], room_offset + windows_room()};
  windows.heap_shift.assign(static_cast<std::size_t>(world.n_pes), 0);
}

WindowPair default_windows(const Region &statics) {
  WindowPair pair;
  if (heap_holder == HeapHolder::memory_layer)
    create_heap_window(pair.heap);
  else
    pair.heap = mpi_heap_win;
  mpi_heap_win = MPI_WIN_NULL; // the channel's from now on
  pair.statics = make_static_window(statics);
  return pair;
}

void windows_stop() {
  windows = Windows{};
  if (heap_holder == HeapHolder::mpi_aliased) munmap(heap_alias.base, heap_alias.size);
  heap_alias = {};
  heap_holder = HeapHolder::memory_layer;
}

} // namespace shmemi::mpi_rma
