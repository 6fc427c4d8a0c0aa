// The objects behind shmem_team_t and shmem_ctx_t (declared in shmem.h).
#pragma once

#include <shmem.h>

// A team is an arithmetic progression of world PEs.
struct shmemi_team {
  int start = 0;  // world PE of team PE 0
  int stride = 1; // world PE distance between consecutive team PEs
  int size = 0;   // number of PEs
};

struct shmemi_ctx {
  shmemi_team *team = nullptr; // PE numbers of operations are in this team
  long options = 0;            // SHMEM_CTX_* flags it was created with
};
