#include "core/statics.hpp"

#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "base/report.hpp"

namespace shmemi {
namespace {

std::size_t page_size() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

// The main program's writable segments and its read-only-after-relocation
// part (PT_GNU_RELRO, which lies inside them).
struct Layout {
  std::vector<Region> writable;
  Region relro;
};

// dl_iterate_phdr reports the main program first; stop after it.
int visit_main_program(struct dl_phdr_info *info, std::size_t, void *data) {
  auto *layout = static_cast<Layout *>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    char *start = reinterpret_cast<char *>(info->dlpi_addr + ph.p_vaddr);
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W))
      layout->writable.push_back({start, ph.p_memsz});
    else if (ph.p_type == PT_GNU_RELRO)
      layout->relro = {start, ph.p_memsz};
  }
  return 1;
}

Layout main_program_layout() {
  Layout layout;
  dl_iterate_phdr(visit_main_program, &layout);
  return layout;
}

// Whether [p, p + n) holds a non-zero byte. Not instrumented: sanitizers
// poison the gaps between globals, which are copied like everything else.
__attribute__((no_sanitize("address", "thread"))) bool holds_data(const char *p, std::size_t n) {
  const auto *words = reinterpret_cast<const volatile std::uint64_t *>(p);
  for (std::size_t i = 0; i < n / sizeof(std::uint64_t); ++i)
    if (words[i] != 0) return true;
  return false;
}

__attribute__((no_sanitize("address", "thread"))) void copy_pages(char *to, const char *from,
                                                                  std::size_t n) {
  auto *d = reinterpret_cast<volatile std::uint64_t *>(to);
  const auto *s = reinterpret_cast<const volatile std::uint64_t *>(from);
  for (std::size_t i = 0; i < n / sizeof(std::uint64_t); ++i) d[i] = s[i];
}

// Writes the pages of `seg` that hold data into the file at their offset
// from `origin` (pages of zeros stay holes). The raw system call, because
// sanitizers check what write() reads.
bool copy_to_file(int fd, const Region &seg, const char *origin) {
  const std::size_t page = page_size();
  const Region pages = whole_pages(seg, page);
  for (std::size_t at = 0; at < pages.size;) {
    std::size_t end = at;
    while (end < pages.size && holds_data(pages.base + end, page)) end += page;
    for (std::size_t done = at; done < end;) {
      const long n = syscall(SYS_pwrite64, fd, pages.base + done, end - done,
                             static_cast<off_t>(pages.base + done - origin));
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    at = end == at ? at + page : end;
  }
  return true;
}

// The pages glibc made read-only after relocation, within `pages`.
Region relro_pages(const Layout &layout, const Region &pages) {
  const std::size_t page = page_size();
  const auto lo = reinterpret_cast<std::uintptr_t>(layout.relro.base) / page * page;
  const auto hi = (reinterpret_cast<std::uintptr_t>(layout.relro.base) + layout.relro.size) /
                  page * page;
  if (hi <= lo || !pages.contains(reinterpret_cast<void *>(lo), hi - lo)) return {};
  return {reinterpret_cast<char *>(lo), hi - lo};
}

Region shared_pages; // this process's data+bss while it is a shared memory file
Region shared_relro;

// A child made by fork() must not write into its parent's variables: it
// gets private copies of the pages.
void privatize_in_child() {
  if (shared_pages.size == 0) return;
  void *copy = mmap(nullptr, shared_pages.size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED) return;
  copy_pages(static_cast<char *>(copy), shared_pages.base, shared_pages.size);
  // The system call itself: UCX's replacement of mremap (MPI loads it)
  // drops the fifth argument.
  if (syscall(SYS_mremap, copy, shared_pages.size, shared_pages.size,
              MREMAP_MAYMOVE | MREMAP_FIXED, shared_pages.base) == -1)
    return;
  if (shared_relro.size) mprotect(shared_relro.base, shared_relro.size, PROT_READ);
  shared_pages = {};
}

// The pages around the writable segments, copied to `to` at their offset
// from `origin` (the gaps between segments may be unreadable).
void copy_segments(const Layout &layout, char *to, const char *origin) {
  for (const Region &seg : layout.writable) {
    const Region pages = whole_pages(seg, page_size());
    copy_pages(to + (pages.base - origin), pages.base, pages.size);
  }
}

// One line of /proc/self/maps.
struct Mapping {
  std::uintptr_t lo = 0, hi = 0;
  unsigned long long offset = 0, inode = 0;
  unsigned major = 0, minor = 0;
  char perms[5] = {};
  std::string path;
};

bool find_mapping(const void *address, Mapping &out) {
  FILE *maps = std::fopen("/proc/self/maps", "r");
  if (!maps) return false;
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  char line[512], path[400];
  bool found = false;
  while (!found && std::fgets(line, sizeof line, maps)) {
    path[0] = '\0';
    found = std::sscanf(line, "%lx-%lx %4s %llx %x:%x %llu %399s", &out.lo, &out.hi, out.perms,
                        &out.offset, &out.major, &out.minor, &out.inode, path) >= 7 &&
            out.lo <= at && at < out.hi;
    out.path = path;
  }
  std::fclose(maps);
  return found;
}

// A descriptor this process holds on the file of `m`, or -1.
int descriptor_of(const Mapping &m) {
  for (int fd = 0; fd < 4096; ++fd) {
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_ino == m.inode && major(st.st_dev) == m.major &&
        minor(st.st_dev) == m.minor)
      return fd;
  }
  return -1;
}

