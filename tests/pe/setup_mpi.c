/* Section 9.1 and the MPI interoperability annex: a program that starts MPI
 * itself, uses OpenSHMEM and MPI side by side, finalizes OpenSHMEM and then
 * keeps using MPI until its own MPI_Finalize. PE numbers are the ranks in
 * MPI_COMM_WORLD. */
#include <mpi.h>
#include <shmem.h>

#include "check.h"

static long from_left;

/* The SHMEM level that corresponds to an MPI thread level. */
static int shmem_level(int mpi_level) {
  if (mpi_level >= MPI_THREAD_MULTIPLE) return SHMEM_THREAD_MULTIPLE;
  if (mpi_level >= MPI_THREAD_SERIALIZED) return SHMEM_THREAD_SERIALIZED;
  if (mpi_level >= MPI_THREAD_FUNNELED) return SHMEM_THREAD_FUNNELED;
  return SHMEM_THREAD_SINGLE;
}

static void use_both(int rank, int size) {
  CHECK_MSG(shmem_my_pe() == rank, "shmem_my_pe %d, MPI rank %d", shmem_my_pe(), rank);
  CHECK_MSG(shmem_n_pes() == size, "shmem_n_pes %d, MPI size %d", shmem_n_pes(), size);

  long sum = 0, mine = rank + 1;
  CHECK(MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS);
  CHECK_MSG(sum == (long)size * (size + 1) / 2, "MPI_Allreduce gave %ld", sum);

  long *heap = shmem_malloc(sizeof(long));
  CHECK(heap != NULL);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  shmem_long_p(&from_left, sum + rank, right);
  if (heap) shmem_long_p(heap, -rank, right);
  shmem_barrier_all();
  CHECK_MSG(from_left == sum + left, "static: %ld", from_left);
  if (heap) CHECK_MSG(*heap == -left, "heap: %ld", *heap);

  /* MPI between OpenSHMEM calls, then OpenSHMEM again. */
  CHECK(MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS);
  if (heap) shmem_long_p(heap, 7 * rank, right);
  shmem_barrier_all();
  if (heap) CHECK(*heap == 7 * left);
  shmem_free(heap);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = -1, size = 0, mpi_provided = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Query_thread(&mpi_provided);

  int provided = -1;
  CHECK_MSG(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "shmem_init_thread");
  /* The library is exactly as thread-safe as the MPI it runs on (MPI_Init
   * gives MPI_THREAD_SINGLE with MPICH, more with some Open MPI builds). */
  CHECK_MSG(provided == shmem_level(mpi_provided), "provided %d, MPI gives %d", provided,
            mpi_provided);
  use_both(rank, size);
  shmem_finalize();

  int initialized = -1, mpi_finalized = 1;
  shmem_query_initialized(&initialized);
  MPI_Finalized(&mpi_finalized);
  if (initialized != 0 || mpi_finalized) {
    fprintf(stderr, "[rank %d] after shmem_finalize: initialized %d, MPI finalized %d\n", rank,
            initialized, mpi_finalized);
    ++check_failures;
  }
  /* MPI is still the program's: barrier, and agree on the verdict. */
  int failures = 0;
  if (MPI_Barrier(MPI_COMM_WORLD) != MPI_SUCCESS ||
      MPI_Allreduce(&check_failures, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD) !=
          MPI_SUCCESS) {
    fprintf(stderr, "[rank %d] MPI failed after shmem_finalize\n", rank);
    failures = 1;
  }
  MPI_Finalize();
  if (rank == 0 && failures) fprintf(stderr, "%d check(s) failed in the job\n", failures);
  return failures ? 1 : 0;
}
