#include "memory/statics.hpp"

#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "base/config.hpp"
#include "base/process.hpp"
#include "base/report.hpp"
#include "memory/fork.hpp"
#include "memory/pages.hpp"

namespace shmemi::memory {
namespace {

// A writable PT_LOAD segment: `file_bytes` come from the executable, the
// rest (the bss) starts as anonymous zero pages.
struct Segment {
  char *base;
  std::size_t file_bytes, bytes;
};

// The main program's writable segments and its read-only-after-relocation
// part (PT_GNU_RELRO, which the linker puts at their start).
struct ProgramSegments {
  std::vector<Segment> writable;
  Region relro;
  bool dynamic = false; // not a static executable, whose libc data lies among the program's
};

// The dynamic linker lists the main program first.
ProgramSegments main_program_segments() {
  ProgramSegments segments;
  process::for_each_object([&](const process::Object &program) {
    segments.dynamic = program.dynamic_section() != nullptr;
    program.for_each_segment([&](const ElfW(Phdr) & ph, char *start) {
      if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W))
        segments.writable.push_back({start, ph.p_filesz, ph.p_memsz});
      else if (ph.p_type == PT_GNU_RELRO)
        segments.relro = {start, ph.p_memsz};
    });
    return true;
  });
  return segments;
}

// [a, b) clipped to `to`.
Region clip(char *a, char *b, const Region &to) {
  char *lo = std::max(a, to.base), *hi = std::min(b, to.base + to.size);
  return hi > lo ? Region{lo, static_cast<std::size_t>(hi - lo)} : Region{};
}

// Whether [p, p + n) holds a non-zero byte. Not instrumented: sanitizers
// poison the gaps between globals, which are copied like everything else.
__attribute__((no_sanitize("address", "thread"))) bool holds_data(const char *p, std::size_t n) {
  const auto *words = reinterpret_cast<const volatile std::uint64_t *>(p);
  for (std::size_t i = 0; i < n / sizeof(std::uint64_t); ++i)
    if (words[i] != 0) return true;
  return false;
}

// Whether the page at `p` (of the bss: anonymous memory) was ever touched;
// one never touched holds zeros and need not even be read.
bool touched(const char *p, std::size_t page) {
  unsigned char in_core = 0;
  return mincore(const_cast<char *>(p), page, &in_core) != 0 || (in_core & 1) != 0;
}

