// Section 9.11, memory ordering, per context: quiet and fence complete the
// operations issued on the context's channel only (transport/transport.hpp).
#pragma once

#include <cstddef>

#include "core/context.hpp"

namespace shmemi {

// Spec: on SHMEM_CTX_INVALID, ctx_quiet, ctx_fence and ctx_pe_quiet perform
// no operation.
void quiet(shmem_ctx_t ctx, const char *routine);
void fence(shmem_ctx_t ctx, const char *routine);
// Completes the context's operations to the given PEs of its team.
void pe_quiet(shmem_ctx_t ctx, const int *target_pes, std::size_t npes, const char *routine);

} // namespace shmemi
