// The routing of every put and get: to this PE's own memory by copy, to
// other PEs through the transport. The API layer calls these in bytes.
#pragma once

#include <cstddef>

#include "core/context.hpp"
#include "transport/data_path.hpp"

namespace shmemi {

using transport::Completion;

enum class Direction { put, get };

// nelems elements of elem_bytes each, dest remote for a put, source for a get.
void rma_contiguous(const char *routine, Direction dir, shmem_ctx_t ctx, void *dest,
                    const void *source, std::size_t nelems, std::size_t elem_bytes, int pe,
                    Completion c);

inline void rma_put(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                    std::size_t nelems, std::size_t elem_bytes, int pe, Completion c) {
  rma_contiguous(routine, Direction::put, ctx, dest, source, nelems, elem_bytes, pe, c);
}
inline void rma_get(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                    std::size_t nelems, std::size_t elem_bytes, int pe, Completion c) {
  rma_contiguous(routine, Direction::get, ctx, dest, source, nelems, elem_bytes, pe, c);
}

// Strides and block length in elements, as the spec's iput/ibput take them.
struct StridedElems {
  std::ptrdiff_t dst;
  std::ptrdiff_t sst;
  std::size_t bsize;
  std::size_t nblocks;
};
void rma_strided(const char *routine, Direction dir, shmem_ctx_t ctx, void *dest,
                 const void *source, StridedElems shape, std::size_t elem_bytes, int pe);

inline void rma_put_strided(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                            StridedElems shape, std::size_t elem_bytes, int pe) {
  rma_strided(routine, Direction::put, ctx, dest, source, shape, elem_bytes, pe);
}
inline void rma_get_strided(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                            StridedElems shape, std::size_t elem_bytes, int pe) {
  rma_strided(routine, Direction::get, ctx, dest, source, shape, elem_bytes, pe);
}

} // namespace shmemi
