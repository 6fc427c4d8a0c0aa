#include "core/checks.hpp"

#include <atomic>
#include <climits>
#include <pthread.h>

#include "base/report.hpp"

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

void warn_thread_not_allowed(const char *routine, int level) {
  static std::atomic<bool> said{false};
  if (said.exchange(true)) return;
  warn(routine,
       "called from a thread other than the one that initialized the library, which runs at "
       "%s: %s; a program that calls OpenSHMEM from several threads initializes with "
       "shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) (said once)",
       level == SHMEM_THREAD_SINGLE ? "SHMEM_THREAD_SINGLE" : "SHMEM_THREAD_FUNNELED",
       level == SHMEM_THREAD_SINGLE ? "shmem_init, and shmem_init_thread with "
                                      "SHMEM_THREAD_SINGLE, allow no other thread"
                                    : "only the thread that called shmem_init_thread may call");
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

void fail_not_symmetric(const char *routine, const char *arg, const void *addr, std::size_t len,
                        const Region &heap, const Region &statics) {
  if (addr == nullptr) fail_null(routine, arg, len);
  if (on_own_stack(addr, len))
    fatal(routine,
          "argument %s = %p (%zu bytes) is a local variable (on the stack), not a "
          "symmetric address: declare it static or global, or allocate it with "
          "shmem_malloc",
          arg, addr, len);
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

void fail_too_large(const char *routine, const char *arg, std::size_t count, std::size_t size) {
  fatal(routine, "argument %s = %zu is too large: %zu-byte elements overflow size_t", arg, count,
        size);
}

void fail_strided_extent(const char *routine, std::ptrdiff_t stride) {
  fatal(routine, "arguments nelems and stride %td address beyond size_t", stride);
}

void fail_root(const char *routine, int root, int n_pes) {
  fatal(routine, "argument PE_root = %d is out of range: allowed 0 to %d", root, n_pes - 1);
}

void fail_partial_overlap(const char *routine, const void *dest, const void *source,
                          std::size_t nbytes) {
  fatal(routine,
        "arguments dest = %p and source = %p overlap partially (%zu bytes each): "
        "allowed are the same array or disjoint arrays",
        dest, source, nbytes);
}

void fail_unit_strides(const char *routine, std::ptrdiff_t dst, std::ptrdiff_t sst) {
  fatal(routine, "arguments dst = %td and sst = %td must both be at least 1", dst, sst);
}

void fail_sig_op(const char *routine, int sig_op) {
  fatal(routine,
        "argument sig_op = %d is not a signal operation: allowed SHMEM_SIGNAL_SET (%d) "
        "or SHMEM_SIGNAL_ADD (%d)",
        sig_op, SHMEM_SIGNAL_SET, SHMEM_SIGNAL_ADD);
}

void fail_null_pe_list(const char *routine, std::size_t npes) {
  fatal(routine, "argument target_pes is NULL but npes = %zu", npes);
}

void fail_misaligned(const char *routine, const char *arg, const void *addr, std::size_t size) {
  fatal(routine, "argument %s = %p is not aligned to its type's size %zu", arg, addr, size);
}

void fail_not_heap_block(const char *routine, const void *ptr, const Region &heap) {
  fatal(routine,
        "argument ptr = %p is not a block returned by shmem_malloc and not yet "
        "freed (the symmetric heap is [%p, %p))",
        ptr, static_cast<void *>(heap.base), static_cast<void *>(heap.base + heap.size));
}

void fail_thread_level(const char *routine, int requested) {
  fatal(routine,
        "argument requested = %d is not a thread level: allowed "
        "SHMEM_THREAD_SINGLE (0) to SHMEM_THREAD_MULTIPLE (3), with or without "
        "SHMEM_DEVICE_HOST_INIT (0x100) and SHMEM_DEVICE_KERNEL_INIT (0x200) of shmemx.h",
        requested);
}

void fail_invalid_team(const char *routine) {
  fatal(routine, "argument team is SHMEM_TEAM_INVALID: allowed are SHMEM_TEAM_WORLD, "
                 "SHMEM_TEAM_SHARED and teams from shmem_team_split_* that include this PE");
}

void fail_not_team(const char *routine, shmem_team_t team) {
  fatal(routine, "argument team = %p is not a valid team (destroyed, or never created)",
        static_cast<void *>(team));
}

void fail_destroy_predefined(const char *routine, shmem_team_t team) {
  fatal(routine, "argument team is %s: predefined teams cannot be destroyed",
        team == SHMEM_TEAM_WORLD ? "SHMEM_TEAM_WORLD" : "SHMEM_TEAM_SHARED");
}

void fail_not_in_active_set(const char *routine, int my_pe, int start, int log_stride, int size) {
  fatal(routine,
        "PE %d is not in the active set PE_start = %d, logPE_stride = %d, "
        "PE_size = %d: only its members may call",
        my_pe, start, log_stride, size);
}

void require_team_config(const char *routine, const char *config_arg,
                         const shmem_team_config_t *config, const char *mask_arg, long mask) {
  require_config_mask(routine, mask_arg, mask);
  if (!(mask & SHMEM_TEAM_NUM_CONTEXTS)) return;
  if (config == nullptr)
    fatal(routine, "argument %s is NULL but %s selects SHMEM_TEAM_NUM_CONTEXTS", config_arg,
          mask_arg);
  if (config->num_contexts < 0)
    fatal(routine, "argument %s->num_contexts = %d is negative: allowed 0 or more", config_arg,
          config->num_contexts);
}

void require_active_set(const char *routine, int start, int log_stride, int size, int n_pes) {
  if (start < 0 || start >= n_pes)
    fatal(routine, "argument PE_start = %d is out of range: allowed 0 to %d", start, n_pes - 1);
  if (log_stride < 0 || log_stride > 30)
    fatal(routine, "argument logPE_stride = %d is out of range: allowed 0 to 30", log_stride);
  const long long stride = 1LL << log_stride;
  const long long max_size = (n_pes - 1 - start) / stride + 1;
  if (size < 1 || size > max_size)
    fatal(routine,
          "argument PE_size = %d is out of range for PE_start = %d and logPE_stride "
          "= %d with %d PEs: allowed 1 to %lld",
          size, start, log_stride, n_pes, max_size);
}

} // namespace shmemi
