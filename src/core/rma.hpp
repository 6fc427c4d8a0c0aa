// The routing of every put and get: to this PE's own memory by copy, to
// other PEs through the transport. The API layer calls these in bytes.
#pragma once

#include <cstddef>

#include "core/context.hpp"
#include "transport/transport.hpp"

namespace shmemi {

using transport::Completion;

enum class Direction { put, get };

// nelems elements of elem_bytes each, dest remote for a put, source for a get.
void rma_contiguous(Direction dir, shmem_ctx_t ctx, void *dest, const void *source,
                    std::size_t nelems, std::size_t elem_bytes, int pe, Completion c,
                    const char *routine);

inline void rma_put(shmem_ctx_t ctx, void *dest, const void *source, std::size_t nelems,
                    std::size_t elem_bytes, int pe, Completion c, const char *routine) {
  rma_contiguous(Direction::put, ctx, dest, source, nelems, elem_bytes, pe, c, routine);
}
inline void rma_get(shmem_ctx_t ctx, void *dest, const void *source, std::size_t nelems,
                    std::size_t elem_bytes, int pe, Completion c, const char *routine) {
  rma_contiguous(Direction::get, ctx, dest, source, nelems, elem_bytes, pe, c, routine);
}

// Strides and block length in elements, as the spec's iput/ibput take them.
struct StridedElems {
  std::ptrdiff_t dst;
  std::ptrdiff_t sst;
  std::size_t bsize;
  std::size_t nblocks;
};
void rma_strided(Direction dir, shmem_ctx_t ctx, void *dest, const void *source, StridedElems shape,
                 std::size_t elem_bytes, int pe, const char *routine);

inline void rma_put_strided(shmem_ctx_t ctx, void *dest, const void *source, StridedElems shape,
                            std::size_t elem_bytes, int pe, const char *routine) {
  rma_strided(Direction::put, ctx, dest, source, shape, elem_bytes, pe, routine);
}
inline void rma_get_strided(shmem_ctx_t ctx, void *dest, const void *source, StridedElems shape,
                            std::size_t elem_bytes, int pe, const char *routine) {
  rma_strided(Direction::get, ctx, dest, source, shape, elem_bytes, pe, routine);
}

} // namespace shmemi
