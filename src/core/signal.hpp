// Section 9.8: put-with-signal.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/context.hpp"

namespace shmemi {

// nelems elements of elem_bytes from source to dest on pe, then the signal
// update (SHMEM_SIGNAL_SET or _ADD) of sig_addr, which the data precedes.
// The nbi forms may complete early, so they take this path too.
void put_signal(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                std::size_t nelems, std::size_t elem_bytes, std::uint64_t *sig_addr,
                std::uint64_t signal, int sig_op, int pe);

} // namespace shmemi
