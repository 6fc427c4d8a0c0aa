#include "core/amo.hpp"

#include <cstdint>

#include "base/report.hpp"
#include "core/runtime.hpp"
#include "core/symmetric.hpp"
#include "node/amo.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"

namespace shmemi {

void amo(const char *routine, shmem_ctx_t ctx, const void *dest, const AmoArgs &args, void *result,
         int pe, Completion c) {
  require_init(routine);
  const int world = require_target(routine, ctx, pe);
  const SymAddr at = require_symmetric(routine, "dest", dest, args.size);
  require_aligned(routine, "dest", dest, args.size);
  if (node::cpu_atomics_on(at.space))
    return node::cpu_amo(memory::address(at, world), args.size, args.op, args.operand, args.compare,
                         result);
  const Call call(routine);
  transport::amo(*ctx->channel, at, args.op, args.type, args.operand, args.compare, result, world,
                 c);
}

} // namespace shmemi
