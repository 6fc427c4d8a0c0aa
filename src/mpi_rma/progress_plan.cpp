#include "mpi_rma/progress_plan.hpp"

#include <mpi.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace shmemi::mpi_rma {
namespace {

// Whether every PE of the job runs on this node, as the launcher tells
// before MPI starts: Open MPI's mpiexec, MPICH's Hydra and Slurm say how
// many ranks run here; a process started without a launcher is a job of
// one PE. Unknown for any other launcher.
std::optional<bool> launcher_one_node(const EnvLookup &env) {
  static const struct {
    const char *all, *here;
  } counts[] = {{"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_SIZE"},
                {"PMI_SIZE", "MPI_LOCALNRANKS"}};
  for (const auto &[all, here] : counts)
    if (const char *n = env(all), *local = env(here); n && local)
      return std::string(n) == local;
  if (const char *nodes = env("SLURM_STEP_NUM_NODES")) return std::string(nodes) == "1";
  for (const char *launched : {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_SIZE", "SLURM_JOB_ID"})
    if (env(launched)) return std::nullopt;
  return true;
}

} // namespace

// Measured here (docs/decisions/progress.md): through MPI, a fetch-add to
// a PE that computes waits until it enters MPI on both MPIs, in forced
// inter-node mode and between emulated hosts, and on a node for global
// variables the PEs do not share. Only where the node's PEs map all of
// each other's memory does nothing of the program's reach a PE through MPI.
ProgressPlan plan_progress(const transport::StartRequest &request, const EnvLookup &env) {
  if (request.progress == Progress::off) return {false, "SHMEM_PROGRESS is off"};
  if (request.progress == Progress::thread) return {true, "SHMEM_PROGRESS is thread"};
  if (request.split_nodes)
    return {true, "forced inter-node mode: operations through MPI wait for their target"};
  if (launcher_one_node(env).value_or(false) && request.node_maps_all)
    return {false, "every PE runs on this node and maps all of the others' memory"};
  return {true, "operations through MPI wait for their target to enter MPI"};
}

int mpi_thread_level(int shmem_level, const ProgressPlan &plan) {
  static const int levels[] = {MPI_THREAD_FUNNELED, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                               MPI_THREAD_MULTIPLE};
  const int level = levels[shmem_level];
  return plan.thread && level < MPI_THREAD_SERIALIZED ? MPI_THREAD_SERIALIZED : level;
}

int shmem_thread_level(int mpi_level) {
  static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                               MPI_THREAD_MULTIPLE};
  for (int level = 3; level > 0; --level)
    if (mpi_level >= levels[level]) return level;
  return 0;
}

} // namespace shmemi::mpi_rma
