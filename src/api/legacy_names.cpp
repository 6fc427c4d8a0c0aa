// SGI-era names that programs may also use as variable names: kept in a file
// of their own so that a static link pulls them in only when called.
#include <mpp/shmem.h>

#include "api/stamp.hpp"

extern "C" {
SHMEMI_ENTRY(int, my_pe)(void) noexcept { return pshmem_my_pe(); }
SHMEMI_ENTRY(int, num_pes)(void) noexcept { return pshmem_n_pes(); }
}
