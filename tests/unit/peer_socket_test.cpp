// The node's PEs hand each other their memory files over abstract Unix
// datagram sockets (src/memory/peer_socket.cpp), here with simulated PEs
// on threads: each receives every peer's descriptor, also where more peers
// send than a socket queues (it drains its own while it waits), what
// arrives is checked before it is mapped, and a peer without a socket is
// not waited for.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "memory/peer_file.hpp"
#include "memory/peer_socket.hpp"

namespace {

using shmemi::memory::PeerFile;
using shmemi::memory::PeerSocket;

// A memory file of one page whose first byte is `mark`.
int marked_file(char mark) {
  const int fd = memfd_create("peer-socket-test", MFD_CLOEXEC);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(ftruncate(fd, 4096), 0);
  EXPECT_EQ(pwrite(fd, &mark, 1, 0), 1);
  return fd;
}

// `n` simulated PEs exchange their files; returns, per PE, the first byte
// of each peer's file as mapped through what arrived (0 where nothing
// was mapped).
std::vector<std::string> exchange_among(int n, bool every_socket = true) {
  std::vector<std::unique_ptr<PeerSocket>> sockets;
  std::vector<PeerFile> offers;
  std::vector<int> files, pes;
  for (int pe = 0; pe < n; ++pe) {
    const bool bound = every_socket || pe != 0;
    sockets.push_back(std::make_unique<PeerSocket>(bound));
    EXPECT_EQ(sockets.back()->address() != 0, bound);
    files.push_back(marked_file(static_cast<char>('a' + pe)));
    offers.push_back(shmemi::memory::describe_file(files.back(), 4096, sockets.back()->address()));
    pes.push_back(pe);
  }
  std::vector<std::string> seen(static_cast<std::size_t>(n), std::string(n, '\0'));
  std::vector<std::thread> threads;
  for (int pe = 0; pe < n; ++pe)
    threads.emplace_back([&, pe] {
      PeerSocket &socket = *sockets[static_cast<std::size_t>(pe)];
      socket.exchange(offers[static_cast<std::size_t>(pe)], pe, pes, offers);
      for (int peer = 0; peer < n; ++peer) {
        if (peer == pe) continue;
        std::string why;
        const int fd = socket.take(peer, why);
        if (fd < 0) continue;
        struct stat st {};
        if (fstat(fd, &st) == 0 && st.st_ino == offers[static_cast<std::size_t>(peer)].inode) {
          char mark = 0;
          if (pread(fd, &mark, 1, 0) == 1) seen[static_cast<std::size_t>(pe)][peer] = mark;
        }
        close(fd);
      }
    });
  for (std::thread &t : threads) t.join();
  for (int fd : files) close(fd);
  return seen;
}

} // namespace

TEST(PeerSocket, PeersReceiveEachOthersFiles) {
  const std::vector<std::string> seen = exchange_among(2);
  EXPECT_EQ(seen[0][1], 'b');
  EXPECT_EQ(seen[1][0], 'a');
}

// More senders than a datagram socket queues (net.unix.max_dgram_qlen,
// 10 by default): a sender finding a full queue drains its own meanwhile.
TEST(PeerSocket, MoreSendersThanTheQueueHolds) {
  const int n = 24;
  const std::vector<std::string> seen = exchange_among(n);
  for (int pe = 0; pe < n; ++pe)
    for (int peer = 0; peer < n; ++peer)
      if (peer != pe) {
        EXPECT_EQ(seen[pe][peer], 'a' + peer) << "PE " << pe << " from " << peer;
      }
}

// A PE that could not bind a socket is neither sent to nor waited for;
// the others still exchange among themselves.
TEST(PeerSocket, APeerWithoutASocketIsNotWaitedFor) {
  const std::vector<std::string> seen = exchange_among(3, false);
  EXPECT_EQ(seen[1][2], 'c');
  EXPECT_EQ(seen[2][1], 'b');
  EXPECT_EQ(seen[1][0], '\0');
  EXPECT_EQ(seen[0][1], '\0');
}

// What arrives is mapped only if it is the file the peer described.
TEST(PeerSocket, MapsOnlyTheDescribedFile) {
  PeerSocket mine(true), theirs(true);
  const int file = marked_file('x');
  const PeerFile offer = shmemi::memory::describe_file(file, 4096, theirs.address());
  PeerFile described = offer;
  described.inode += 1; // what the peer says its file is, wrongly
  const PeerFile my_offer = shmemi::memory::describe_file(-1, 4096, mine.address());
  const std::vector<PeerFile> offers{my_offer, described};
  std::thread sender([&] { theirs.exchange(offer, 1, {0, 1}, offers); });
  mine.exchange(my_offer, 0, {0, 1}, offers);
  sender.join();
  std::string why;
  EXPECT_EQ(shmemi::memory::map_peer_file(described, 4096, 1, mine, why), nullptr);
  EXPECT_NE(why.find("the descriptor it sent is not that PE's memory file"), std::string::npos)
      << why;
  close(file);
}
