// The transport: everything the library asks of MPI, in bytes, PEs and
// symmetric addresses. This header is MPI-free; only src/mpi_rma/ sees
// <mpi.h>. PE numbers are ranks of MPI_COMM_WORLD.
#pragma once

#include <cstddef>

#include "core/symmetric.hpp"

namespace shmemi::transport {

struct Identity {
  int my_pe;
  int n_pes;
  int thread_provided; // an SHMEM_THREAD_* level
};

// Starts MPI if the program has not (and then finalizes it at exit), or
// joins the program's MPI. Collective over MPI_COMM_WORLD.
Identity start(int thread_requested);
// Creates the heap window (returns its local base) and exposes `statics`.
char *map_memory(std::size_t heap_bytes, const Region &statics);
// Frees the windows and the library's communicator; MPI stays up.
void stop();
// Finalizes MPI if start() initialized it and it is still running.
void release_mpi();
// Ends every PE of the job with `status`, as cleanly as MPI allows.
[[noreturn]] void abort_job(int status);

// When a blocking routine's call returns, `source` may be reused (puts) or
// `dest` holds the data (gets); remote completion needs quiet().
enum class Completion { local, deferred };

// Byte layout of a strided transfer: nblocks blocks of block_bytes each,
// consecutive blocks dst_stride/src_stride bytes apart.
struct Strided {
  std::ptrdiff_t dst_stride;
  std::ptrdiff_t src_stride;
  std::size_t block_bytes;
  std::size_t nblocks;
};

void put(SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion c);
void get(void *dest, SymAddr source, std::size_t nbytes, int pe, Completion c);
void put_strided(SymAddr dest, const void *source, const Strided &shape, int pe);
void get_strided(void *dest, SymAddr source, const Strided &shape, int pe);

void quiet();        // every operation issued so far is complete everywhere
void fence();        // operations to each PE are ordered
void barrier_all();  // quiet, then all PEs meet; remote writes are visible
void sync_all();     // all PEs meet; no completion of outstanding operations

} // namespace shmemi::transport
