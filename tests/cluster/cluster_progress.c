#define _POSIX_C_SOURCE 200809L
/* Progress across hosts: a PE that computes without calling the library
 * still serves the operations other PEs direct at it. PE 0 picks a target
 * on another host (and then, if there is one, another PE of its own host,
 * which a job spanning hosts also reaches through MPI for AMOs). The target
 * spins on plain loads of a local word; PE 0 times a fetch-add on the heap
 * and on static data, a get, and a put-with-signal + quiet to it, each of
 * which must complete within a second, and then puts the word that ends
 * the target's loop. The other PEs wait in shmem_long_wait_until, which
 * backs off, so that the target and PE 0 get the cores.
 * The job must span hosts: a run on one node fails. */
#include <shmem.h>
#include <time.h>

#include "check.h"

#define LIMIT_SECONDS 1.0
#define MAX_COMPUTE_SECONDS 5.0

static long static_counter;
static long stop_word;  /* PE 0 puts the phase number here to end a target's loop */
static long phase_done; /* PE 0 sets it on every PE after each phase */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The lowest PE for which `mine` holds (npes if none): each PE knows only
 * its own answer, so they are reduced over the world. */
static int lowest_pe_where(int mine) {
  static int in, out;
  in = mine ? shmem_my_pe() : shmem_n_pes();
  shmem_int_min_reduce(SHMEM_TEAM_WORLD, &out, &in, 1);
  return out;
}

static int on_node_of_pe0(void) {
  return shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, SHMEM_TEAM_SHARED) >= 0;
}

/* Computes, reading stop_word with plain loads only, until it holds
 * `phase` (or MAX_COMPUTE_SECONDS pass: PE 0's checks then fail). */
static double compute_until(long phase) {
  const volatile long *stop = &stop_word;
  volatile double x = 0;
  const double start = now();
  while (*stop != phase && now() - start < MAX_COMPUTE_SECONDS) x += 1.0;
  return now() - start;
}

static void timed(const char *what, int target, const char *where, double start) {
  const double took = now() - start;
  printf("cluster_progress: %s to computing PE %d (%s) took %.4f s\n", what, target, where, took);
  CHECK_MSG(took < LIMIT_SECONDS, "%s to computing PE %d (%s) took %.3f s, allowed %.1f s", what,
            target, where, took, LIMIT_SECONDS);
}

/* PE 0's side of one phase. */
static void drive(int target, const char *where, long phase, long *counter, long *data,
                  uint64_t *signal) {
  nanosleep(&(struct timespec){.tv_nsec = 200000000}, NULL); /* the target computes by now */
  double t = now();
  CHECK(shmem_long_atomic_fetch_add(counter, 5, target) == 0);
  timed("heap fetch-add", target, where, t);
  t = now();
  CHECK(shmem_long_atomic_fetch_add(&static_counter, 7, target) == 0);
  timed("static fetch-add", target, where, t);
  t = now();
  long got[8] = {0};
  shmem_long_get(got, data, 8, target);
  timed("get", target, where, t);
  CHECK(got[7] == 0);
  const long src[8] = {phase,     2 * phase, 3 * phase, 4 * phase,
                       5 * phase, 6 * phase, 7 * phase, 8 * phase};
  t = now();
  shmem_long_put_signal(data, src, 8, signal, (uint64_t)phase, SHMEM_SIGNAL_SET, target);
  shmem_quiet();
  timed("put-with-signal + quiet", target, where, t);
  shmem_long_p(&stop_word, phase, target);
  shmem_quiet();
}

/* One phase: `target` (a different PE in each phase) computes while PE 0
 * drives it; afterwards the target checks what arrived. */
static void phase_with(int target, const char *where, long phase, long *counter, long *data,
                       uint64_t *signal) {
  const int me = shmem_my_pe();
  shmem_barrier_all();
  if (me == target) {
    const double took = compute_until(phase);
    printf("cluster_progress: PE %d (%s of PE 0) computed %.3f s\n", me, where, took);
    shmem_long_wait_until(&phase_done, SHMEM_CMP_EQ, phase);
  } else if (me == 0) {
    drive(target, where, phase, counter, data, signal);
    for (int pe = 1; pe < shmem_n_pes(); ++pe) shmem_long_p(&phase_done, phase, pe);
    shmem_quiet();
  } else {
    shmem_long_wait_until(&phase_done, SHMEM_CMP_EQ, phase);
  }
  shmem_barrier_all();
  if (me == target)
    CHECK_MSG(*counter == 5 && static_counter == 7 && *signal == (uint64_t)phase &&
                  data[7] == 8 * phase,
              "counter %ld, static counter %ld, signal %lu, data[7] %ld after phase %ld", *counter,
              static_counter, (unsigned long)*signal, data[7], phase);
}

int main(void) {
  shmem_init();
  long *counter = shmem_calloc(1, sizeof(long));
  long *data = shmem_calloc(8, sizeof(long));
  uint64_t *signal = shmem_calloc(1, sizeof(uint64_t));
  const int remote = lowest_pe_where(!on_node_of_pe0());
  const int local = lowest_pe_where(on_node_of_pe0() && shmem_my_pe() != 0);
  CHECK_MSG(remote < shmem_n_pes(), "every PE shares PE 0's node: the job does not span hosts");
  long phase = 0;
  if (remote < shmem_n_pes()) phase_with(remote, "other host", ++phase, counter, data, signal);
  if (local < shmem_n_pes()) phase_with(local, "same host", ++phase, counter, data, signal);
  CHECK_DONE();
}
