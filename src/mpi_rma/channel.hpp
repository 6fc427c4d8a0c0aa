// A channel (transport::Channel): its pair of windows, what was issued on
// them, and its operand copies; made and freed by channels.cpp.
#pragma once

#include <mpi.h>

#include <atomic>

#include "base/symmetric.hpp"
#include "mpi_rma/operand_ring.hpp"
#include "transport/data_path.hpp"

// A channel: a pair of windows over every PE's heap and static data, what
// was issued on them, and the operand copies those operations still read.
struct shmemi::transport::Channel {
  MPI_Win heap_win = MPI_WIN_NULL;   // over every heap, displacement unit 1
  MPI_Win static_win = MPI_WIN_NULL; // over the whole pages of data+bss
  // Operations issued so far, and `issued` as it was when the latest
  // completed flush began: equal means nothing is waiting for a flush.
  std::atomic<unsigned long> issued{0};
  std::atomic<unsigned long> flushed{0};
  // Per window, whom the operations since the last quiet went to: nobody,
  // one PE, or several; a single program thread flushes accordingly.
  std::atomic<int> heap_targets{no_target};
  std::atomic<int> static_targets{no_target};
  shmemi::mpi_rma::OperandRing operands;
  bool taken = false;      // handed out by channel_open (not the default channel)
  bool one_thread = false; // taken for a private context: one thread issues on it
  static constexpr int no_target = -1;
  static constexpr int many_targets = -2;
};

namespace shmemi::mpi_rma {
using transport::Channel;

inline MPI_Win window_of(const Channel &ch, Space space) {
  return space == Space::heap ? ch.heap_win : ch.static_win;
}

} // namespace shmemi::mpi_rma
