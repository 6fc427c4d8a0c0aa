// MPI shared by the library and a hybrid program (hybrid.cpp). The program's
// MPI_Init, MPI_Init_thread, MPI_Initialized, MPI_Finalize and
// MPI_Finalized are the library's (MPI's profiling interface), so either
// may initialize MPI first and finalize it first: MPI starts once, for
// whoever comes first, and ends when neither needs it any more.
#pragma once

namespace shmemi::mpi_rma {

// MPI is initialized and not finalized, whatever the program was told.
bool mpi_running();

// The library takes MPI: starts it unless the program did (at thread
// `level`, with the MPI components for `split_nodes`) and holds it until
// transport::release (at process exit: the program may initialize
// OpenSHMEM again until then). Returns MPI's thread level.
int library_hold(bool split_nodes, int level);

// The library started MPI (in this or an earlier shmem_init), not the
// program by any path.
bool library_started_mpi();

// The program initialized MPI and has not finalized it: it makes MPI calls
// of its own.
bool program_holds_mpi();

// MPI_Abort is under way: nobody finalizes MPI any more (MPICH's MPI_Abort
// runs the exit handlers).
void forget_mpi();

} // namespace shmemi::mpi_rma
