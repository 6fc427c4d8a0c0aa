// This PE's node (nodes.cpp): the PEs whose heaps it maps, and their
// communicator; the backend's second part (parts.cpp).
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "transport/job.hpp"

namespace shmemi::mpi_rma {

struct Node {
  MPI_Comm comm = MPI_COMM_NULL; // the PEs whose heaps are mapped here
  std::vector<int> pes;          // their world PE numbers, in node rank order
  // Every PE was made its own node on request (SHMEM_FORCE_INTERNODE),
  // though PEs may share one: MPI may allocate windows as shared memory.
  bool split_forced = false;
};

extern Node this_node;

// transport::join_nodes: the settings agreed (the heap's size, Open MPI's
// osc list, forced inter-node mode), the node's communicator made, and a
// warning where two PEs of a node are bound to one CPU. Collective.
transport::Nodes nodes_start(std::size_t heap_bytes, bool split_nodes);
void nodes_stop();

} // namespace shmemi::mpi_rma
