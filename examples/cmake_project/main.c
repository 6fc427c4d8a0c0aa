/* Linked against OpenSHMEM::shmem from find_package(OpenSHMEM): every PE
 * puts 10 + its number into its own slot on PE 0, which checks them all. */
#include <shmem.h>
#include <stdio.h>

static long slots[64];

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  int major = 0, minor = 0, errors = 0;
  shmem_info_get_version(&major, &minor);
  errors += major != SHMEM_MAJOR_VERSION || minor != SHMEM_MINOR_VERSION;
  shmem_long_p(&slots[me], 10L + me, 0);
  shmem_barrier_all();
  if (me == 0)
    for (int pe = 0; pe < npes; ++pe) errors += slots[pe] != 10L + pe;
  if (errors)
    fprintf(stderr, "PE %d: %d wrong values\n", me, errors);
  else
    printf("cmake package: PE %d of %d ok\n", me, npes);
  shmem_finalize();
  return errors != 0;
}
