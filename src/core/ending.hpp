// The end of a job: every PE's last shmem_finalize, or its exit without one
// (start_pes programs, or a program that returns early). The PEs meet on
// resources no user call touches (transport's ending records), so an exit
// never completes a barrier another PE is in; and a job that cannot end,
// because PEs that are still running wait for ones that ended, is ended
// (docs/decisions/end-of-job.md).
#pragma once

#include <cstdint>

namespace shmemi {

// Completes this PE's operations, then waits until every PE has reached
// the end. exit_status < 0: this PE is in its last shmem_finalize;
// otherwise it is exiting with that status without one. While it waits it
// watches the others; once every PE is at the end or blocked in an
// OpenSHMEM wait, none begins or ends a wait for at least
// SHMEM_DEADLOCK_TIMEOUT seconds, and every blocked PE has confirmed after
// that point that it still waits, the lowest-numbered PE at the end reports
// who is where and the job ends with status 1.
void meet_at_end(int exit_status);

} // namespace shmemi
