// The requests of the nonblocking collectives (shmemx_ *_nb routines,
// shmemx_req_test, shmemx_req_wait): a shmemx_req_h points to a shmemi_req,
// made at the start and freed at the completion the program observes.
#pragma once

#include <shmemx.h>

#include "core/checks.hpp"
#include "core/coll.hpp"

struct shmemi_req {
  shmemi::Begun begun;
};

namespace shmemi {

// A request argument of an _nb routine: any pointer but NULL. It holds
// SHMEMX_REQ_INVALID until the collective has started.
inline void require_request_out(const char *routine, shmemx_req_h *request) {
  if (request == nullptr) [[unlikely]]
    fail_null_out(routine, "request", "shmemx_req_h");
  *request = SHMEMX_REQ_INVALID;
}

// Starts a nonblocking collective with `start(Begun *)`, which runs the
// checks and the start of core/coll.hpp, and sets *request.
template <class F> int request_start(const char *routine, shmemx_req_h *request, F start) {
  require_request_out(routine, request);
  Begun begun;
  start(&begun);
  *request = new shmemi_req{begun};
  return 0;
}

// shmemx_req_test (wait false) and shmemx_req_wait (wait true): whether the
// collective of *request is complete; if it is, frees the request and sets
// *request to SHMEMX_REQ_INVALID, which is complete already.
bool request_complete(const char *routine, shmemx_req_h *request, bool wait);

} // namespace shmemi
