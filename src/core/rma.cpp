#include "core/rma.hpp"

#include <cstdint>
#include <cstring>

#include "base/bytes.hpp"
#include "base/copy.hpp"
#include "base/report.hpp"
#include "core/runtime.hpp"
#include "core/symmetric.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"

namespace shmemi {
namespace {

// The address range a strided transfer touches on one side.
struct Span {
  const char *lo;
  std::size_t len;
};

Span strided_span(const void *base, std::ptrdiff_t stride, const transport::Strided &s) {
  const std::ptrdiff_t last = static_cast<std::ptrdiff_t>(s.nblocks - 1) * stride;
  const char *p = static_cast<const char *>(base);
  const char *lo = last < 0 ? p + last : p;
  return {lo, static_cast<std::size_t>(last < 0 ? -last : last) + s.block_bytes};
}

transport::Strided to_bytes(const char *routine, StridedElems e, std::size_t elem_bytes) {
  const std::size_t block = require_bytes(routine, "bsize", e.bsize, elem_bytes);
  return {e.dst * static_cast<std::ptrdiff_t>(elem_bytes),
          e.sst * static_cast<std::ptrdiff_t>(elem_bytes), block, e.nblocks};
}

// Blocks of a size known here: each a load and a store, not a memmove call
// (64 strided longs on a node: docs/bench/notes.md, "Strided transfers").
// Each block is read before it is written, as memmove would.
template <std::size_t N> void copy_blocks(char *d, const char *src, const transport::Strided &s) {
  for (std::size_t b = 0; b < s.nblocks; ++b, d += s.dst_stride, src += s.src_stride) {
    unsigned char block[N];
    std::memcpy(block, src, N);
    std::memcpy(d, block, N);
  }
}

void copy_strided(void *dest, const void *source, const transport::Strided &s) {
  char *d = static_cast<char *>(dest);
  const char *src = static_cast<const char *>(source);
  switch (s.block_bytes) {
  case 1: return copy_blocks<1>(d, src, s);
  case 2: return copy_blocks<2>(d, src, s);
  case 4: return copy_blocks<4>(d, src, s);
  case 8: return copy_blocks<8>(d, src, s);
  case 16: return copy_blocks<16>(d, src, s);
  default:
    for (std::size_t b = 0; b < s.nblocks; ++b, d += s.dst_stride, src += s.src_stride)
      copy_on_node(d, src, s.block_bytes);
  }
}

} // namespace

void rma_contiguous(const char *routine, Direction dir, shmem_ctx_t ctx, void *dest,
                    const void *source, std::size_t nelems, std::size_t elem_bytes, int pe,
                    Completion c) {
  require_init(routine);
  const int world = require_target(routine, ctx, pe);
  const std::size_t n = require_bytes(routine, "nelems", nelems, elem_bytes);
  if (n == 0) return;
  const bool put = dir == Direction::put;
  require_buffer(routine, put ? "source" : "dest", put ? source : dest, n);
  const SymAddr at = require_symmetric(routine, put ? "dest" : "source", put ? dest : source, n);
  if (char *there = memory::address(at, world)) {
    copy_on_node(put ? there : dest, put ? source : there, n);
    return;
  }
  const Call call(routine);
  if (put)
    transport::put(*ctx->channel, at, source, n, world, c);
  else
    transport::get(*ctx->channel, dest, at, n, world, c);
}

void rma_strided(const char *routine, Direction dir, shmem_ctx_t ctx, void *dest,
                 const void *source, StridedElems shape, std::size_t elem_bytes, int pe) {
  require_init(routine);
  const int world = require_target(routine, ctx, pe);
  const transport::Strided s = to_bytes(routine, shape, elem_bytes);
  if (s.nblocks == 0 || s.block_bytes == 0) return;
  const bool put = dir == Direction::put;
  const void *local = put ? source : dest;
  const void *remote = put ? dest : source;
  const Span mine = strided_span(local, put ? s.src_stride : s.dst_stride, s);
  require_buffer(routine, put ? "source" : "dest", local, mine.len);
  const Span theirs = strided_span(remote, put ? s.dst_stride : s.src_stride, s);
  const SymAddr lo = require_symmetric(routine, put ? "dest" : "source", theirs.lo, theirs.len);
  const SymAddr at{lo.space, lo.offset + static_cast<std::size_t>(
                                             static_cast<const char *>(remote) - theirs.lo)};
  if (char *there = memory::address(at, world)) {
    copy_strided(put ? there : dest, put ? source : there, s);
    return;
  }
  const Call call(routine);
  if (put)
    transport::put_strided(*ctx->channel, at, source, s, world);
  else
    transport::get_strided(*ctx->channel, dest, at, s, world);
}

} // namespace shmemi