// Writes the pages of `seg` within `pages` that hold data into the file at
// their offset from pages.base (the rest stay holes). The raw system call,
// because sanitizers check what write() reads.
bool copy_to_file(int fd, const Segment &seg, const Region &pages, std::size_t skew) {
  const std::size_t page = page_size();
  const Region mine = whole_pages(clip(seg.base, seg.base + seg.bytes, pages), page);
  const Region from_file = whole_pages({seg.base, seg.file_bytes}, page);
  const char *const anonymous = from_file.base + from_file.size; // the bss's own pages
  const auto worth_copying = [&](const char *p) {
    return (p < anonymous || touched(p, page)) && holds_data(p, page);
  };

  for (std::size_t at = 0; at < mine.size;) {
    std::size_t end = at;
    while (end < mine.size && worth_copying(mine.base + end)) end += page;
    for (std::size_t done = at; done < end;) {
      const long n = syscall(SYS_pwrite64, fd, mine.base + done, end - done,
                             static_cast<off_t>(skew + (mine.base + done - pages.base)));
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    at = end == at ? at + page : end;
  }
  return true;
}

// Why the variables are not in a memory file, for shmem_init's debug line.
char not_moved_because[192] = "the library was not loaded at the program's start";

bool not_moved(const char *why) {
  std::snprintf(not_moved_because, sizeof not_moved_because, "%s", why);
  return false;
}

bool fail(const char *what) {
  std::snprintf(not_moved_because, sizeof not_moved_because, "%s: %s", what, std::strerror(errno));
  return false;
}

StaticSegment in_file; // what move_statics_to_file made (fd -1 in a forked child)

// fork(): the child's data+bss is a private copy made by the parent just
// before the fork (only the file's pages that hold data are read, so an
// untouched bss costs nothing), moved into place as the child's first
// act (the shared mapping itself is not inherited: MADV_DONTFORK), with
// the protections the program gave its pages. These run from fork.cpp's
// handlers, registered at load: after the program's prepare handlers and
// before its child handlers, and before the heap's. What the child needs
// before its copy is in place is thread-local (the forking thread's): in
// a static link of the library its variables lie in the data+bss too.
struct Protection {
  char *base;
  std::size_t size;
  int prot;
};
struct ForkCopy {
  Region pages;
  char *copy = nullptr;
  char failure[256]; // the child's last words, if it cannot have its copy
  std::size_t failure_bytes = 0;
  std::vector<Protection> protections;
};
thread_local ForkCopy forking;

// A system call without libc's wrapper: in the child, before its copy is
// in place, a static link's calls through the executable's PLT would read
// .got.plt, which lies in the data pages.
long raw_syscall(long number, long a, long b, long c, long d, long e) {
#if defined(__x86_64__)
  long result;
  register long r10 asm("r10") = d;
  register long r8 asm("r8") = e;
  asm volatile("syscall"
               : "=a"(result)
               : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
               : "rcx", "r11", "memory");
  return result;
#else
  return syscall(number, a, b, c, d, e);
#endif
}

// The file's data extents (tmpfs reports swapped-out pages as data too),
// read into `to` at their offsets.
// `skew`: the file offset of to[0].
bool read_file_data(int fd, char *to, std::size_t size, std::size_t skew) {
  to -= skew;
  size += skew;
  for (off_t at = static_cast<off_t>(skew); static_cast<std::size_t>(at) < size;) {
    const off_t data = lseek(fd, at, SEEK_DATA);
    if (data < 0) return errno == ENXIO; // no data after `at`
    const off_t hole = lseek(fd, data, SEEK_HOLE);
    if (hole < 0) return false;
    for (off_t done = data; done < hole;) {
      const long n = syscall(SYS_pread64, fd, to + done, hole - done, done);
      if (n <= 0) return false;
      done += n;
    }
    at = hole;
  }
  return true;
}

// The pages of `pages` the program made other than read-write.
std::vector<Protection> protections_in(const Region &pages) {
  std::vector<Protection> out;
  process::for_each_mapping([&](const process::Mapping &m) {
    const Region r = clip(reinterpret_cast<char *>(m.lo), reinterpret_cast<char *>(m.hi), pages);
    if ((m.prot & (PROT_READ | PROT_WRITE)) != (PROT_READ | PROT_WRITE) && r.size)
      out.push_back({r.base, r.size, m.prot});
    return false;
  });
  return out;
}

// The words of a child that cannot have its copy (a write and an _exit:
// nothing of the parent's job is touched).
void prepare_failure(const char *what) {
  const int n = std::snprintf(
      forking.failure, sizeof forking.failure,
      "[shmem PE %d] fork: the child process cannot get its own copy of the program's "
      "global variables (%s: %s); it ends with status 127\n",
      reporter.my_pe, what, std::strerror(errno ? errno : EIO));
  forking.failure_bytes =
      std::min(static_cast<std::size_t>(std::max(n, 0)), sizeof forking.failure - 1);
}

// A child without its copy would have no variables at all: it says so and
// ends.
[[noreturn]] __attribute__((no_sanitize("address", "thread"))) void child_without_copy() {
  raw_syscall(SYS_write, STDERR_FILENO, reinterpret_cast<long>(forking.failure),
              static_cast<long>(forking.failure_bytes), 0, 0);
  raw_syscall(SYS_exit_group, 127, 0, 0, 0, 0);
  __builtin_unreachable();
}

// Moves the pages into `fd` with every signal blocked, so that a handler's
// store cannot fall between the copy and the mapping.
bool move_into_file(int fd, const ProgramSegments &program, const Region &pages, std::size_t skew) {
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &before);
  bool moved = true;
  for (const Segment &seg : program.writable) moved = moved && copy_to_file(fd, seg, pages, skew);
  moved = moved && mmap(pages.base, pages.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                        static_cast<off_t>(skew)) != MAP_FAILED;
  const int error = errno;
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  errno = error;
  return moved;
}

// When the library is loaded, before the program's constructors and main
// (its dependencies' constructors run first; in a static link, the
// priority puts this first): no thread, signal handler, page protection
// or huge page of the program exists yet, so the move cannot lose or
// change anything. A bad variable value is reported by shmem_init.
__attribute__((constructor(101))) void share_at_load() {
  fork_handlers(); // before the program's: fork.cpp
  Config config;
  std::string error;
  const EnvLookup env = [](const char *name) -> const char * { return std::getenv(name); };
  config_load(env, config, &error);
  const char *skip = !config.node_globals     ? "SHMEM_NODE_GLOBALS is off"
                     : config.force_internode ? "SHMEM_FORCE_INTERNODE is on"
                     : !process::launch(env).node_peers_possible()
                         ? "the launcher started no other PE on this node"
                     : process::threads_running() != 1 ? "the library was loaded while the process "
                                                         "ran other threads"
                                                       : nullptr;
  StaticSegment moved;
  if (skip)
    not_moved(skip);
  else
    move_statics_to_file(moved, config.heap_pages != HeapPages::small && shared_thp_offered());
}

} // namespace

