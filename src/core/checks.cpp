#include "core/checks.hpp"

#include <climits>
#include <pthread.h>

namespace shmemi {
namespace {

// Whether [addr, addr + len) lies on the calling thread's stack: a local
// variable of the program.
bool on_own_stack(const void *addr, std::size_t len) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return false;
  void *low = nullptr;
  std::size_t size = 0;
  const bool known = pthread_attr_getstack(&attr, &low, &size) == 0;
  pthread_attr_destroy(&attr);
  const Region stack{static_cast<char *>(low), size};
  return known && stack.contains(addr, len);
}

} // namespace

void fail_not_initialized(const char *routine) {
  fatal(routine, "called while the library is not initialized: call shmem_init "
                 "first, and no OpenSHMEM routine after the last shmem_finalize");
}

void fail_cmp(const char *routine, int cmp) {
  fatal(routine,
        "argument cmp = %d is not a comparison: allowed SHMEM_CMP_EQ (%d), _NE, _GT, "
        "_LE, _LT or SHMEM_CMP_GE (%d)",
        cmp, SHMEM_CMP_EQ, SHMEM_CMP_GE);
}

void fail_pe(const char *routine, int pe, int n_pes) {
  fatal(routine, "argument pe = %d is out of range: allowed 0 to %d", pe, n_pes - 1);
}

void fail_not_symmetric(const char *routine, const char *arg, const void *addr, std::size_t len) {
  if (addr == nullptr) fail_null(routine, arg, len);
  if (on_own_stack(addr, len))
    fatal(routine,
          "argument %s = %p (%zu bytes) is a local variable (on the stack), not a "
          "symmetric address: declare it static or global, or allocate it with "
          "shmem_malloc",
          arg, addr, len);
  const Region &heap = memory::mapping.heap, &statics = memory::mapping.statics;
  fatal(routine,
        "argument %s = %p (%zu bytes) is not a symmetric address: allowed are the "
        "symmetric heap [%p, %p) and global/static data [%p, %p)",
        arg, addr, len, static_cast<void *>(heap.base), static_cast<void *>(heap.base + heap.size),
        static_cast<void *>(statics.base), static_cast<void *>(statics.base + statics.size));
}

void fail_ctx(const char *routine, shmem_ctx_t ctx) {
  fatal(routine,
        "argument ctx = %p is not a valid context (SHMEM_CTX_INVALID or "
        "destroyed); use SHMEM_CTX_DEFAULT or a context from shmem_ctx_create",
        static_cast<void *>(ctx));
}

void fail_null(const char *routine, const char *arg, std::size_t count) {
  fatal(routine, "argument %s is NULL but %zu bytes are to be transferred", arg, count);
}

void fail_overlap(const char *routine, const char *arg_a, const void *a, std::size_t a_len,
                  const char *arg_b, const void *b, std::size_t b_len) {
  fatal(routine,
        "arguments %s = %p (%zu bytes) and %s = %p (%zu bytes) overlap: allowed are "
        "buffers that share no byte",
        arg_a, a, a_len, arg_b, b, b_len);
}

void fail_negative(const char *routine, const char *arg, int value) {
  fatal(routine, "argument %s = %d is negative: allowed 0 to %d", arg, value, INT_MAX);
}

void fail_null_out(const char *routine, const char *arg, const char *type) {
  fatal(routine, "argument %s is NULL: allowed is a %s pointer", arg, type);
}

void fail_destroy_default(const char *routine) {
  fatal(routine, "argument ctx is SHMEM_CTX_DEFAULT: only contexts from shmem_ctx_create "
                 "and shmem_team_create_ctx can be destroyed");
}

void fail_not_live(const char *routine, shmem_ctx_t ctx) {
  fatal(routine,
        "argument ctx = %p is not a live context (destroyed already, destroyed "
        "with its team, or never created)",
        static_cast<void *>(ctx));
}

void fail_config_mask(const char *routine, const char *arg, long mask) {
  fatal(routine,
        "argument %s = %#lx has bits of no configuration constant: allowed is 0 "
        "or SHMEM_TEAM_NUM_CONTEXTS (%#lx)",
        arg, mask, SHMEM_TEAM_NUM_CONTEXTS);
}

void fail_null_config(const char *routine, long mask) {
  fatal(routine, "argument config is NULL but config_mask = %#lx is not 0", mask);
}

void fail_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t bsize) {
  fatal(routine, "arguments dst = %td and sst = %td must both be at least bsize = %zu", dst, sst,
        bsize);
}

} // namespace shmemi
