// The data of a put-with-signal is complete at the target before the signal
// is updated: put, flush to that PE on the context's channel, then the
// signal AMO.
#include "core/signal.hpp"

#include "base/bytes.hpp"
#include "base/report.hpp"
#include "core/amo.hpp"
#include "core/rma.hpp"

namespace shmemi {
namespace {

AmoOp signal_op(const char *routine, int sig_op) {
  require_sig_op(routine, sig_op);
  return sig_op == SHMEM_SIGNAL_SET ? AmoOp::replace : AmoOp::sum;
}

} // namespace

// Spec: "sig_addr and dest may not be overlapping in memory".
void put_signal(const char *routine, shmem_ctx_t ctx, void *dest, const void *source,
                std::size_t nelems, std::size_t elem_bytes, std::uint64_t *sig_addr,
                std::uint64_t signal, int sig_op, int pe) {
  const AmoOp op = signal_op(routine, sig_op);
  const std::size_t bytes = require_bytes(routine, "nelems", nelems, elem_bytes);
  require_disjoint(routine, "dest", dest, bytes, "sig_addr", sig_addr, sizeof *sig_addr);
  rma_put(routine, ctx, dest, source, nelems, elem_bytes, pe, Completion::local);
  const Call call(routine);
  transport::flush(*ctx->channel, require_target(routine, ctx, pe));
  amo_post<std::uint64_t>(routine, ctx, sig_addr, op, signal, pe);
}

} // namespace shmemi
