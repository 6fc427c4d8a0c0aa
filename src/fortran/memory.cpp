// Fortran symmetric heap routines (1.3 section 8.2): SHPALLOC, SHPDEALLC and
// SHPCLMOVE over the C allocator, with the spec's error codes. Lengths are
// in 32-bit words; addresses are Cray pointers. All PEs call each routine
// with the same arguments (it is collective, as shmem_malloc is).
#include "core/checks.hpp"
#include "core/memory.hpp"
#include "core/runtime.hpp"
#include "fortran/entry.hpp"

using namespace shmemi;
using namespace shmemi::fortran;

namespace {

constexpr std::size_t word_bytes = 4;

// The spec's error codes.
enum Code : fint {
  ok = 0,
  bad_length = -1,
  no_memory = -2,
  outside_heap = -3,
  already_free = -4,
  not_block_start = -5,
};

const char *meaning(fint code) {
  switch (code) {
  case bad_length: return "argument length is not greater than 0";
  case no_memory:
    return "the symmetric heap has no free block that large (raise SHMEM_SYMMETRIC_SIZE)";
  case outside_heap: return "argument addr is outside the symmetric heap";
  case already_free: return "argument addr is not a block allocated by SHPALLOC and not yet freed";
  default: return "argument addr is inside a block, not at its start";
  }
}

// Stores the code; with abort nonzero an error ends the job instead.
void report(const char *routine, fint code, fint *errcode, const fint *abort) {
  if (code < 0 && *abort != 0)
    fatal(routine, "error %d: %s (abort was requested)", code, meaning(code));
  *errcode = code;
}

// Whether a live block starts at p: the checks of SHPDEALLC and SHPCLMOVE.
fint block_at(const char *routine, void *p) {
  require_init(routine);
  switch (heap_place(p)) {
  case HeapPlace::outside: return outside_heap;
  case HeapPlace::block: return ok;
  case HeapPlace::inside_block: return not_block_start;
  case HeapPlace::free: return already_free;
  }
  __builtin_unreachable();
}

void shpalloc(const char *routine, fpointer *addr, const fint *length, fint *errcode,
              const fint *abort) {
  if (*length <= 0) return report(routine, bad_length, errcode, abort);
  void *p = pshmem_malloc(static_cast<std::size_t>(*length) * word_bytes);
  if (p != nullptr) *addr = reinterpret_cast<fpointer>(p);
  report(routine, p != nullptr ? ok : no_memory, errcode, abort);
}

void shpdeallc(const char *routine, fpointer *addr, fint *errcode, const fint *abort) {
  const fint code = block_at(routine, address(*addr));
  if (code == ok) pshmem_free(address(*addr));
  report(routine, code, errcode, abort);
}

// status: 0 extended (or shrunk) in place, 1 moved, or an error code.
void shpclmove(const char *routine, fpointer *addr, const fint *length, fint *status,
               const fint *abort) {
  fint code = *length <= 0 ? bad_length : block_at(routine, address(*addr));
  if (code == ok) {
    void *p = pshmem_realloc(address(*addr), static_cast<std::size_t>(*length) * word_bytes);
    code = p == nullptr ? no_memory : p == address(*addr) ? 0 : 1;
    if (p != nullptr) *addr = reinterpret_cast<fpointer>(p);
  }
  report(routine, code, status, abort);
}

} // namespace

SHMEMI_F_DEF(void, shpalloc,
             (fpointer * addr, const fint *length, fint *errcode, const fint *abort),
             shpalloc(routine, addr, length, errcode, abort))
SHMEMI_F_DEF(void, shpdeallc, (fpointer * addr, fint *errcode, const fint *abort),
             shpdeallc(routine, addr, errcode, abort))
SHMEMI_F_DEF(void, shpclmove,
             (fpointer * addr, const fint *length, fint *status, const fint *abort),
             shpclmove(routine, addr, length, status, abort))
