// The job-wide synchronization of the port: poll and sync_all.
#include "mpi_rma/ending.hpp"
#include "mpi_rma/memory_sync.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/world.hpp"
#include "transport/data_path.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

void poll() {
  int flag = 0;
  SHMEMI_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, world.comm, &flag, MPI_STATUS_IGNORE));
  memory_sync();
}

void sync_all() {
  memory_sync();
  const Blocked blocked;
  SHMEMI_MPI(MPI_Barrier(world.comm));
  memory_sync();
}

} // namespace shmemi::transport
