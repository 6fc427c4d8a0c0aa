#include "memory/pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "base/process.hpp"

#ifndef MFD_HUGE_SHIFT
#define MFD_HUGE_SHIFT 26
#endif

namespace shmemi::memory {
namespace {

std::string read_line(const std::string &path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The system's default huge page size (Hugepagesize in /proc/meminfo); 0
// if it has none.
std::size_t default_huge_page() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::size_t kib = 0;
  while (in >> key)
    if (key == "Hugepagesize:" && in >> kib) return kib << 10;
  return 0;
}

std::string pool_dir(std::size_t bytes) {
  return "/sys/kernel/mm/hugepages/hugepages-" + std::to_string(bytes >> 10) + "kB/";
}

// The pool's pages of `bytes` that the system keeps (vm.nr_hugepages for
// the default size).
std::size_t pool_pages(std::size_t bytes) {
  const std::string n = read_line(pool_dir(bytes) + "nr_hugepages");
  return n.empty() ? 0 : std::stoul(n);
}

// Pages of `bytes` in the pool that nobody has yet: free and not reserved.
std::size_t pool_pages_left(std::size_t bytes) {
  const std::string dir = pool_dir(bytes);
  const std::string free = read_line(dir + "free_hugepages");
  const std::string reserved = read_line(dir + "resv_hugepages");
  if (free.empty()) return 0;
  const std::size_t n = std::stoul(free), taken = reserved.empty() ? 0 : std::stoul(reserved);
  return n > taken ? n - taken : 0;
}

// The setting in force among "always [madvise] never" (the bracketed word).
std::string thp_setting(const char *file) {
  const std::string line = read_line(std::string("/sys/kernel/mm/transparent_hugepage/") + file);
  const auto open = line.find('['), close = line.find(']');
  return open == std::string::npos || close < open ? "unknown"
                                                   : line.substr(open + 1, close - open - 1);
}

// Whether transparent huge pages can back memory of `holder`: shared
// memory (shmem_enabled), or private memory (enabled; where MPI allocates
// the memory, it may be shared, on_mpi_memory).
bool thp_offered(Holder holder, std::string &setting) {
  const char *file = holder == Holder::node ? "shmem_enabled" : "enabled";
  setting = std::string(file) + " [" + thp_setting(file) + "]";
  for (const char *yes : {"[always]", "[madvise]", "[advise]", "[within_size]", "[force]"})
    if (setting.find(yes) != std::string::npos) return true;
  return false;
}

// SHMEM_HEAP_PAGES, or SOS's names where it is left at auto.
HeapPages requested(const Config &config) {
  if (config.heap_pages != HeapPages::automatic) return config.heap_pages;
  if (config.symmetric_heap_page_size == small_page) return HeapPages::small;
  if (config.symmetric_heap_use_huge_pages == Toggle::on) return HeapPages::huge;
  if (config.symmetric_heap_use_huge_pages == Toggle::off) return HeapPages::small;
  return HeapPages::automatic;
}

std::string mib(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, bytes >= (1u << 30) ? "%.0f GiB" : "%.0f MiB",
                static_cast<double>(bytes) / (bytes >= (1u << 30) ? 1 << 30 : 1 << 20));
  return bytes < (1u << 20) ? std::to_string(bytes >> 10) + " KiB" : text;
}

// Why MPI allocates the heap where it does.
constexpr const char *mpi_allocates =
    "every PE its own node, sharing its machine with others: forced inter-node mode";

// What the system offers, each with its reason.
struct Offer {
  std::size_t huge = 0; // the pool's page size (0: no pool of that size)
  bool pool = false;
  bool thp = false;
  std::string pool_why, thp_why;
  std::size_t kept = 0, left = 0, need = 0; // the pool's pages: all, free, needed
};

Offer offer(const Config &config, std::size_t region_bytes, int node_pes, Holder holder) {
  Offer o;
  o.huge = config.symmetric_heap_page_size > small_page ? config.symmetric_heap_page_size
                                                        : default_huge_page();
  const std::size_t need = o.huge ? (region_bytes + o.huge - 1) / o.huge * node_pes : 0;
  const std::size_t left = o.huge ? pool_pages_left(o.huge) : 0;
  o.kept = o.huge ? pool_pages(o.huge) : 0;
  o.left = left;
  o.need = need;
  o.pool = holder != Holder::mpi && o.huge && left >= need;
  o.pool_why = holder == Holder::mpi ? "MPI allocates the heap (" + std::string(mpi_allocates) + ")"
               : !o.huge             ? "the system has no huge pages"
                         : "the pool of " + mib(o.huge) + " pages has " + std::to_string(left) +
                               " free, " + std::to_string(need) + " needed for " +
                               std::to_string(node_pes) + " PEs' heaps of " + mib(region_bytes);
  std::string setting;
  o.thp = thp_offered(holder, setting);
  o.thp_why = "transparent huge pages: " + setting;
  return o;
}

Pages small_pages(std::string why) {
  return {PageKind::small, small_page, "4 KiB pages: " + why, {}};
}

Pages pool_pages(const Offer &o) {
  return {PageKind::pool, o.huge, mib(o.huge) + " pages from the reserved pool: " + o.pool_why, {}};
}

Pages thp_pages(const Offer &o, Holder holder) {
  const char *what = holder != Holder::mpi
                         ? "transparent huge pages on request ("
                         : "transparent huge pages asked for on memory MPI allocates; they "
                           "apply where it is private memory or shared memory the system "
                           "gives them to (";
  return {PageKind::thp, huge_page, what + o.thp_why + "); " + o.pool_why, {}};
}

const char *kind_name(PageKind kind) {
  return kind == PageKind::pool  ? "the reserved pool's pages"
         : kind == PageKind::thp ? "transparent huge pages"
                                 : "4 KiB pages";
}

// Where the site keeps a pool that the heap does not get (but where MPI
// allocates the heap, in forced mode, which no setting changes): why, and
// the size that would serve it.
std::string pool_missed(const Offer &o, Holder holder, const Pages &got) {
  if (got.kind == PageKind::pool || holder == Holder::mpi || o.kept == 0) return "";
  const std::size_t short_by = o.need > o.left ? o.need - o.left : 0;
  const std::string setting = o.huge == default_huge_page() ? std::string("vm.nr_hugepages")
                                                            : pool_dir(o.huge) + "nr_hugepages";
  return std::string("the symmetric heap is on ") + kind_name(got.kind) +
         ", not on the reserved pool the system keeps (" + std::to_string(o.kept) +
         " pages): " + o.pool_why + ". Set " + setting + " to at least " +
         std::to_string(o.kept + short_by) +
         " (MPI and other programs take pages of the pool too: docs/decisions/node-memory.md), "
         "or choose the heap's pages with SHMEM_HEAP_PAGES";
}

// The best the system offers, pool first; "huge" if only huge pages will do.
Pages best(const Offer &o, Holder holder, bool huge_only) {
  if (o.pool) return pool_pages(o);
  if (o.thp) return thp_pages(o, holder);
  Pages p = small_pages(o.pool_why + "; " + o.thp_why);
  if (huge_only) p.why += " (huge pages were asked for)";
  return p;
}

} // namespace

