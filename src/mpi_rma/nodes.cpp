// The node: the PEs whose heaps this PE maps, found as the job agrees on
// the settings every PE must share.
#include <cstdlib>
#include <functional>
#include <string>
#include <sched.h>

#include "base/report.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/nodes.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

Node this_node;

namespace {

// Settings from each PE's environment, which can differ (Open MPI passes
// variables only to the PEs on mpiexec's host unless told with -x), agreed
// in one reduction: forced inter-node mode if any PE asks for it (what
// follows is collective), and whether the heap size and Open MPI's osc list
// are the same everywhere (windows made with different ones hang).
struct Agreed {
  bool split_nodes;
};

Agreed agree(std::size_t heap_bytes, bool split_nodes) {
#ifdef OPEN_MPI
  const char *osc = std::getenv("OMPI_MCA_osc");
  const unsigned long long osc_hash = std::hash<std::string>{}(osc ? osc : "");
#else
  const char *osc = "";
  const unsigned long long osc_hash = 0;
#endif
  // max(x) and max(~x): equal everywhere iff max(x) == ~max(~x) (= min(x)).
  const unsigned long long mine[] = {heap_bytes, ~heap_bytes, osc_hash, ~osc_hash, split_nodes};
  unsigned long long most[5] = {};
  SHMEMI_MPI(MPI_Allreduce(mine, most, 5, MPI_UNSIGNED_LONG_LONG, MPI_MAX, world.comm));
  if (most[0] != ~most[1])
    fatal(Call::routine_or(__func__),
          "SHMEM_SYMMETRIC_SIZE differs between PEs (%zu bytes here); every PE must use the "
          "same value",
          heap_bytes);
  if (most[2] != ~most[3])
    fatal(Call::routine_or(__func__),
          "OMPI_MCA_osc differs between PEs (\"%s\" here), so they would create windows "
          "with different components; set it, and SHMEM_FORCE_INTERNODE, the same on every PE "
          "(mpiexec -x NAME passes a variable to all hosts)",
          osc ? osc : "");
  return {most[4] != 0};
}

// The PEs whose heaps this PE maps: the node's, or this PE alone.
void make_node_comm(bool split_nodes) {
  if (split_nodes)
    SHMEMI_MPI(MPI_Comm_split(world.comm, world.my_pe, 0, &this_node.comm));
  else
    SHMEMI_MPI(MPI_Comm_split_type(world.comm, MPI_COMM_TYPE_SHARED, world.my_pe, MPI_INFO_NULL,
                                   &this_node.comm));
  int node_size = 0;
  SHMEMI_MPI(MPI_Comm_size(this_node.comm, &node_size));
  this_node.pes.assign(static_cast<std::size_t>(node_size), -1);
  SHMEMI_MPI(
      MPI_Allgather(&world.my_pe, 1, MPI_INT, this_node.pes.data(), 1, MPI_INT, this_node.comm));
}

// The PEs on this PE's machine as MPI sees them: its node's, unless every
// PE was made its own node.
int machine_size() {
  if (!this_node.split_forced) return static_cast<int>(this_node.pes.size());
  MPI_Comm machine = MPI_COMM_NULL;
  SHMEMI_MPI(
      MPI_Comm_split_type(world.comm, MPI_COMM_TYPE_SHARED, world.my_pe, MPI_INFO_NULL, &machine));
  int size = 0;
  SHMEMI_MPI(MPI_Comm_size(machine, &size));
  SHMEMI_MPI(MPI_Comm_free(&machine));
  return size;
}

// The one CPU this PE may run on, or -1 where it may run on several (or
// its affinity cannot be read).
int single_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) != 1) return -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) return cpu;
  return -1;
}

// Two PEs of this node bound each to the same single CPU (a launcher's
// binding: srun --cpu-bind=map_cpu:0,0, or more tasks than cores with
// one core each): PEs that wait busy-poll, so these take turns on one
// core while others may be idle. Returns whether this PE is the node's
// lowest of such a pair and sets `pes` and `cpu` to say which.
bool bound_together(int pes[2], int &cpu) {
  const int mine = single_cpu();
  std::vector<int> cpus(this_node.pes.size(), -1);
  SHMEMI_MPI(MPI_Allgather(&mine, 1, MPI_INT, cpus.data(), 1, MPI_INT, this_node.comm));
  for (std::size_t i = 0; i < cpus.size(); ++i)
    for (std::size_t j = i + 1; j < cpus.size(); ++j)
      if (cpus[i] >= 0 && cpus[i] == cpus[j]) {
        pes[0] = this_node.pes[i];
        pes[1] = this_node.pes[j];
        cpu = cpus[i];
        return this_node.pes[i] == world.my_pe;
      }
  return false;
}

} // namespace

transport::Nodes nodes_start(std::size_t heap_bytes, bool split_nodes) {
  const Agreed agreed = agree(heap_bytes, split_nodes);
  make_node_comm(agreed.split_nodes);
  this_node.split_forced = agreed.split_nodes;
  int pair[2] = {-1, -1}, cpu = -1;
  const bool bound = this_node.pes.size() > 1 && bound_together(pair, cpu);
  // The third: the lowest PE of the job that found such a pair on its
  // node, as n_pes - PE, so that one PE of the whole job says so.
  const int sizes[3] = {static_cast<int>(this_node.pes.size()), machine_size(),
                        bound ? world.n_pes - world.my_pe : 0};
  int largest[3] = {};
  SHMEMI_MPI(MPI_Allreduce(sizes, largest, 3, MPI_INT, MPI_MAX, world.comm));
  if (bound && largest[2] == world.n_pes - world.my_pe)
    warn(Call::routine_or("shmem_init"),
         "PEs %d and %d of one node are both bound to CPU %d alone: PEs that wait poll, so they "
         "will take turns on that core; bind each PE to cores of its own (srun "
         "--cpu-bind=cores with enough cores per task) or not at all (--cpu-bind=none)",
         pair[0], pair[1], cpu);
  return {this_node.pes, largest[0] > 1, largest[1] > 1};
}

void nodes_stop() {
  this_node.pes.clear();
  SHMEMI_MPI(MPI_Comm_free(&this_node.comm));
}

} // namespace shmemi::mpi_rma
