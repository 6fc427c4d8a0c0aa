#include "core/request.hpp"

#include "base/report.hpp"
#include "core/runtime.hpp"

namespace shmemi {

bool request_complete(const char *routine, shmemx_req_h *request, bool wait) {
  require_init(routine);
  if (request == nullptr) [[unlikely]]
    fail_null_out(routine, "request", "shmemx_req_h");
  if (*request == SHMEMX_REQ_INVALID) return true;
  const Call call(routine);
  if (!coll_advance((*request)->begun, wait)) return false;
  delete *request;
  *request = SHMEMX_REQ_INVALID;
  return true;
}

} // namespace shmemi
