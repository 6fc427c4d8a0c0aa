// Whether every MPI call of the process is this library's, for the whole
// run: the rule under which the progress thread may call MPI below
// MPI_THREAD_MULTIPLE, taking turns with the library's calls
// (docs/decisions/progress.md, "The rule").
#pragma once

#include <functional>
#include <string>

namespace shmemi::mpi_rma {

// Before MPI starts: "" if no loaded object but this library, the objects
// it needs (MPI among them) and the MPI tools the user named (`tools`,
// SHMEM_MPI_TOOLS: file names or paths separated by ':') names an MPI
// routine (other than MPI_Initialized and MPI_Finalized) or dlsym (which
// finds a routine by its name), neither this library nor MPI is linked
// into the program, and no other thread runs (so the objects loaded until
// mpi_objects_accepted are MPI's own); else who or what may call MPI
// unseen.
std::string other_mpi_caller(const std::string &tools);

// Once MPI runs: every object loaded now is accounted for.
void mpi_objects_accepted();

// Runs `poke` unless an object loaded since mpi_objects_accepted names an
// MPI routine or dlsym; no object can be loaded while it runs. Once one
// has been, never runs it again and says who in `why`. Whether it ran.
bool poke_unless_other_caller(const std::function<void()> &poke, std::string &why);

} // namespace shmemi::mpi_rma
