#include "memory/fork.hpp"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "base/process.hpp"
#include "base/report.hpp"
#include "memory/statics.hpp"

namespace shmemi::memory {
namespace {

// This PE's region as fork_private_region described it.
struct OwnRegion {
  char *base = nullptr;
  std::size_t bytes = 0;
  int fd = -1;
  bool pool = false;
  char failure[192] = {}; // the child's words where it cannot have its heap
  std::size_t failure_bytes = 0;
};
OwnRegion own;

// The child says it has no heap (one write: after a fork only
// async-signal-safe calls are allowed) and goes on: it may still exec.
void say_no_heap() {
  if (own.failure_bytes && write(STDERR_FILENO, own.failure, own.failure_bytes) < 0) return;
}

// Copy-on-write of this PE's memory file: nothing is copied until the
// child writes. The pool's pages are reserved where it has enough free,
// else taken at each write (a write the pool cannot serve then ends the
// child with SIGBUS).
bool map_file_privately() {
  const int prot = PROT_READ | PROT_WRITE, flags = MAP_PRIVATE | MAP_FIXED;
  if (mmap(own.base, own.bytes, prot, flags, own.fd, 0) != MAP_FAILED) return true;
  return own.pool &&
         mmap(own.base, own.bytes, prot, flags | MAP_NORESERVE, own.fd, 0) != MAP_FAILED;
}

// Shared memory without a file of the library's (MPI's): it can be
// neither mapped copy-on-write nor copied without the fork paying for a
// copy of the heap, so the child may read it (as it is now, like the
// pages a copy-on-write child has not written) but not store into it.
bool read_only() { return mprotect(own.base, own.bytes, PROT_READ) == 0; }

// After the data+bss are in place (a static link keeps `own` there).
void heap_after_fork_in_child() {
  if (own.base == nullptr) return;
  const bool mine = own.fd >= 0 ? map_file_privately() : read_only();
  if (!mine) {
    munmap(own.base, own.bytes); // never the PE's memory
    say_no_heap();
  }
  own = {};
}

// Not instrumented, like what it calls first (statics.cpp).
__attribute__((no_sanitize("address", "thread"))) void after_fork_in_child() {
  statics_after_fork_in_child();
  heap_after_fork_in_child();
}

void check(int result, const char *what) {
  if (result != 0)
    warn(Call::routine_or("shmem_init"),
         "%s failed (%s): a forked child's stores into symmetric memory would reach the PEs'", what,
         std::strerror(result > 0 ? result : errno));
}

} // namespace

bool fork_handlers() {
  static const int error =
      pthread_atfork(statics_before_fork, statics_after_fork_in_parent, after_fork_in_child);
  errno = error ? error : errno;
  return error == 0;
}

void fork_private_region(char *base, std::size_t bytes, int fd, bool pool) {
  own.base = base;
  own.bytes = bytes;
  own.fd = fd;
  own.pool = pool;
  const int n = std::snprintf(own.failure, sizeof own.failure,
                              "[shmem PE %d] fork: the child process cannot have its own copy of "
                              "the symmetric heap; it has none\n",
                              reporter.my_pe);
  own.failure_bytes = std::min(static_cast<std::size_t>(std::max(n, 0)), sizeof own.failure - 1);
  check(fork_handlers() ? 0 : errno, "pthread_atfork");
  if (fd >= 0) fork_leave_out(base, bytes);
}

void fork_forget_own_region() { own = {}; }

void fork_leave_out(char *at, std::size_t bytes) {
  check(madvise(at, bytes, MADV_DONTFORK), "madvise(MADV_DONTFORK)");
}

bool mapped_shared(const void *p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  bool shared = false;
  process::for_each_mapping([&](const process::Mapping &m) {
    if (m.lo > at || at >= m.hi) return false;
    shared = m.shared;
    return true;
  });
  return shared;
}

} // namespace shmemi::memory
