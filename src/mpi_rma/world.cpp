// Start and stop of MPI, the windows, and the job-wide synchronization.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <unistd.h>

#include "core/error.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/state.hpp"
#include "mpi_rma/transport.hpp"

namespace shmemi::mpi {

State state;

void call_failed(int rc, const char *call, const char *function) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  fatal(function, "MPI call failed: %s: %s", call, text);
}

namespace {

int mpi_level(int shmem_level) {
  static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED,
                               MPI_THREAD_SERIALIZED, MPI_THREAD_MULTIPLE};
  return levels[shmem_level];
}

int shmem_level(int mpi_thread_level) {
  for (int level = 3; level > 0; --level)
    if (mpi_thread_level >= mpi_level(level)) return level;
  return 0;
}

bool mpi_running() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized && !finalized;
}

// MPI does not align the window base (MPICH: 16 bytes past a page at 1 PE;
// Open MPI osc/rdma: 8 mod 16), so the window is one page longer and the heap
// starts at the first page boundary; each PE's shift is allgathered. Sizes
// are whole pages (MPICH misplaces data after segments of other sizes).
char *create_heap_window(std::size_t bytes) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  MPI_Info info;
  SHMEMI_MPI(MPI_Info_create(&info));
  SHMEMI_MPI(MPI_Info_set(info, "same_size", "true"));
  char *base = nullptr;
  SHMEMI_MPI(MPI_Win_allocate(static_cast<MPI_Aint>(bytes + page), 1, info, state.comm, &base,
                              &state.heap_win));
  SHMEMI_MPI(MPI_Info_free(&info));
  const auto address = reinterpret_cast<std::uintptr_t>(base);
  const MPI_Aint shift = static_cast<MPI_Aint>((page - address % page) % page);
  state.heap_shift.assign(state.static_base.size(), 0);
  SHMEMI_MPI(MPI_Allgather(&shift, 1, MPI_AINT, state.heap_shift.data(), 1, MPI_AINT, state.comm));
  return base + shift;
}

void create_static_window(const Region &statics) {
  SHMEMI_MPI(MPI_Win_create_dynamic(MPI_INFO_NULL, state.comm, &state.static_win));
  if (statics.size > 0)
  {
    SHMEMI_MPI(MPI_Win_attach(state.static_win, statics.base,
                              static_cast<MPI_Aint>(statics.size)));
    state.static_attached = statics.base;
  }
  MPI_Aint mine = 0;
  SHMEMI_MPI(MPI_Get_address(statics.base, &mine));
  int n = 0;
  SHMEMI_MPI(MPI_Comm_size(state.comm, &n));
  state.static_base.assign(static_cast<std::size_t>(n), 0);
  SHMEMI_MPI(MPI_Allgather(&mine, 1, MPI_AINT, state.static_base.data(), 1,
                           MPI_AINT, state.comm));
}

// Open MPI's default one-sided component (osc/rdma) crashes the target of
// MPI_Compare_and_swap (Open MPI bug #11349) and cannot span nodes; osc/ucx
// is correct for every operation and window kind here. An explicit user
// setting wins. MPICH needs nothing.
void select_components() {
#ifdef OPEN_MPI
  setenv("OMPI_MCA_osc", "ucx", 0);
#endif
}

void check_same_heap_size(std::size_t bytes) {
  unsigned long long mine = bytes, lo = 0, hi = 0;
  SHMEMI_MPI(MPI_Allreduce(&mine, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, state.comm));
  SHMEMI_MPI(MPI_Allreduce(&mine, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, state.comm));
  if (lo != hi)
    fatal("shmem_init",
          "SHMEM_SYMMETRIC_SIZE differs between PEs (%llu to %llu bytes); "
          "every PE must use the same value", lo, hi);
}

} // namespace
} // namespace shmemi::mpi

namespace shmemi::transport {
using namespace shmemi::mpi;

Identity start() {
  int provided = MPI_THREAD_SINGLE;
  if (!mpi_running()) {
    select_components();
    // MULTIPLE whatever the program asked: the progress thread needs it.
    SHMEMI_MPI(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided));
    state.owns_mpi = true;
  } else {
    SHMEMI_MPI(MPI_Query_thread(&provided));
  }
  SHMEMI_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &state.comm));
  SHMEMI_MPI(MPI_Comm_set_errhandler(state.comm, MPI_ERRORS_RETURN));
  Identity id{};
  SHMEMI_MPI(MPI_Comm_rank(state.comm, &id.my_pe));
  SHMEMI_MPI(MPI_Comm_size(state.comm, &id.n_pes));
  id.thread_provided = shmem_level(provided);
  state.my_pe = id.my_pe;
  return id;
}

