// The objects behind shmem_team_t and shmem_ctx_t (declared in shmem.h).
#pragma once

#include <shmem.h>

// A team is an arithmetic progression of world PEs.
struct shmemi_team {
  struct Comm; // the transport's communicator for the team (src/mpi_rma/team.cpp)

  int start = 0;  // world PE of team PE 0
  int stride = 1; // world PE distance between consecutive team PEs (may be < 0)
  int size = 0;   // number of PEs
  shmem_team_config_t config{}; // from the split's config and mask; zero: defaults
  Comm *comm = nullptr;         // owned; freed when the team is destroyed
};

struct shmemi_ctx {
  shmemi_team *team = nullptr; // PE numbers of operations are in this team
  long options = 0;            // SHMEM_CTX_* flags it was created with
};
