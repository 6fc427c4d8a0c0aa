/* An SGI-era program: <mpp/shmem.h>, start_pes(0), _my_pe/_num_pes and
 * my_pe/num_pes, the no-op cache routines, and no shmem_finalize at all:
 * returning from main must end the job cleanly (exit status 0). */
#include <mpp/shmem.h>

#include "check.h"

static long token;

int main(void) {
  start_pes(0);
  start_pes(0); /* a second call changes nothing */
  const int me = _my_pe(), npes = _num_pes();
  CHECK(me == shmem_my_pe() && npes == shmem_n_pes());
  CHECK(my_pe() == me && num_pes() == npes);
  CHECK(me >= 0 && me < npes);

  shmem_set_cache_inv();
  shmem_set_cache_line_inv(&token);
  shmem_clear_cache_inv();
  shmem_clear_cache_line_inv(&token);
  shmem_udcflush();
  shmem_udcflush_line(&token);

  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  shmem_long_p(&token, 100 + me, right);
  shmem_barrier_all();
  CHECK_MSG(token == 100 + left, "token %ld from PE %d", token, left);
  shmem_barrier_all();
  return check_failures ? 1 : 0;
}
