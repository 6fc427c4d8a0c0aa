#include "memory/peer_socket.hpp"

#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>

namespace shmemi::memory {
namespace {

// What a datagram says besides the descriptor it carries.
struct Note {
  std::uint32_t magic;
  std::int32_t pe;    // the sender's world PE
  std::int32_t error; // the sender's errno where it could not send its descriptor
};
constexpr std::uint32_t note_magic = 0x53484d46; // "SHMF"

// How long a PE waits for its node peers' descriptors: they are all past
// the allgather of the offers when they send, so only a broken peer takes
// this long.
constexpr double patience_seconds = 10;

double now() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The abstract name of the socket `address` ("@shmem-files-<hex>").
sockaddr_un name_of(std::uint64_t address, socklen_t &length) {
  sockaddr_un name{};
  name.sun_family = AF_UNIX;
  const int n = std::snprintf(name.sun_path + 1, sizeof name.sun_path - 1, "shmem-files-%016llx",
                              static_cast<unsigned long long>(address));
  length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + static_cast<size_t>(n));
  return name;
}

// A name nobody else picks: 64 random bits (never 0, which means none).
std::uint64_t random_address() {
  std::uint64_t word = 0;
  if (getrandom(&word, sizeof word, 0) != static_cast<ssize_t>(sizeof word))
    word = (static_cast<std::uint64_t>(getpid()) << 32) ^
           static_cast<std::uint64_t>(now() * 1e9); // the pid, and the time
  return word ? word : 1;
}

std::string failed(const char *what) { return std::string(what) + ": " + std::strerror(errno); }

// The descriptors a received message carries (every one is closed but the
// first, which is returned; -1 if none).
int first_descriptor(msghdr &message) {
  int fd = -1;
  for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    const std::size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < n; ++i) {
      int one;
      std::memcpy(&one, CMSG_DATA(c) + i * sizeof(int), sizeof one);
      if (fd < 0)
        fd = one;
      else
        close(one);
    }
  }
  return fd;
}

} // namespace

PeerSocket::PeerSocket(bool wanted) {
  if (!wanted) return;
  socket_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (socket_ < 0) {
    why_ = failed("socket(AF_UNIX, SOCK_DGRAM)");
    return;
  }
  for (int attempt = 0; attempt < 4 && address_ == 0; ++attempt) {
    const std::uint64_t address = random_address();
    socklen_t length = 0;
    const sockaddr_un name = name_of(address, length);
    if (bind(socket_, reinterpret_cast<const sockaddr *>(&name), length) == 0)
      address_ = address;
    else if (errno != EADDRINUSE)
      break;
  }
  if (address_ == 0) {
    why_ = failed("binding an abstract Unix socket");
    close(socket_);
    socket_ = -1;
  }
}

PeerSocket::~PeerSocket() {
  for (int fd : received_)
    if (fd >= 0) close(fd);
  if (socket_ >= 0) close(socket_);
}

void PeerSocket::wait_readable(int ms) const {
  pollfd p{socket_, POLLIN, 0};
  poll(&p, 1, ms);
}

// One datagram off this PE's socket, if one is there: false if none.
bool PeerSocket::receive_one() {
  Note note{};
  iovec data{&note, sizeof note};
  alignas(cmsghdr) char control[CMSG_SPACE(4 * sizeof(int))];
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  const ssize_t n = recvmsg(socket_, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
  if (n < 0) return errno == EINTR;
  const int fd = first_descriptor(message);
  const auto pe = static_cast<std::size_t>(note.pe);
  // Anything but what a peer still expected sends (any process may send
  // to an abstract name) is dropped.
  if (n != static_cast<ssize_t>(sizeof note) || note.magic != note_magic || note.pe < 0 ||
      pe >= expected_.size() || !expected_[pe]) {
    if (fd >= 0) close(fd);
    return true;
  }
  expected_[pe] = false;
  received_[pe] = fd;
  if (fd < 0)
    failures_[pe] = std::string("it could not send its descriptor: ") +
                    std::strerror(note.error ? note.error : EIO);
  return true;
}

// Sends `fd` to the socket `offer` names; where its queue is full, drains
// this PE's own (the peer may be waiting to send here) and tries again.
// A descriptor that cannot be sent is said to the peer without it, with
// the error, so that the peer need not wait for it.
bool PeerSocket::send_to(const PeerFile &offer, int fd, int my_pe) {
  Note note{note_magic, my_pe, 0};
  iovec data{&note, sizeof note};
  socklen_t length = 0;
  sockaddr_un name = name_of(offer.socket, length);
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  message.msg_name = &name;
  message.msg_namelen = length;
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr *rights = CMSG_FIRSTHDR(&message);
  rights->cmsg_level = SOL_SOCKET;
  rights->cmsg_type = SCM_RIGHTS;
  rights->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(rights), &fd, sizeof fd);
  while (sendmsg(socket_, &message, MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
    if (errno == EINTR) continue;
    const bool full = errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS;
    if (full && now() < deadline_) {
      while (receive_one()) {
      }
      wait_readable(1);
      continue;
    }
    if (message.msg_control == nullptr) return false; // the note alone failed too
    note.error = errno;
    message.msg_control = nullptr;
    message.msg_controllen = 0;
  }
  return message.msg_control != nullptr;
}

void PeerSocket::exchange(const PeerFile &mine, int my_pe, const std::vector<int> &peers,
                          const std::vector<PeerFile> &offers) {
  received_.assign(offers.size(), -1);
  expected_.assign(offers.size(), false);
  failures_.assign(offers.size(), socket_ < 0 ? "this PE has no socket: " + why_ : "");
  deadline_ = now() + patience_seconds;
  if (socket_ < 0) return;
  std::vector<int> to;
  for (int pe : peers) {
    const auto at = static_cast<std::size_t>(pe);
    if (pe == my_pe) continue;
    if (offers[at].socket == 0) failures_[at] = "it has no socket";
    if (offers[at].socket == 0 || offers[at].fd < 0) continue;
    expected_[at] = true;
    to.push_back(pe);
  }
  // What this PE sends does not depend on what it receives; a peer that
  // offered no socket is sent nothing.
  for (int pe : peers) {
    const PeerFile &offer = offers[static_cast<std::size_t>(pe)];
    if (pe != my_pe && offer.socket != 0 && mine.fd >= 0) send_to(offer, mine.fd, my_pe);
  }
  for (int pe : to)
    while (expected_[static_cast<std::size_t>(pe)] && now() < deadline_)
      if (!receive_one()) wait_readable(10);
  for (int pe : to)
    if (expected_[static_cast<std::size_t>(pe)])
      failures_[static_cast<std::size_t>(pe)] = "nothing arrived from it within 10 s";
}

int PeerSocket::take(int pe, std::string &why) {
  const auto at = static_cast<std::size_t>(pe);
  if (at >= received_.size()) {
    why = "no descriptors were exchanged";
    return -1;
  }
  const int fd = received_[at];
  received_[at] = -1;
  if (fd < 0) why = failures_[at].empty() ? "it sent none" : failures_[at];
  return fd;
}

} // namespace shmemi::memory
