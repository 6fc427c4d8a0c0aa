/* SHMEM_TEAM_SHARED is the PEs of this node, as MPI sees them
 * (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED; this PE alone under
 * SHMEM_FORCE_INTERNODE), in world order, when they are evenly spaced in
 * the world team (block or round-robin placement); the coll.cmake
 * registration also fakes two nodes on MPICH. Collectives on it reach
 * exactly those PEs, and shmem_ptr reaches exactly their heaps: loads and
 * stores through it land in the PE's memory. Across hosts it is also
 * checked against the host names. */
#include <mpi.h>
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* On emulated hosts (scripts/test-cluster.sh), each with its own host name:
 * the shared team is exactly the PEs whose host name is this PE's. */
static void check_hosts(void) {
  char name[MPI_MAX_PROCESSOR_NAME] = {0};
  int len = 0;
  MPI_Get_processor_name(name, &len);
  const int npes = shmem_n_pes();
  char *names = malloc((size_t)npes * MPI_MAX_PROCESSOR_NAME);
  MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names, MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                MPI_COMM_WORLD);
  int hosts = 0;
  for (int pe = 0; pe < npes; ++pe) {
    const char *there = names + (size_t)pe * MPI_MAX_PROCESSOR_NAME;
    const int same_host = strcmp(there, name) == 0;
    const int shared = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) >= 0;
    CHECK_MSG(same_host == shared, "PE %d on host %s, this PE on %s, in the shared team: %d", pe,
              there, name, shared);
    int first = 1;
    for (int q = 0; q < pe; ++q)
      first &= strcmp(names + (size_t)q * MPI_MAX_PROCESSOR_NAME, there) != 0;
    hosts += first;
  }
  CHECK_MSG(hosts > 1, "all %d PEs report host %s: the job is not on several hosts", npes, name);
  free(names);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe();
  MPI_Comm node;
  int node_size = 0, node_rank = 0;
  if (check_split_nodes())
    CHECK(MPI_Comm_split(MPI_COMM_WORLD, me, 0, &node) == MPI_SUCCESS);
  else
    CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node) ==
          MPI_SUCCESS);
  MPI_Comm_size(node, &node_size);
  MPI_Comm_rank(node, &node_rank);
  int *pes = malloc(sizeof(int) * (size_t)node_size);
  MPI_Allgather(&me, 1, MPI_INT, pes, 1, MPI_INT, node);

  const int n = shmem_team_n_pes(SHMEM_TEAM_SHARED);
  CHECK_MSG(n == node_size, "SHMEM_TEAM_SHARED has %d PEs, the node %d", n, node_size);
  CHECK(shmem_team_my_pe(SHMEM_TEAM_SHARED) == node_rank);
  for (int i = 0; i < n && n == node_size; ++i)
    CHECK_MSG(shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD) == pes[i],
              "shared PE %d is world PE %d, MPI says %d", i,
              shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD), pes[i]);
  CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, &me, node_rank) == NULL); /* not symmetric */

  static long mine, sum;
  mine = me + 1;
  CHECK(shmem_long_sum_reduce(SHMEM_TEAM_SHARED, &sum, &mine, 1) == 0);
  long expect = 0;
  for (int i = 0; i < node_size; ++i) expect += pes[i] + 1;
  CHECK_MSG(sum == expect, "sum over the shared team %ld, expected %ld", sum, expect);
  CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, &sum, node_rank) == &sum);
  CHECK(shmem_team_sync(SHMEM_TEAM_SHARED) == 0);

  /* Each PE stores its number into every heap it can reach. */
  const int npes = shmem_n_pes();
  int *slots = shmem_calloc((size_t)npes, sizeof(int));
  for (int pe = 0; pe < npes; ++pe) {
    int *there = shmem_ptr(slots, pe);
    const int shared = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) >= 0;
    CHECK_MSG((there != NULL) == shared, "shmem_ptr to PE %d is %p, in the shared team: %d", pe,
              (void *)there, shared);
    if (there) there[me] = me + 1;
  }
  shmem_barrier_all();
  for (int pe = 0; pe < npes; ++pe) {
    const int shared = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) >= 0;
    CHECK_MSG(slots[pe] == (shared ? pe + 1 : 0), "slot of PE %d holds %d", pe, slots[pe]);
  }
  shmem_free(slots);
  if (getenv("SHMEM_TEST_MULTI_HOST") != NULL) check_hosts();

  free(pes);
  MPI_Comm_free(&node);
  CHECK_DONE();
}