bool progress_possible() {
  int level = MPI_THREAD_SINGLE;
  SHMEMI_MPI(MPI_Query_thread(&level));
  return level == MPI_THREAD_MULTIPLE;
}

char *map_memory(std::size_t heap_bytes, const Region &statics, unsigned progress_us) {
  check_same_heap_size(heap_bytes);
  create_static_window(statics);
  char *base = create_heap_window(heap_bytes);
  for (MPI_Win win : {state.heap_win, state.static_win}) {
    SHMEMI_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
    SHMEMI_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
  }
  if (progress_us > 0 && progress_possible()) progress_start(progress_us);
  return base;
}

void stop() {
  progress_stop();
  if (state.static_attached) SHMEMI_MPI(MPI_Win_detach(state.static_win, state.static_attached));
  state.static_attached = nullptr;
  for (MPI_Win *win : {&state.heap_win, &state.static_win}) {
    SHMEMI_MPI(MPI_Win_unlock_all(*win));
    SHMEMI_MPI(MPI_Win_free(win));
  }
  state.static_base.clear();
  SHMEMI_MPI(MPI_Comm_free(&state.comm));
}

void release_mpi() {
  if (state.owns_mpi && mpi_running()) MPI_Finalize();
  state.owns_mpi = false;
}

void abort_job(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  // MPICH's launcher may kill the job before it forwards this PE's last
  // output (seen in 3-15% of runs under load); give it a moment.
  usleep(100000);
  state.owns_mpi = false; // MPICH's MPI_Abort runs exit handlers: no MPI_Finalize there
  if (mpi_running()) MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

namespace {

bool all_flushed(unsigned long upto) {
  return state.flushed.load(std::memory_order_acquire) >= upto;
}

void raise_flushed(unsigned long upto) {
  unsigned long seen = state.flushed.load(std::memory_order_relaxed);
  while (seen < upto && !state.flushed.compare_exchange_weak(seen, upto, std::memory_order_release,
                                                             std::memory_order_relaxed)) {
  }
}

} // namespace

// Completes what was issued before the call, by any thread; a flush that
// began after all of it (another thread's) is enough.
void quiet() {
  const unsigned long upto = state.issued.load(std::memory_order_acquire);
  if (all_flushed(upto)) return;
  const unsigned long mark = pending_operands_mark();
  {
    const auto turn = serialize_rma();
    SHMEMI_MPI(MPI_Win_flush_all(state.heap_win));
    SHMEMI_MPI(MPI_Win_flush_all(state.static_win));
  }
  release_pending_operands(mark);
  raise_flushed(upto);
}

void flush(int pe) {
  if (all_flushed(state.issued.load(std::memory_order_acquire))) return;
  const auto turn = serialize_rma();
  SHMEMI_MPI(MPI_Win_flush(pe, state.heap_win));
  SHMEMI_MPI(MPI_Win_flush(pe, state.static_win));
}

void allow_concurrent_calls() { activity.concurrent = true; }

} // namespace shmemi::transport

std::unique_lock<std::mutex> shmemi::mpi::serialize_rma() {
  static std::mutex turns;
  std::unique_lock<std::mutex> turn(turns, std::defer_lock);
  if (activity.concurrent) turn.lock();
  return turn;
}

namespace shmemi::transport {

void poll() {
  int flag = 0;
  SHMEMI_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, state.comm, &flag, MPI_STATUS_IGNORE));
  memory_sync();
}

// MPI orders only accumulates; puts and gets to one target may overtake
// each other, so ordering them takes their completion.
void fence() { quiet(); }

void memory_sync() {
  SHMEMI_MPI(MPI_Win_sync(state.heap_win));
  SHMEMI_MPI(MPI_Win_sync(state.static_win));
}

void sync_all() {
  memory_sync();
  SHMEMI_MPI(MPI_Barrier(state.comm));
  memory_sync();
}

void barrier_all() {
  quiet();
  sync_all();
}

} // namespace shmemi::transport