Pages choose_pages(const Config &config, std::size_t region_bytes, int node_pes, Holder holder) {
  const Offer o = offer(config, region_bytes, node_pes, holder);
  switch (requested(config)) {
  case HeapPages::small: return small_pages("as SHMEM_HEAP_PAGES or SOS's settings ask");
  case HeapPages::pool:
    if (o.pool) return pool_pages(o);
    return small_pages(o.pool_why + " (SHMEM_HEAP_PAGES=pool)");
  case HeapPages::thp:
    if (o.thp) return thp_pages(o, holder);
    return small_pages(o.thp_why + " (SHMEM_HEAP_PAGES=thp)");
  case HeapPages::huge: return best(o, holder, true);
  case HeapPages::automatic: break;
  }
  Pages got = best(o, holder, false);
  got.missed = pool_missed(o, holder, got);
  return got;
}

bool pages_chosen(const Config &config) { return requested(config) != HeapPages::automatic; }

int page_file(const Pages &pages, std::size_t bytes, const char *name) {
  unsigned flags = MFD_CLOEXEC;
  if (pages.kind == PageKind::pool)
    flags |= MFD_HUGETLB | (static_cast<unsigned>(__builtin_ctzl(pages.bytes)) << MFD_HUGE_SHIFT);
  const int fd = memfd_create(name, flags);
  if (fd >= 0 && ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
    const int error = errno;
    close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

void advise(char *at, std::size_t bytes, const Pages &pages) {
  if (pages.kind != PageKind::pool)
    madvise(at, bytes, pages.kind == PageKind::thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
}

namespace {

// The file /proc/self/maps names for the mapping that holds `p`; "" for
// private anonymous memory.
std::string mapped_file(const void *p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::string file;
  process::for_each_mapping([&](const process::Mapping &m) {
    if (m.lo > at || at >= m.hi) return false;
    if (!m.path.empty() && m.path[0] != '[') file = m.path;
    return true;
  });
  return file;
}

} // namespace

Pages on_mpi_memory(const Pages &pages, const char *region) {
  if (pages.kind != PageKind::thp) return pages;
  const std::string file = mapped_file(region);
  // System V and memfd segments live on the kernel's own shared memory
  // mount, which follows shmem_enabled; files in /dev/shm follow its mount.
  const bool kernel_shm = file.rfind("/SYSV", 0) == 0 || file.rfind("/memfd:", 0) == 0;
  if (file.empty() || (kernel_shm && shared_thp_offered())) return pages;
  Pages got = small_pages("MPI allocated the heap (" + std::string(mpi_allocates) +
                          ") as shared memory, " + file + ", which gets no transparent huge pages");
  std::string setting;
  if (!kernel_shm && thp_offered(Holder::node, setting))
    got.missed = "the symmetric heap gets no transparent huge pages although shared memory may "
                 "have them (" +
                 setting + "): MPI allocated it (" + mpi_allocates + ") in " + file +
                 ", whose file system gives none. Mount it with huge=advise (mount -o "
                 "remount,huge=advise /dev/shm), or choose the heap's pages with SHMEM_HEAP_PAGES";
  return got;
}

bool shared_thp_offered() {
  std::string setting;
  return thp_offered(Holder::node, setting);
}

Pages without_pool(const char *error, Holder holder) {
  const std::string why = std::string("the reserved pool's pages could not be had (") + error + ")";
  std::string setting;
  Pages got = thp_offered(holder, setting)
                  ? Pages{PageKind::thp,
                          huge_page,
                          "transparent huge pages on request (" + setting + "): " + why,
                          {}}
                  : small_pages(why + "; transparent huge pages: " + setting);
  got.missed = std::string("the symmetric heap is on ") + kind_name(got.kind) + ": " + why +
               "; another program may have taken them since start-up. Reserve more "
               "(docs/decisions/node-memory.md), or choose the heap's pages with SHMEM_HEAP_PAGES";
  return got;
}

} // namespace shmemi::memory