// Maps what backs `memory` (described by m) over `pages`.
bool map_alias(const Mapping &m, char *memory, const Region &pages) {
  const auto at = reinterpret_cast<std::uintptr_t>(memory);
  if (m.perms[3] != 's' || m.hi - at < pages.size) return false;
  if (m.path.rfind("/SYSV", 0) == 0) // the inode of a SysV segment is its id
    return at == m.lo && m.hi - m.lo == pages.size &&
           shmat(static_cast<int>(m.inode), pages.base, SHM_REMAP) == pages.base;
  const int fd = descriptor_of(m);
  return fd >= 0 && mmap(pages.base, pages.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                         fd, static_cast<off_t>(m.offset + (at - m.lo))) == pages.base;
}

// The pages are now shared memory: relro read-only again, and private
// copies for forked children.
void became_shared(const Layout &layout, const Region &pages) {
  shared_relro = relro_pages(layout, pages);
  if (shared_relro.size) mprotect(shared_relro.base, shared_relro.size, PROT_READ);
  shared_pages = pages;
  static const bool fork_hook = pthread_atfork(nullptr, nullptr, privatize_in_child) == 0;
  (void)fork_hook;
}

bool fail(const char *what) {
  debug("shmem_init", "global and static variables are not shared on this node (%s: %s); "
                      "they are reached through MPI", what, std::strerror(errno));
  return false;
}

} // namespace

Region static_data_region() {
  const Layout layout = main_program_layout();
  std::uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (const Region &seg : layout.writable) {
    lo = std::min(lo, reinterpret_cast<std::uintptr_t>(seg.base));
    hi = std::max(hi, reinterpret_cast<std::uintptr_t>(seg.base) + seg.size);
  }
  if (hi <= lo) return {};
  return {reinterpret_cast<char *>(lo), hi - lo};
}

bool share_statics(StaticSegment &out) {
  const Layout layout = main_program_layout();
  const Region statics = static_data_region();
  const Region pages = whole_pages(statics, page_size());
  if (pages.size == 0) return false;
  const int fd = memfd_create("shmem-statics", MFD_CLOEXEC);
  if (fd < 0) return fail("memfd_create");
  bool copied = ftruncate(fd, static_cast<off_t>(pages.size)) == 0;
  for (const Region &seg : layout.writable) copied = copied && copy_to_file(fd, seg, pages.base);
  // From here to the mmap, a store by another thread would be lost: the
  // library's own threads start later, MPI's touch only MPI's variables.
  if (!copied || mmap(pages.base, pages.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                      0) == MAP_FAILED) {
    close(fd);
    return fail(copied ? "mmap" : "copying into a memory file");
  }
  became_shared(layout, pages);
  out = {fd, pages, static_cast<std::size_t>(statics.base - pages.base)};
  return true;
}

bool alias_statics(char *memory) {
  const Layout layout = main_program_layout();
  const Region pages = whole_pages(static_data_region(), page_size());
  Mapping m;
  if (pages.size == 0 || reinterpret_cast<std::uintptr_t>(memory) % page_size() != 0 ||
      !find_mapping(memory, m))
    return false;
  copy_segments(layout, memory, pages.base);
  // As in share_statics, a store by another thread from here to the map
  // would be lost.
  if (!map_alias(m, memory, pages)) return false;
  became_shared(layout, pages);
  return true;
}

char *map_peer_statics(int pid, int fd, const StaticSegment &mine) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, fd);
  const int theirs = open(path, O_RDWR | O_CLOEXEC);
  if (theirs < 0) return fail("open /proc/<pid>/fd"), nullptr;
  void *at = mmap(nullptr, mine.pages.size, PROT_READ | PROT_WRITE, MAP_SHARED, theirs, 0);
  close(theirs);
  if (at == MAP_FAILED) return fail("mmap of another PE's data"), nullptr;
  return static_cast<char *>(at) + mine.lead;
}

void unmap_peer_statics(char *peer_statics, const StaticSegment &mine) {
  munmap(peer_statics - mine.lead, mine.pages.size);
}

void close_statics(StaticSegment &segment) {
  if (segment.fd >= 0) close(segment.fd);
  segment.fd = -1;
}

} // namespace shmemi
