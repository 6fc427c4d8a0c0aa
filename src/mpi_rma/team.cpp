// Communicators for teams and active sets: created once, cached by the
// caller in the team object, freed when the team goes.
#include <memory>

#include "mpi_rma/ending.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/team.hpp"
#include "mpi_rma/nodes.hpp"
#include "mpi_rma/world.hpp"
#include "transport/collectives.hpp"

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

namespace {

// MPI_Comm_create_group matches its members' calls by this tag on the
// library's communicator, which carries no other point-to-point traffic.
constexpr int create_group_tag = 0x5e7;

Group *adopt(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return nullptr;
  SHMEMI_MPI(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN));
  return new Group{comm, MPI_COMM_NULL, false};
}

} // namespace

Group *group_world() {
  MPI_Comm comm;
  SHMEMI_MPI(MPI_Comm_dup(world.comm, &comm));
  return adopt(comm);
}

Group *group_node(std::vector<int> &world_pes) {
  MPI_Comm comm;
  SHMEMI_MPI(MPI_Comm_dup(this_node.comm, &comm)); // the PEs whose heaps are mapped here
  world_pes = this_node.pes;
  return adopt(comm);
}

Group *group_self() {
  MPI_Comm comm;
  SHMEMI_MPI(MPI_Comm_dup(MPI_COMM_SELF, &comm));
  return adopt(comm);
}

Group *group_split(const Group &parent, int color, int key) {
  MPI_Comm comm;
  const Blocked blocked;
  SHMEMI_MPI(MPI_Comm_split(comm_of(parent), color < 0 ? MPI_UNDEFINED : color, key, &comm));
  return adopt(comm);
}

Group *group_of_progression(int start, int stride, int size) {
  MPI_Group everyone, members;
  SHMEMI_MPI(MPI_Comm_group(world.comm, &everyone));
  int range[1][3] = {{start, start + (size - 1) * stride, stride}};
  SHMEMI_MPI(MPI_Group_range_incl(everyone, 1, range, &members));
  MPI_Comm comm;
  SHMEMI_MPI(MPI_Comm_create_group(world.comm, members, create_group_tag, &comm));
  SHMEMI_MPI(MPI_Group_free(&members));
  SHMEMI_MPI(MPI_Group_free(&everyone));
  return adopt(comm);
}

void group_free(Group *comm) {
  if (comm == nullptr) return;
  std::unique_ptr<Group> owned(comm);
  complete(comm);
  if (owned->later != MPI_COMM_NULL) SHMEMI_MPI(MPI_Comm_free(&owned->later));
  SHMEMI_MPI(MPI_Comm_free(&owned->comm));
}

} // namespace shmemi::transport
