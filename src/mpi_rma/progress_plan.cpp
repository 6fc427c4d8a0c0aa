#include "mpi_rma/progress_plan.hpp"

#include <mpi.h>

#include <string>

#include "base/process.hpp"
#include "mpi_rma/callers.hpp"

namespace shmemi::mpi_rma {

// MPI's thread level per SHMEM_THREAD_* level.
constexpr int mpi_levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                              MPI_THREAD_MULTIPLE};

// Measured here (docs/bench/notes.md, "Which paths need the thread";
// docs/decisions/progress.md): through MPI, a fetch-add to
// a PE that computes waits until it enters MPI on both MPIs, in forced
// inter-node mode and between emulated hosts, and on a node for global
// variables the PEs do not share. Only where the node's PEs map all of
// each other's memory does nothing of the program's reach a PE through MPI.
ProgressPlan plan_progress(const transport::StartRequest &request, const EnvLookup &env) {
  ProgressPlan plan{true, false, "SHMEM_PROGRESS is thread"};
  switch (request.progress) {
  case Progress::off: return {false, false, "SHMEM_PROGRESS is off"};
  case Progress::thread_multiple: return {true, true, "SHMEM_PROGRESS is thread-multiple"};
  case Progress::thread: break;
  case Progress::automatic:
    if (!request.split_nodes && process::launch(env).one_node().value_or(false) &&
        request.node_maps_all)
      return {false, false, "every PE runs on this node and maps all of the others' memory"};
    plan.why = request.split_nodes
                   ? "forced inter-node mode: operations through MPI wait for their target"
                   : "operations through MPI wait for their target to enter MPI";
  }
  // Taking turns needs every MPI call of the process to be the library's.
  if (const std::string caller = other_mpi_caller(request.forwarding_tools); !caller.empty())
    plan = {true, true, plan.why + "; " + caller + ", so the thread cannot take turns with it"};
  return plan;
}

int mpi_thread_level(int shmem_level, const ProgressPlan &plan) {
  // MPI_THREAD_SINGLE for SHMEM_THREAD_SINGLE, though the library may run
  // a thread that makes no MPI call (the end-of-job check's CPU sampler): on
  // Open MPI 4.1 every level above it slows every MPI call as
  // MPI_THREAD_MULTIPLE does (docs/bench/notes.md, "Progress").
  const int level = mpi_levels[shmem_level];
  if (plan.multiple) return MPI_THREAD_MULTIPLE;
  return plan.thread && level < MPI_THREAD_SERIALIZED ? MPI_THREAD_SERIALIZED : level;
}

int shmem_thread_level(int mpi_level) {
  for (int level = 3; level > 0; --level)
    if (mpi_level >= mpi_levels[level]) return level;
  return 0;
}

} // namespace shmemi::mpi_rma
