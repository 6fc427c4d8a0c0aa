#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/aligned_map.hpp"
#include "base/report.hpp"
#include "node/node.hpp"
#include "node/peer_file.hpp"
#include "transport/transport.hpp"

namespace shmemi::node {
namespace {

// What map_heaps mapped (unmap_heaps undoes it): per world PE, and the
// bytes of each.
std::vector<char *> mapped_heaps;
std::size_t mapped_bytes = 0;

// `bytes` of `fd` (or of new shared memory if fd < 0) at a multiple of
// `alignment`: the file holds the heap alone.
char *map_heap_file(int fd, std::size_t bytes, std::size_t alignment) {
  const int kind = fd < 0 ? MAP_ANONYMOUS | MAP_NORESERVE : 0;
  return map_aligned(bytes, alignment, [&](void *at) {
    return mmap(at, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | kind, fd, 0) !=
           MAP_FAILED;
  });
}

// A memory file of `bytes` for the node's PEs to map; -1 if the system
// gives none (the heap is then this PE's alone).
int heap_file(std::size_t bytes) {
  const int fd = memfd_create("shmem-heap", MFD_CLOEXEC);
  if (fd >= 0 && ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Maps the node peers' heaps offered in `offers`; false (with a warning
// naming the first that failed) unless every one is mapped.
bool map_peers(const std::vector<int> &node_pes, const std::vector<PeerFile> &offers,
               std::size_t bytes) {
  for (int pe : node_pes) {
    auto &heap = mapped_heaps[static_cast<std::size_t>(pe)];
    if (heap != nullptr) continue; // this PE's own
    const PeerFile &offer = offers[static_cast<std::size_t>(pe)];
    if (offer.fd >= 0) heap = map_peer_file(offer, bytes);
    if (heap == nullptr) {
      warn("shmem_init", "cannot map the symmetric heap of PE %d (on this node) through "
                         "/proc/%d/fd/%d: %s; the PEs of this node reach each other through MPI",
           pe, offer.pid, offer.fd, offer.fd < 0 ? "it has no memory file" : std::strerror(errno));
      return false;
    }
  }
  return true;
}

void unmap_peers(int my_pe) {
  for (std::size_t pe = 0; pe < mapped_heaps.size(); ++pe)
    if (mapped_heaps[pe] != nullptr && static_cast<int>(pe) != my_pe) {
      munmap(mapped_heaps[pe], mapped_bytes);
      mapped_heaps[pe] = nullptr;
    }
}

} // namespace

std::vector<char *> map_heaps(std::size_t heap_bytes, const std::vector<int> &node_pes,
                              int my_pe, int n_pes) {
  const std::size_t bytes = heap_bytes + transport::tail_bytes;
  const int fd = node_pes.size() > 1 ? heap_file(bytes) : -1;
  char *own = map_heap_file(fd, bytes, transport::heap_alignment(heap_bytes));
  if (own == nullptr)
    fatal("shmem_init", "cannot map a symmetric heap of %zu bytes (SHMEM_SYMMETRIC_SIZE): %s",
          heap_bytes, std::strerror(errno));
  mapped_heaps.assign(static_cast<std::size_t>(n_pes), nullptr);
  mapped_heaps[static_cast<std::size_t>(my_pe)] = own;
  mapped_bytes = bytes;
  const PeerFile offer{getpid(), fd};
  std::vector<PeerFile> offers(static_cast<std::size_t>(n_pes));
  transport::allgather(&offer, sizeof offer, offers.data());
  const bool mine = map_peers(node_pes, offers, bytes);
  const bool all = transport::all_true(mine); // also: no PE still opens this PE's file
  if (fd >= 0) close(fd);
  if (!all) unmap_peers(my_pe);
  return mapped_heaps;
}

bool heap_is_new() { return !mapped_heaps.empty(); }

void unmap_heaps() {
  for (char *heap : mapped_heaps)
    if (heap != nullptr) munmap(heap, mapped_bytes);
  mapped_heaps.clear();
  mapped_bytes = 0;
}

} // namespace shmemi::node
