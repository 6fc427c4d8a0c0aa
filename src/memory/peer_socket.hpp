// How the PEs of a node hand each other their memory files
// (docs/decisions/node-memory.md): each binds an abstract Unix datagram
// socket under a random name it offers with its file, then sends the
// file's descriptor to each node peer with SCM_RIGHTS and receives
// theirs. Abstract names belong to the network namespace, which PEs in
// separate PID namespaces (containers) share, where /proc/<pid>/fd/<fd>
// names nothing of the peer's. Datagrams queue at the receiver, so no PE
// waits for another to accept: a PE whose peer's queue is full drains its
// own and tries again. What arrives is only a candidate: the opener checks
// it against the offer (peer_file.hpp) before it maps it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "memory/peer_offer.hpp"

namespace shmemi::memory {

class PeerSocket {
public:
  // Binds a socket where `wanted` (else nothing: a PE alone on its node);
  // address() is 0 where it could not, and why() says why.
  explicit PeerSocket(bool wanted);
  // Closes the socket and every descriptor received and not taken.
  ~PeerSocket();
  PeerSocket(const PeerSocket &) = delete;
  PeerSocket &operator=(const PeerSocket &) = delete;

  // The socket's name, offered with the file (PeerFile::socket); 0: none.
  std::uint64_t address() const { return address_; }

  // Sends `mine.fd` to each world PE of `peers` (this PE among them) that
  // offered a file and a socket, and receives the descriptor each such PE
  // sends. Every PE of `peers` calls it after the offers are allgathered.
  void exchange(const PeerFile &mine, int my_pe, const std::vector<int> &peers,
                const std::vector<PeerFile> &offers);
  // The descriptor world PE `pe` sent, which the caller then owns; -1 if
  // none came, with the reason in `why`.
  int take(int pe, std::string &why);

private:
  bool send_to(const PeerFile &offer, int fd, int my_pe);
  bool receive_one();
  void wait_readable(int ms) const;

  int socket_ = -1;
  std::uint64_t address_ = 0;
  std::string why_;                   // why there is no socket
  std::vector<int> received_;         // per world PE
  std::vector<bool> expected_;        // per world PE: it sends, and has not yet
  std::vector<std::string> failures_; // per world PE: why nothing came
  double deadline_ = 0;               // CLOCK_MONOTONIC seconds
};

} // namespace shmemi::memory
