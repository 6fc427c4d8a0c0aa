// SGI-era names that programs may also use as variable names: kept in a file
// of their own so that a static link pulls them in only when called.
#include <mpp/shmem.h>

extern "C" {
int my_pe(void) noexcept { return shmem_my_pe(); }
int num_pes(void) noexcept { return shmem_n_pes(); }
}
