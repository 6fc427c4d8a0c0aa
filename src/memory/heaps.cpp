#include "memory/heaps.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "base/aligned_map.hpp"
#include "base/report.hpp"
#include "memory/fork.hpp"
#include "memory/peer_file.hpp"
#include "memory/peer_socket.hpp"
#include "transport/job.hpp"

namespace shmemi::memory {
namespace {

// What map_node_heaps mapped (unmap_node_heaps undoes it): per world PE,
// and the bytes of each.
std::vector<char *> mapped;
std::vector<std::size_t> mapped_bytes;
int own_file = -1; // this PE's memory file, kept for a forked child (fork.hpp)

// `bytes` of `fd` at a multiple of `alignment`; if fd < 0, of new memory:
// shared where the node's PEs may map it, else private.
char *map_file(int fd, std::size_t bytes, std::size_t alignment, Holder holder) {
  const int kind = fd >= 0                  ? MAP_SHARED
                   : holder == Holder::node ? MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE
                                            : MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  return map_aligned(bytes, alignment, [&](void *at) {
    return mmap(at, bytes, PROT_READ | PROT_WRITE, MAP_FIXED | kind, fd, 0) != MAP_FAILED;
  });
}

// This PE's region on `pages`, which fall back from the pool to the next
// kind if the pool's pages cannot be had (another job took them since
// choose_pages looked): a memory file for the node's PEs, or for the pool;
// private memory for this PE alone. `fd` is -1 where there is no file
// (the system gives none, or none is needed).
char *map_own(Layout &layout, Pages &pages, Holder holder, int &fd) {
  layout.page_bytes = pages.bytes;
  fd = holder == Holder::node || pages.kind == PageKind::pool
           ? page_file(pages, layout.bytes(), "shmem-heap")
           : -1;
  char *own = fd >= 0 || pages.kind != PageKind::pool
                  ? map_file(fd, layout.bytes(), layout.map_alignment(), holder)
                  : nullptr;
  if (own == nullptr && pages.kind == PageKind::pool) {
    if (fd >= 0) close(fd);
    pages = without_pool(std::strerror(errno), holder);
    return map_own(layout, pages, holder, fd);
  }
  if (own == nullptr)
    fatal(Call::routine_or(__func__),
          "cannot map a symmetric heap of %zu bytes (SHMEM_SYMMETRIC_SIZE): %s", layout.heap_bytes,
          std::strerror(errno));
  advise(own, layout.bytes(), pages);
  return own;
}

// Maps the node peers' regions offered in `offers`; false (with a warning
// naming the first that failed) unless every one is mapped.
bool map_peers(const std::vector<int> &node_pes, const std::vector<PeerFile> &offers,
               const Pages &pages, PeerSocket &socket) {
  for (int pe : node_pes) {
    const auto at = static_cast<std::size_t>(pe);
    if (mapped[at] != nullptr) continue; // this PE's own
    const PeerFile &offer = offers[at];
    std::string why = "it has no memory file";
    if (offer.fd >= 0) mapped[at] = map_peer_file(offer, offer.size, pe, socket, why);
    if (mapped[at] == nullptr) {
      warn(Call::routine_or(__func__),
           "cannot map the symmetric heap of PE %d (on this node): %s; the PEs "
           "of this node reach each other through MPI",
           pe, why.c_str());
      return false;
    }
    mapped_bytes[at] = offer.size;
    fork_leave_out(mapped[at], offer.size);
    if (offer.page_bytes == pages.bytes) advise(mapped[at], offer.size, pages);
  }
  return true;
}

void unmap_peers(int my_pe) {
  for (std::size_t pe = 0; pe < mapped.size(); ++pe)
    if (mapped[pe] != nullptr && static_cast<int>(pe) != my_pe) {
      munmap(mapped[pe], mapped_bytes[pe]);
      mapped[pe] = nullptr;
    }
}

} // namespace

std::vector<char *> map_node_heaps(Layout &layout, Pages &pages, const Config &config,
                                   const std::vector<int> &node_pes, int my_pe, int n_pes) {
  // A PE alone on its node maps nothing but its own: private memory.
  const Holder holder = node_pes.size() > 1 ? Holder::node : Holder::alone;
  pages = choose_pages(config, layout.bytes(), static_cast<int>(node_pes.size()), holder);
  // Every PE has read the pool's free pages before any PE takes some.
  transport::all_true(true);
  int fd = -1;
  char *own = map_own(layout, pages, holder, fd);
  mapped.assign(static_cast<std::size_t>(n_pes), nullptr);
  mapped_bytes.assign(static_cast<std::size_t>(n_pes), 0);
  mapped[static_cast<std::size_t>(my_pe)] = own;
  mapped_bytes[static_cast<std::size_t>(my_pe)] = layout.bytes();
  // Shared memory (a file, or the node's when there is none) is the
  // child's own after a fork; private memory is already.
  if (fd >= 0 || holder == Holder::node)
    fork_private_region(own, layout.bytes(), fd, pages.kind == PageKind::pool);
  own_file = fd;
  PeerSocket socket(holder == Holder::node);
  const PeerFile offer = describe_file(fd, pages.bytes, socket.address());
  std::vector<PeerFile> offers(static_cast<std::size_t>(n_pes));
  transport::allgather(&offer, sizeof offer, offers.data());
  socket.exchange(offer, my_pe, node_pes, offers);
  const bool mine = map_peers(node_pes, offers, pages, socket);
  const bool all = transport::all_true(mine); // also: no PE still opens this PE's file
  if (!all) unmap_peers(my_pe);
  return mapped;
}

void unmap_node_heaps() {
  fork_forget_own_region();
  if (own_file >= 0) close(own_file);
  own_file = -1;
  for (std::size_t pe = 0; pe < mapped.size(); ++pe)
    if (mapped[pe] != nullptr) munmap(mapped[pe], mapped_bytes[pe]);
  mapped.clear();
  mapped_bytes.clear();
}

} // namespace shmemi::memory
