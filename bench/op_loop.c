/* op_loop: one OpenSHMEM operation n times on PE 0 (PE 1 is the target), so
 * that scripts/count-instructions.sh can count, with callgrind, the
 * instructions the library spends around the MPI calls of one operation.
 * Not a timing benchmark (shmem_bench is).
 *
 *   oshrun -np 2 op_loop OPERATION N
 *
 * OPERATION: put (8-byte put + quiet), nbi (8-byte put_nbi, quiet every
 * 64), get (8-byte get), fadd (fetch-add), bcast (shmem_broadcast64 on the
 * active set of both PEs, pSync ring of 64 with a barrier a turn), reduce
 * (shmem_long_sum_to_all, likewise), barrier (shmem_barrier_all). The
 * collectives run on both PEs. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

enum { SLOTS = 64 };
static long psync[SLOTS][SHMEM_REDUCE_SYNC_SIZE];
static long pwrk[SLOTS][SHMEM_REDUCE_MIN_WRKDATA_SIZE];

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: op_loop put|nbi|get|fadd|bcast|reduce|barrier N\n");
    return 2;
  }
  const char *op = argv[1];
  const long n = atol(argv[2]);
  shmem_init();
  for (int s = 0; s < SLOTS; ++s)
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; ++i) psync[s][i] = SHMEM_SYNC_VALUE;
  long *w = shmem_calloc(8, sizeof(long));
  shmem_barrier_all();
  const int me = shmem_my_pe();
  for (long i = 0; i < n; ++i) {
    long v = i;
    if (strcmp(op, "bcast") == 0 || strcmp(op, "reduce") == 0) {
      if (i > 0 && i % SLOTS == 0) shmem_barrier_all();
      if (op[0] == 'b')
        shmem_broadcast64(w + 1, w, 1, 0, 0, 0, 2, psync[i % SLOTS]);
      else
        shmem_long_sum_to_all(w + 2, w, 1, 0, 0, 2, pwrk[i % SLOTS], psync[i % SLOTS]);
    } else if (strcmp(op, "barrier") == 0) {
      shmem_barrier_all();
    } else if (me != 0) {
      break;
    } else if (strcmp(op, "put") == 0) {
      shmem_long_put(w, &v, 1, 1);
      shmem_quiet();
    } else if (strcmp(op, "nbi") == 0) {
      shmem_putmem_nbi(w, &v, sizeof v, 1);
      if (i % 64 == 63) shmem_quiet();
    } else if (strcmp(op, "get") == 0) {
      shmem_long_get(&v, w, 1, 1);
    } else if (strcmp(op, "fadd") == 0) {
      shmem_long_atomic_fetch_add(w, 1, 1);
    } else {
      fprintf(stderr, "op_loop: unknown operation %s\n", op);
      shmem_global_exit(2);
    }
  }
  shmem_barrier_all();
  shmem_free(w);
  shmem_finalize();
  return 0;
}
