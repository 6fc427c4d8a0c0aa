// The channels (channels.cpp): the default one first, then those
// channel_open hands out, all over the same memory (windows.hpp); a part of
// the backend (parts.cpp).
#pragma once

#include "mpi_rma/channel.hpp"
#include "mpi_rma/windows.hpp"

namespace shmemi::mpi_rma {

// channels_start makes the channels collectively at start_rma: the default
// one with `first`, the windows windows.cpp made (where `with_windows`:
// some data moves through MPI), and the least number of others any PE
// `wanted`, with windows of their own; it opens every window's access
// epoch. channels_stop ends the epochs and frees every window (stop).
void channels_start(unsigned wanted, bool with_windows, const WindowPair &first);
void channels_stop();

} // namespace shmemi::mpi_rma