void statics_before_fork() {
  forking = {};
  if (in_file.fd < 0) return;
  forking.pages = in_file.pages;
  prepare_failure("mremap");
  void *copy =
      mmap(nullptr, in_file.pages.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED) return prepare_failure("mmap");
  madvise(copy, in_file.pages.size, MADV_HUGEPAGE); // fewer faults while it fills
  if (!read_file_data(in_file.fd, static_cast<char *>(copy), in_file.pages.size, in_file.skew)) {
    prepare_failure("reading the memory file");
    munmap(copy, in_file.pages.size);
    return;
  }
  forking.copy = static_cast<char *>(copy);
  forking.protections = protections_in(in_file.pages);
}

void statics_after_fork_in_parent() {
  if (forking.copy) munmap(forking.copy, forking.pages.size);
  forking = {};
}

// Not instrumented: until the copy is in place the child has no data+bss,
// and a sanitizer's runtime may keep its switches there (a static link of
// it, the unit tests).
__attribute__((no_sanitize("address", "thread"))) void statics_after_fork_in_child() {
  if (forking.pages.size == 0) return;
  // The system call itself also because UCX's replacement of mremap (MPI
  // loads it) drops the fifth argument.
  if (!forking.copy ||
      raw_syscall(SYS_mremap, reinterpret_cast<long>(forking.copy),
                  static_cast<long>(forking.pages.size), static_cast<long>(forking.pages.size),
                  MREMAP_MAYMOVE | MREMAP_FIXED, reinterpret_cast<long>(forking.pages.base)) < 0)
    child_without_copy();
  for (const Protection &p : forking.protections) mprotect(p.base, p.size, p.prot);
  forking = {};
  close(in_file.fd);
  in_file = {};
}

Region static_data_region() {
  const ProgramSegments program = main_program_segments();
  std::uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (const Segment &seg : program.writable) {
    lo = std::min(lo, reinterpret_cast<std::uintptr_t>(seg.base));
    hi = std::max(hi, reinterpret_cast<std::uintptr_t>(seg.base) + seg.bytes);
  }
  const auto relro_lo = reinterpret_cast<std::uintptr_t>(program.relro.base);
  if (program.relro.size && relro_lo <= lo) lo = std::max(lo, relro_lo + program.relro.size);
  if (hi <= lo) return {};
  return {reinterpret_cast<char *>(lo), hi - lo};
}

bool move_statics_to_file(StaticSegment &out, bool huge) {
  const ProgramSegments program = main_program_segments();
  const Region statics = static_data_region();
  const Region pages = whole_pages(statics, page_size());
  if (pages.size == 0) return not_moved("the program has no writable data");
  if (!program.dynamic) return not_moved("a statically linked executable");
  if (!fork_handlers()) return fail("pthread_atfork"); // idle until `in_file` is set
  const int fd = memfd_create("shmem-globals", MFD_CLOEXEC);
  if (fd < 0) return fail("memfd_create");
  // The file's offsets and the addresses agree modulo a huge page, so that
  // its aligned parts can be transparent huge pages.
  const std::size_t skew = huge ? reinterpret_cast<std::uintptr_t>(pages.base) % huge_page : 0;
  if (ftruncate(fd, static_cast<off_t>(skew + pages.size)) != 0 ||
      !move_into_file(fd, program, pages, skew)) {
    const bool failed = fail("moving the variables into a memory file");
    close(fd);
    return failed;
  }
  madvise(pages.base, pages.size, MADV_DONTFORK);
  if (huge) madvise(pages.base, pages.size, MADV_HUGEPAGE);
  in_file = {fd, pages, static_cast<std::size_t>(statics.base - pages.base), skew};
  out = in_file;
  return true;
}

const StaticSegment &statics_file() { return in_file; }

const char *statics_not_in_file_because() { return not_moved_because; }

PeerFile offer_statics(bool offered, std::uint64_t socket) {
  PeerFile offer =
      describe_file(offered ? in_file.fd : -1, in_file.skew ? huge_page : small_page, socket);
  offer.offset = in_file.skew;
  return offer;
}

char *map_peer_statics(const PeerFile &file, const StaticSegment &mine, int pe, PeerSocket &socket,
                       std::string &why) {
  char *at = map_peer_file(file, file.offset + mine.pages.size, pe, socket, why);
  if (at) fork_leave_out(at, file.offset + mine.pages.size);
  if (at && file.offset) madvise(at, file.offset + mine.pages.size, MADV_HUGEPAGE);
  return at ? at + file.offset + mine.lead : nullptr;
}

void unmap_peer_statics(char *peer_statics, const PeerFile &file, const StaticSegment &mine) {
  munmap(peer_statics - mine.lead - file.offset, file.offset + mine.pages.size);
}

} // namespace shmemi::memory
