// Memory the PEs of a node share: each PE puts its part in a memory file
// of its own (memfd: never named in /dev/shm, gone when the last mapping
// and descriptor go, even if the job dies) and offers it to the others,
// who receive its descriptor over a Unix socket (peer_socket.hpp) or, where
// that fails, open /proc/<pid>/fd/<fd> while the owner keeps it open. What
// is received or opened is checked to be that file: where PEs run in
// separate PID namespaces (containers), the /proc path names another
// process's descriptor, or the opener's own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "memory/peer_offer.hpp"

namespace shmemi::memory {

class PeerSocket;

// This process's memory file `fd` (-1: none), described for the others,
// with the socket its peers' descriptors come to.
PeerFile describe_file(int fd, std::size_t page_bytes, std::uint64_t socket);

// The first `bytes` of the file world PE `pe` offers, mapped read-write at
// a multiple of its page size: the descriptor `socket` received from it,
// else (with a SHMEM_DEBUG line saying why) its /proc/<pid>/fd/<fd>, each
// checked against the offer; null on failure, with the reason in `why`.
char *map_peer_file(const PeerFile &file, std::size_t bytes, int pe, PeerSocket &socket,
                    std::string &why);

} // namespace shmemi::memory
