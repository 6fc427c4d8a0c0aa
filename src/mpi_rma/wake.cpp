// The wake-up flags: the first word of each PE's backend room, where every
// PE's region is mapped here.
#include <atomic>
#include <cstddef>
#include <vector>

#include "mpi_rma/wake.hpp"
#include "mpi_rma/windows.hpp"
#include "mpi_rma/world.hpp"

namespace shmemi::mpi_rma {

std::vector<std::atomic<int> *> wake_flags;

void wake_start() {
  wake_flags.clear();
  for (int pe = 0; pe < world.n_pes; ++pe)
    if (char *flag = room_of(pe, room_wake_at); flag == nullptr)
      return wake_flags.clear();
    else
      wake_flags.push_back(reinterpret_cast<std::atomic<int> *>(flag));
  wake_flags[static_cast<std::size_t>(world.my_pe)]->store(0);
}

std::atomic<int> *own_wake_flag() {
  return wake_flags.empty() ? nullptr : wake_flags[static_cast<std::size_t>(world.my_pe)];
}

void wake_stop() { wake_flags.clear(); }

} // namespace shmemi::mpi_rma
