// Memory the PEs of a node share: each PE puts its part in a memory file
// of its own (memfd: never named in /dev/shm, gone when the last mapping
// and descriptor go, even if the job dies), and the others map it through
// /proc/<pid>/fd/<fd> while the owner keeps the descriptor open. What is
// opened there is checked to be that file: where PEs run in separate PID
// namespaces (containers), the path names another process's descriptor,
// or the opener's own.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "base/aligned_map.hpp"

namespace shmemi::memory {

// What a PE offers the others (allgathered): fd -1 offers nothing.
struct PeerFile {
  int pid = 0;
  int fd = -1;
  std::uint64_t device = 0, inode = 0, size = 0;
  std::uint64_t page_bytes = 4096; // mapped at a multiple of it (huge pages)
  std::uint64_t offset = 0;        // where in the file what it offers starts
};

// This process's memory file `fd` (-1: none), described for the others.
inline PeerFile describe_file(int fd, std::size_t page_bytes) {
  PeerFile file{getpid(), fd, 0, 0, 0, page_bytes};
  struct stat st {};
  if (fd >= 0 && fstat(fd, &st) == 0) {
    file.device = st.st_dev;
    file.inode = st.st_ino;
    file.size = static_cast<std::uint64_t>(st.st_size);
  }
  return file;
}

// The first `bytes` of `file`, mapped read-write at a multiple of its page
// size; null on failure, with the reason in `why`.
inline char *map_peer_file(const PeerFile &file, std::size_t bytes, std::string &why) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/fd/%d", file.pid, file.fd);
  const int fd = open(path, O_RDWR | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0) {
    why = std::string(path) + ": " + std::strerror(errno);
    if (fd >= 0) close(fd);
    return nullptr;
  }
  if (st.st_dev != file.device || st.st_ino != file.inode ||
      static_cast<std::uint64_t>(st.st_size) != file.size) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "%s is not that PE's memory file (device %llu, inode %llu, %lld bytes; its "
                  "owner described device %llu, inode %llu, %llu bytes): the PEs may run in "
                  "separate PID namespaces",
                  path, static_cast<unsigned long long>(st.st_dev),
                  static_cast<unsigned long long>(st.st_ino), static_cast<long long>(st.st_size),
                  static_cast<unsigned long long>(file.device),
                  static_cast<unsigned long long>(file.inode),
                  static_cast<unsigned long long>(file.size));
    why = text;
    close(fd);
    return nullptr;
  }
  char *at = map_aligned(bytes, file.page_bytes, [&](void *where) {
    return mmap(where, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
  });
  if (at == nullptr) why = std::string("mapping ") + path + ": " + std::strerror(errno);
  close(fd);
  return at;
}

} // namespace shmemi::memory
