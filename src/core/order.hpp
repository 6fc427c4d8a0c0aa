// Section 9.11, memory ordering, per context. quiet, fence and pe_quiet act
// on the context's transport channel only (transport/transport.hpp): its
// own, or the default context's where no spare channel was left when it
// was created. quiet also completes the nonblocking collectives this PE
// started on the context's team, or on every team for the default context
// and contexts of SHMEM_TEAM_WORLD; fence and pe_quiet complete none.
#pragma once

#include <cstddef>

#include "core/context.hpp"

namespace shmemi {

// Spec: on SHMEM_CTX_INVALID, ctx_quiet, ctx_fence and ctx_pe_quiet perform
// no operation.
void quiet(const char *routine, shmem_ctx_t ctx);
// Orders the channel's operations to each PE (transport::fence; over MPI,
// which orders only accumulates, it completes them).
void fence(const char *routine, shmem_ctx_t ctx);
// Completes the channel's operations to the given PEs of the context's
// team, one flush per PE; a list as long as the team (or longer) gets one
// quiet of the channel instead, which completes them to every PE. With
// npes 0 only the initialization is checked.
void pe_quiet(const char *routine, shmem_ctx_t ctx, const int *target_pes, std::size_t npes);

} // namespace shmemi
