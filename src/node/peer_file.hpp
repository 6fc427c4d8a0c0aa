// Memory the PEs of a node share: each PE puts its part in a memory file
// of its own (memfd: never named in /dev/shm, gone when the last mapping
// and descriptor go, even if the job dies), and the others map it through
// /proc/<pid>/fd/<fd> while the owner keeps the descriptor open.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>

namespace shmemi::node {

// What a PE offers the others (allgathered): fd -1 offers nothing.
struct PeerFile {
  int pid;
  int fd;
};

// `bytes` of `file`, mapped read-write from another process's descriptor;
// null on failure (errno says why).
inline char *map_peer_file(const PeerFile &file, std::size_t bytes) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/fd/%d", file.pid, file.fd);
  const int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) return nullptr;
  void *at = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  return at == MAP_FAILED ? nullptr : static_cast<char *>(at);
}

} // namespace shmemi::node
