// Every MPI call goes through SHMEMI_MPI: a failure names the call, MPI's
// error text and the PE, then ends the job.
#pragma once

#include <mpi.h>

namespace shmemi::mpi {

[[noreturn]] void call_failed(int rc, const char *call, const char *function);

inline void check(int rc, const char *call, const char *function) {
  if (rc != MPI_SUCCESS) [[unlikely]]
    call_failed(rc, call, function);
}

} // namespace shmemi::mpi

#define SHMEMI_MPI(call) ::shmemi::mpi::check((call), #call, __func__)
