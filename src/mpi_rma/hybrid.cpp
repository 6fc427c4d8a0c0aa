// MPI as a hybrid program sees it. The library defines MPI_Init,
// MPI_Init_thread, MPI_Initialized, MPI_Finalize and MPI_Finalized (the
// MPI profiling interface: MPI's own are reached as PMPI_*), so the
// program's calls come here when it links libshmem before MPI (oshcc,
// pkg-config and the CMake package do), while the library's own calls of
// these routines go to the PMPI_ ones. MPI starts once, for whoever comes
// first, and ends when neither the program nor the library needs it.
#include <cstdlib>
#include <string>

#include "base/config.hpp"
#include "mpi_rma/hybrid.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {
namespace {

struct Users {
  bool program_initialized = false; // the program called MPI_Init(_thread)
  bool program_finalized = false;   // the program called MPI_Finalize
  bool library = false;             // from library_hold to release
  bool library_started = false;     // library_hold initialized MPI
  bool finalize_deferred = false;   // the program's MPI_Finalize waits for the library
};

Users users;

// Open MPI's default one-sided component (osc/rdma) crashes the target of
// MPI_Compare_and_swap (Open MPI bug #11349) and cannot span nodes; osc/ucx
// is correct for every operation and window kind here but cannot allocate
// shared memory, which osc/sm does (and would also take MPI_Win_allocate
// on one node, so it is left out when nodes are split). MPICH probes for a
// window address free in every process, page by page, at every
// MPI_Win_allocate(_shared), which made start-up grow with the heap
// (docs/bench/notes.md, "The heap's alignment padding"); the library
// needs no such address, so the probe is off. An explicit user setting wins.
void select_components(bool split_nodes) {
#ifdef OPEN_MPI
  setenv("OMPI_MCA_osc", split_nodes ? "ucx" : "ucx,sm", 0);
#else
  (void)split_nodes;
  setenv("MPIR_CVAR_SHM_SYMHEAP_RETRY", "0", 0);
#endif
}

int start_mpi(int *argc, char ***argv, bool split_nodes, int level, int *provided) {
  select_components(split_nodes);
  return PMPI_Init_thread(argc, argv, level, provided);
}

// This PE's settings, as shmem_init will read them (it reports a bad value).
Config settings() {
  Config config;
  std::string ignored;
  config_load([](const char *name) -> const char * { return std::getenv(name); }, config, &ignored);
  return config;
}

// MPI_Init_thread for the program: joins the MPI the library started, or
// starts it at the level the program requires (docs/decisions/progress.md:
// MPI_THREAD_MULTIPLE only where SHMEM_PROGRESS says the library's
// progress thread must run: it cannot take turns with the program's own
// MPI calls); a second call, or one after MPI_Finalize,
// goes to MPI, which reports the error.
int program_init(int *argc, char ***argv, int required, int *provided) {
  if (!users.program_initialized && mpi_running()) {
    users.program_initialized = true;
    // The program's own MPI calls are not announced: a progress thread
    // that takes turns with the library's calls keeps out of MPI from now.
    if (activity.serialized) activity.enter();
    return PMPI_Query_thread(provided);
  }
  const Config config = settings();
  const bool thread =
      config.progress == Progress::thread || config.progress == Progress::thread_multiple;
  const int level = thread ? MPI_THREAD_MULTIPLE : required;
  const int rc = start_mpi(argc, argv, config.force_internode, level, provided);
  if (rc == MPI_SUCCESS) users.program_initialized = true;
  return rc;
}

} // namespace

bool mpi_running() {
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  return initialized && !finalized;
}

int library_hold(bool split_nodes, int level) {
  int provided = MPI_THREAD_SINGLE;
  if (mpi_running()) {
    SHMEMI_MPI(PMPI_Query_thread(&provided));
  } else {
    SHMEMI_MPI(start_mpi(nullptr, nullptr, split_nodes, level, &provided));
    users.library_started = true;
  }
  users.library = true;
  return provided;
}

bool library_started_mpi() { return users.library_started; }

bool program_holds_mpi() { return users.program_initialized && !users.program_finalized; }

void forget_mpi() { users = Users{}; }

} // namespace shmemi::mpi_rma

namespace shmemi::transport {

// MPI ends here if the library started it, or if the program's MPI_Finalize
// waited for the library; not while the program still holds MPI (it
// finalizes it itself).
void release() {
  using mpi_rma::users;
  if (!users.library) return;
  users.library = false;
  const bool program_holds = users.program_initialized && !users.program_finalized;
  if (!program_holds && (users.library_started || users.finalize_deferred) &&
      mpi_rma::mpi_running())
    PMPI_Finalize();
}

} // namespace shmemi::transport

extern "C" {

#define SHMEMI_MPI_OVERRIDE __attribute__((weak, visibility("default")))

SHMEMI_MPI_OVERRIDE int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  return shmemi::mpi_rma::program_init(argc, argv, required, provided);
}

SHMEMI_MPI_OVERRIDE int MPI_Init(int *argc, char ***argv) {
  int provided = MPI_THREAD_SINGLE;
  return shmemi::mpi_rma::program_init(argc, argv, MPI_THREAD_SINGLE, &provided);
}

// While OpenSHMEM holds MPI, the program's MPI_Finalize only marks MPI
// finalized for the program; MPI ends when the library lets go of it.
SHMEMI_MPI_OVERRIDE int MPI_Finalize() {
  using shmemi::mpi_rma::users;
  users.program_finalized = true;
  if (!users.library) return PMPI_Finalize();
  users.finalize_deferred = true;
  return MPI_SUCCESS;
}

// True once the program initialized MPI (also after MPI_Finalize, as MPI
// says), not for the MPI that only the library started.
SHMEMI_MPI_OVERRIDE int MPI_Initialized(int *flag) {
  const int rc = PMPI_Initialized(flag);
  if (shmemi::mpi_rma::users.library_started && !shmemi::mpi_rma::users.program_initialized)
    *flag = 0;
  return rc;
}

// True once the program finalized MPI, even while the library keeps it.
SHMEMI_MPI_OVERRIDE int MPI_Finalized(int *flag) {
  const int rc = PMPI_Finalized(flag);
  if (shmemi::mpi_rma::users.program_finalized) *flag = 1;
  return rc;
}

} // extern "C"
