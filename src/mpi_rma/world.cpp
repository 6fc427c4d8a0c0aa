// The world: MPI held for the library, its communicator and the PE
// numbers; and the port's calls that need no more than the world.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "mpi_rma/hybrid.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/progress_plan.hpp"
#include "mpi_rma/world.hpp"
#include "transport/job.hpp"

namespace shmemi::mpi_rma {

World world;

transport::Identity world_start(bool split_nodes, int level) {
  const int provided = library_hold(split_nodes, level);
  SHMEMI_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &world.comm));
  SHMEMI_MPI(MPI_Comm_set_errhandler(world.comm, MPI_ERRORS_RETURN));
  transport::Identity id{};
  SHMEMI_MPI(MPI_Comm_rank(world.comm, &id.my_pe));
  SHMEMI_MPI(MPI_Comm_size(world.comm, &id.n_pes));
  id.thread_provided = shmem_thread_level(provided);
  world.my_pe = id.my_pe;
  world.n_pes = id.n_pes;
  return id;
}

void world_stop() { SHMEMI_MPI(MPI_Comm_free(&world.comm)); }

} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

void allgather(const void *mine, std::size_t bytes, void *all) {
  SHMEMI_MPI(MPI_Allgather(mine, static_cast<int>(bytes), MPI_BYTE, all, static_cast<int>(bytes),
                           MPI_BYTE, world.comm));
}

bool all_true(bool mine) {
  int in = mine, out = 0;
  SHMEMI_MPI(MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LAND, world.comm));
  return out != 0;
}

void abort_job(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  // MPICH's launcher may kill the job before it forwards this PE's last
  // output; give it a moment (docs/bench/notes.md, "The last output before
  // MPI_Abort"). Where several PEs fail at once, the lower PE's abort
  // comes first and ends the others while they wait theirs (150 ms more
  // per PE below, up to 10 PEs): Open MPI's launcher prints errors of its
  // own when aborts cross.
  const int stagger = std::clamp(world.my_pe, 0, 10);
  usleep(100000 + 150000 * stagger);
  forget_mpi(); // MPICH's MPI_Abort runs exit handlers: no MPI_Finalize there
  if (mpi_running()) MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

void set_thread_calls(bool concurrent, bool watch) {
  activity.concurrent = concurrent;
  overlap.watch = watch;
}

} // namespace shmemi::transport
