/* The MPI half of the hybrid tests (tests/pe/hybrid.cmake): code of a
 * plugin or library that calls MPI on its own, as its host program calls
 * OpenSHMEM. Built as a shared library that hybrid_plugin dlopen()s after
 * shmem_init and that hybrid_linked links, and compiled into
 * hybrid_mpi_first. It does not initialize MPI: it finds MPI running (like
 * a module that asks MPI itself, as mpi4py does under Python, or that
 * counts on its host). */
#include <mpi.h>
#include <stdio.h>

/* Calls MPI for `seconds` (as rank 0 measures; it tells the others in
 * the MPI_Allreduce), so that the library's progress thread, which sleeps
 * 2 ms while the program is busy in the library, wakes up during the calls:
 * each time an MPI_Allreduce and an MPI_Barrier on MPI_COMM_WORLD, then a
 * message to the right neighbour (MPI_Irecv, MPI_Send, MPI_Wait) and an
 * MPI_Sendrecv back. Returns the number of wrong results (printed). */
int hybrid_mpi_round(int round, double seconds) {
  int rank = -1, size = 0, errors = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  const double until = MPI_Wtime() + seconds;
  for (long i = 0;; ++i) {
    long mine[2] = {rank + round + i, rank == 0 && MPI_Wtime() >= until}, sum[2] = {-1, -1};
    MPI_Allreduce(mine, sum, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    const long want = (long)size * (size - 1) / 2 + (long)size * (round + i);
    if (sum[0] != want) {
      fprintf(stderr, "[rank %d] round %d: MPI_Allreduce gave %ld, not %ld\n", rank, round, sum[0],
              want);
      ++errors;
    }
    if (sum[1] != 0) break;
    MPI_Barrier(MPI_COMM_WORLD);
    long got = -1, back = -1;
    MPI_Request request;
    MPI_Irecv(&got, 1, MPI_LONG, left, round, MPI_COMM_WORLD, &request);
    MPI_Send(&mine[0], 1, MPI_LONG, right, round, MPI_COMM_WORLD);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&got, 1, MPI_LONG, left, round, &back, 1, MPI_LONG, right, round, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (got != left + round + i || back != mine[0]) {
      fprintf(stderr, "[rank %d] round %d: received %ld and %ld, not %ld and %ld\n", rank, round,
              got, back, left + round + i, mine[0]);
      ++errors;
    }
  }
  return errors;
}
