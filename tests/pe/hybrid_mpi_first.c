/* A hybrid program that starts MPI itself at MPI_THREAD_SERIALIZED and is
 * linked with MPI before the library (`mpicc x.c -lmpi -lshmem`: its
 * MPI_Init_thread is MPI's own, not the one the library defines for
 * programs), then calls shmem_init, and mixes MPI collectives and
 * point-to-point (hybrid_mpi_calls.c) with OpenSHMEM atomics and puts,
 * and last checks progress to a computing PE (hybrid.h). Below
 * MPI_THREAD_MULTIPLE no progress thread of the library may call MPI
 * besides the program (tests/pe/hybrid.cmake). Each PE checks its own
 * results. */
#include <mpi.h>
#include <shmem.h>

#include "check.h"
#include "hybrid.h"

int hybrid_mpi_round(int round, double seconds);

int main(int argc, char **argv) {
  int provided = -1;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) return 1;
  shmem_init();
  int level = -1;
  MPI_Query_thread(&level);
  CHECK_MSG(provided == MPI_THREAD_SERIALIZED && level == provided,
            "MPI_Init_thread(MPI_THREAD_SERIALIZED) provided %d, MPI_Query_thread gives %d",
            provided, level);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  CHECK(rank == shmem_my_pe());
  struct hybrid_heap heap = hybrid_heap_alloc();
  const int rounds = hybrid_rounds();
  for (int round = 0; round < rounds; ++round) {
    long root_value = rank == 0 ? 1000 + round : -1;
    MPI_Bcast(&root_value, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    CHECK(root_value == 1000 + round);
    const int errors = hybrid_mpi_round(round, hybrid_mpi_seconds());
    CHECK_MSG(errors == 0, "round %d: %d wrong MPI results", round, errors);
    hybrid_shmem_round(heap, round);
  }
  hybrid_check_progress();
  shmem_free(heap.hits);
  shmem_free(heap.data);
  const int me = shmem_my_pe();
  shmem_finalize();
  MPI_Finalize();
  if (check_failures)
    fprintf(stderr, "[PE %d] %d check(s) failed\n", me, check_failures);
  else if (me == 0)
    printf("PE 0: %d rounds ok\n", rounds);
  return check_failures ? 1 : 0;
}
