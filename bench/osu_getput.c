/* osu_getput.c: blocking get and put latency measured the way OSU's
 * osu_oshm_get and osu_oshm_put measure it (written here from their
 * description), so that our numbers compare with the ones people quote.
 * Plain OpenSHMEM: it builds unchanged with this library and with Open
 * MPI's oshcc (bench/memory.sh builds both).
 *
 *   oshrun -np 2 osu_getput [-g]
 *
 * Both PEs write their two page-aligned buffers of MAX_BYTES (on the heap,
 * or with -g global arrays, the other kind of symmetric memory) and meet in
 * a barrier; then, for each size from 8 B to 4 MiB by powers of two, PE 0
 * times back-to-back shmem_getmem(r_buf, s_buf, size, 1) calls on the same
 * buffers, after a tenth as many untimed ones (warm-up), while PE 1 waits
 * in the next barrier; then the same for shmem_putmem(s_buf, r_buf, size,
 * 1). Calls per size: 10,000 below 8 KiB, 100 from 8 KiB. Prints
 * "size get_us put_us" per size (us per call); exits 1 if a get did not
 * bring PE 1's bytes. */
#include <shmem.h>

#include "bench_common.h"

enum { MAX_BYTES = 4 << 20, LARGE = 8 << 10, PAGE = 4096 };

static _Alignas(PAGE) char global_s[MAX_BYTES], global_r[MAX_BYTES];

/* The calls timed per size (warm-up: a tenth more, untimed). */
static long calls_for(size_t size) { return size < LARGE ? 10000 : 100; }

/* PE 0: microseconds per call of `size` bytes, get or put. */
static double time_calls(int put, char *s_buf, char *r_buf, size_t size) {
  const long calls = calls_for(size), warm = calls / 10;
  double start = 0;
  for (long i = 0; i < warm + calls; ++i) {
    if (i == warm) start = bench_now();
    if (put)
      shmem_putmem(s_buf, r_buf, size, 1);
    else
      shmem_getmem(r_buf, s_buf, size, 1);
  }
  return 1e6 * (bench_now() - start) / (double)calls;
}

/* One size, get then put; PE 1 only takes part in the barriers. Returns
 * 0 if PE 0's r_buf does not hold PE 1's bytes after the gets. */
static int measure(int me, char *s_buf, char *r_buf, size_t size) {
  double get_us = 0, put_us = 0;
  int right = 1;
  shmem_barrier_all();
  if (me == 0) {
    get_us = time_calls(0, s_buf, r_buf, size);
    right = memchr(r_buf, 'a', size) == NULL; /* PE 1's s_buf is all 'b' */
  }
  shmem_barrier_all();
  if (me == 0) put_us = time_calls(1, s_buf, r_buf, size);
  shmem_barrier_all();
  if (me == 0) printf("%zu %.3f %.3f\n", size, get_us, put_us);
  return right;
}

int main(int argc, char **argv) {
  const int global = argc == 2 && strcmp(argv[1], "-g") == 0;
  shmem_init();
  const int me = shmem_my_pe();
  if (shmem_n_pes() != 2 || (argc > 1 && !global)) {
    if (me == 0)
      fprintf(stderr, "usage: oshrun -np 2 %s [-g: global arrays, not the heap]\n", argv[0]);
    shmem_finalize();
    return 2;
  }
  char *s_buf = global ? global_s : shmem_align(PAGE, MAX_BYTES);
  char *r_buf = global ? global_r : shmem_align(PAGE, MAX_BYTES);
  if (s_buf == NULL || r_buf == NULL) {
    fprintf(stderr, "osu_getput: shmem_align of %d bytes failed\n", MAX_BYTES);
    shmem_global_exit(1);
  }
  /* Every page written before any is timed: PE 0's 'a', PE 1's 'b'. */
  memset(s_buf, 'a' + me, MAX_BYTES);
  memset(r_buf, 'a' + me, MAX_BYTES);
  if (me == 0) printf("# %s buffers; size get_us put_us\n", global ? "global" : "heap");
  int right = 1;
  for (size_t size = 8; size <= MAX_BYTES; size *= 2) right &= measure(me, s_buf, r_buf, size);
  if (!right) fprintf(stderr, "osu_getput: a get did not bring PE 1's bytes\n");
  if (!global) {
    shmem_free(r_buf);
    shmem_free(s_buf);
  }
  shmem_finalize();
  return !right;
}
