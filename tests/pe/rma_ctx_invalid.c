/* shmem_ctx_fence and shmem_ctx_quiet on SHMEM_CTX_INVALID: "no operation
 * is performed" (section 9.11), so the program must carry on, and the
 * operations issued before on the default context still complete with a
 * quiet on it. (RMA routines on an invalid context are undefined.) */
#include <shmem.h>

#include "check.h"

static long target[4];

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const long mine[4] = {me + 1, me + 2, me + 3, me + 4};
  shmem_long_put_nbi(target, mine, 4, (me + 1) % npes);
  shmem_ctx_fence(SHMEM_CTX_INVALID);
  shmem_ctx_quiet(SHMEM_CTX_INVALID);
  shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
  shmem_barrier_all();
  const int left = (me + npes - 1) % npes;
  for (int i = 0; i < 4; ++i) CHECK(target[i] == left + 1 + i);
  CHECK_DONE();
}
