#include "memory/peer_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/aligned_map.hpp"
#include "base/report.hpp"
#include "memory/peer_socket.hpp"

namespace shmemi::memory {
namespace {

// Whether `fd` (what `name` says it is) is the offered file; else why not.
bool is_offered_file(int fd, const PeerFile &file, const std::string &name, std::string &why) {
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    why = name + ": " + std::strerror(errno);
    return false;
  }
  if (st.st_dev == file.device && st.st_ino == file.inode &&
      static_cast<std::uint64_t>(st.st_size) == file.size)
    return true;
  char text[256];
  std::snprintf(
      text, sizeof text,
      " is not that PE's memory file (device %llu, inode %llu, %lld bytes; its "
      "owner described device %llu, inode %llu, %llu bytes)",
      static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino),
      static_cast<long long>(st.st_size), static_cast<unsigned long long>(file.device),
      static_cast<unsigned long long>(file.inode), static_cast<unsigned long long>(file.size));
  why = name + text;
  return false;
}

// `fd` checked and mapped; null with the reason in `why`.
char *map_checked(int fd, const PeerFile &file, std::size_t bytes, const std::string &name,
                  std::string &why) {
  if (!is_offered_file(fd, file, name, why)) return nullptr;
  char *at = map_aligned(bytes, file.page_bytes, [&](void *where) {
    return mmap(where, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
  });
  if (at == nullptr) why = "mapping " + name + ": " + std::strerror(errno);
  return at;
}

char *map_through_proc(const PeerFile &file, std::size_t bytes, std::string &why) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/fd/%d", file.pid, file.fd);
  const int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    why = std::string(path) + ": " + std::strerror(errno);
    return nullptr;
  }
  char *at = map_checked(fd, file, bytes, path, why);
  if (at == nullptr && why.find(" is not that PE's") != std::string::npos)
    why += ": the PEs may run in separate PID namespaces";
  close(fd);
  return at;
}

} // namespace

PeerFile describe_file(int fd, std::size_t page_bytes, std::uint64_t socket) {
  PeerFile file{getpid(), fd, 0, 0, 0, page_bytes, 0, socket};
  struct stat st {};
  if (fd >= 0 && fstat(fd, &st) == 0) {
    file.device = st.st_dev;
    file.inode = st.st_ino;
    file.size = static_cast<std::uint64_t>(st.st_size);
  }
  return file;
}

char *map_peer_file(const PeerFile &file, std::size_t bytes, int pe, PeerSocket &socket,
                    std::string &why) {
  std::string passed_why;
  const int passed = socket.take(pe, passed_why);
  if (passed >= 0) {
    char *at = map_checked(passed, file, bytes, "the descriptor it sent", passed_why);
    close(passed);
    if (at) return at;
  }
  debug(Call::routine_or(__func__),
        "PE %d's memory file did not come over a Unix socket (%s); opening it through /proc", pe,
        passed_why.c_str());
  char *at = map_through_proc(file, bytes, why);
  if (at == nullptr)
    why = "its descriptor did not come over a Unix socket (" + passed_why + ") and " + why;
  return at;
}

} // namespace shmemi::memory
