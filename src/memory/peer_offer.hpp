// What a PE offers its node's peers of its memory file: the file, and the
// socket that hands out its descriptor (peer_file.hpp, peer_socket.hpp).
#pragma once

#include <cstdint>

#include "base/pages.hpp"

namespace shmemi::memory {

// What a PE offers the others (allgathered): fd -1 offers nothing.
struct PeerFile {
  int pid = 0;
  int fd = -1;
  std::uint64_t device = 0, inode = 0, size = 0;
  std::uint64_t page_bytes = small_page; // mapped at a multiple of it (huge pages)
  std::uint64_t offset = 0;              // where in the file what it offers starts
  std::uint64_t socket = 0;              // the name of its PeerSocket (0: none)
};

} // namespace shmemi::memory
