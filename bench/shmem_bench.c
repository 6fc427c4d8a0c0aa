/* shmem_bench: latency and rate of the basic operations between PE 0 and
 * PE 1 (run on 2 PEs). Prints "metric value unit" lines; the median of
 * several rounds. Usage: oshrun -np 2 shmem_bench [rounds] */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ITERS 2000
#define MAX_ROUNDS 15

static long target[16];
static long flag;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e6 * (double)t.tv_sec + 1e-3 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef void (*op_fn)(int peer, int i);

static void op_put(int peer, int i) { long v = i; shmem_long_put(target, &v, 1, peer); shmem_quiet(); }
static void op_get(int peer, int i) { long v; (void)i; shmem_long_get(&v, target, 1, peer); }
static void op_p(int peer, int i) { shmem_long_p(target, i, peer); shmem_quiet(); }
static void op_g(int peer, int i) { (void)i; (void)shmem_long_g(target, peer); }
static void op_fadd(int peer, int i) { (void)i; (void)shmem_long_atomic_fetch_add(target + 1, 1, peer); }
static void op_cswap(int peer, int i) { (void)shmem_long_atomic_compare_swap(target + 2, i, i + 1, peer); }
static void op_add(int peer, int i) { (void)i; shmem_long_atomic_add(target + 3, 1, peer); }
static void op_put_nbi(int peer, int i) { long v = i; shmem_long_put_nbi(target + 4, &v, 1, peer); }

/* One round: time per operation in microseconds (rate ops are quieted once). */
static double round_of(op_fn op, int peer) {
  const double start = now_us();
  for (int i = 0; i < ITERS; ++i) op(peer, i);
  shmem_quiet();
  return (now_us() - start) / ITERS;
}

static double pingpong_round(int me) {
  shmem_barrier_all();
  const double start = now_us();
  for (long i = 1; i <= ITERS; ++i) {
    if (me == 0) {
      shmem_long_atomic_set(&flag, i, 1);
      shmem_long_wait_until(&flag, SHMEM_CMP_EQ, -i);
    } else {
      shmem_long_wait_until(&flag, SHMEM_CMP_EQ, i);
      shmem_long_atomic_set(&flag, -i, 0);
    }
  }
  return (now_us() - start) / ITERS / 2;
}

static double barrier_round(void) {
  const double start = now_us();
  for (int i = 0; i < ITERS; ++i) shmem_barrier_all();
  return (now_us() - start) / ITERS;
}

static void report(const char *name, double *samples, int rounds, int me, int rate) {
  qsort(samples, (size_t)rounds, sizeof *samples, by_value);
  const double median = samples[rounds / 2];
  if (me == 0) {
    if (rate)
      printf("%-16s %10.2f Mops/s\n", name, 1.0 / median);
    else
      printf("%-16s %10.3f us\n", name, median);
  }
}

int main(int argc, char **argv) {
  shmem_init();
  const int me = shmem_my_pe();
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  if (rounds < 1 || rounds > MAX_ROUNDS) rounds = 7;
  if (shmem_n_pes() < 2) {
    if (me == 0) fprintf(stderr, "shmem_bench needs 2 PEs\n");
    shmem_finalize();
    return 1;
  }
  static const struct { const char *name; op_fn op; int rate; } ops[] = {
      {"put8+quiet", op_put, 0}, {"get8", op_get, 0},       {"p+quiet", op_p, 0},
      {"g", op_g, 0},            {"fetch_add", op_fadd, 0}, {"compare_swap", op_cswap, 0},
      {"atomic_add", op_add, 1}, {"put8_nbi", op_put_nbi, 1}};
  double samples[MAX_ROUNDS];
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; ++k) {
    for (int r = 0; r < rounds; ++r) {
      shmem_barrier_all();
      samples[r] = me == 0 ? round_of(ops[k].op, 1) : 0;
    }
    report(ops[k].name, samples, rounds, me, ops[k].rate);
  }
  for (int r = 0; r < rounds; ++r) samples[r] = pingpong_round(me);
  report("pingpong", samples, rounds, me, 0);
  for (int r = 0; r < rounds; ++r) samples[r] = barrier_round();
  report("barrier_all", samples, rounds, me, 0);
  shmem_finalize();
  return 0;
}
