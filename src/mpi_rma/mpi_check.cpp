#include "mpi_rma/mpi_check.hpp"

#include <atomic>

#include "base/report.hpp"

namespace shmemi::mpi_rma {

Overlap overlap;

void call_failed(int rc, const char *call, const char *function) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  fatal(Call::routine_or(function), "MPI call failed (in the library's %s): %s: %s", function, call,
        text);
}

void Overlap::report(const char *function) {
  static std::atomic<bool> said{false};
  if (said.exchange(true)) return;
  warn(Call::routine_or(entered_routine != nullptr ? entered_routine : function),
       "called while another thread of this PE was inside the library's MPI calls, but the "
       "library runs below SHMEM_THREAD_MULTIPLE, where OpenSHMEM calls from several threads "
       "must not overlap (this call now waits for the other); initialize with "
       "shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) "
       "(said once)");
}

} // namespace shmemi::mpi_rma
