/* Shared by the hybrid MPI + OpenSHMEM tests (tests/pe/hybrid.cmake): the
 * OpenSHMEM half of each round, and the check of progress to a PE that
 * computes. Include after check.h. The environment of a test:
 *
 *   HYBRID_EXPECT_PROGRESS=1  a fetch-add to a PE that computes (calls
 *                             neither the library nor MPI) for 1 s must
 *                             complete within HYBRID_PROGRESS_LIMIT seconds
 *                             (default 0.1); otherwise its time is only
 *                             printed
 *   HYBRID_ROUNDS=n           rounds of MPI and OpenSHMEM traffic (default
 *                             30)
 *   HYBRID_MPI_MS=ms          how long the MPI calls of a round last
 *                             (default 10 ms) */
#ifndef SHMEM_TEST_HYBRID_H
#define SHMEM_TEST_HYBRID_H

#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double hybrid_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline double hybrid_env_number(const char *name, double otherwise) {
  const char *v = getenv(name);
  return v && *v ? atof(v) : otherwise;
}

static inline int hybrid_rounds(void) { return (int)hybrid_env_number("HYBRID_ROUNDS", 30); }

static inline double hybrid_mpi_seconds(void) {
  return hybrid_env_number("HYBRID_MPI_MS", 10) / 1000.0;
}

/* Symmetric data of the OpenSHMEM half: a global (reached through MPI in
 * forced inter-node mode and where SHMEM_NODE_GLOBALS=off) and the heap. */
static long hybrid_static_hits;
static long hybrid_progress_counter;

struct hybrid_heap {
  long *hits; /* fetch-adds from the left neighbour */
  long *data; /* its puts: {round, left, round * 10 + left} */
};

static inline struct hybrid_heap hybrid_heap_alloc(void) {
  struct hybrid_heap h = {shmem_calloc(1, sizeof(long)), shmem_calloc(3, sizeof(long))};
  CHECK(h.hits != NULL && h.data != NULL);
  return h;
}

/* One round of OpenSHMEM traffic to the right neighbour: an atomic add to a
 * global, a fetch-add and a put to the heap, then a barrier and the checks
 * of what the left neighbour sent. Returns after a second barrier. */
static inline void hybrid_shmem_round(struct hybrid_heap h, long round) {
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  shmem_long_atomic_add(&hybrid_static_hits, 1, right);
  const long before = shmem_long_atomic_fetch_add(h.hits, 1, right);
  CHECK_MSG(before == round, "round %ld: fetch-add found %ld", round, before);
  const long mine[3] = {round, me, round * 10 + me};
  shmem_long_put(h.data, mine, 3, right);
  shmem_barrier_all();
  CHECK_MSG(h.data[0] == round && h.data[1] == left && h.data[2] == round * 10 + left,
            "round %ld: the put from PE %d holds %ld %ld %ld", round, left, h.data[0], h.data[1],
            h.data[2]);
  CHECK_MSG(*h.hits == round + 1 && hybrid_static_hits == round + 1,
            "round %ld: %ld heap and %ld global atomics arrived", round, *h.hits,
            hybrid_static_hits);
  shmem_barrier_all();
}

/* Progress to a PE that computes: PE 1 neither calls the library nor MPI
 * for 1 s while PE 0 does a fetch-add on a global there. Where
 * HYBRID_EXPECT_PROGRESS=1 it must complete within the limit; elsewhere
 * (no thread is promised) its time is printed. Collective. */
static inline void hybrid_check_progress(void) {
  const int me = shmem_my_pe();
  const int expected = hybrid_env_number("HYBRID_EXPECT_PROGRESS", 0) != 0;
  const double limit = hybrid_env_number("HYBRID_PROGRESS_LIMIT", 0.1);
  shmem_barrier_all();
  if (shmem_n_pes() >= 2) {
    if (me == 1) {
      volatile double x = 0;
      for (const double until = hybrid_now() + 1.0; hybrid_now() < until;) x += 1.0;
    } else if (me == 0) {
      const double start = hybrid_now();
      const long old = shmem_long_atomic_fetch_add(&hybrid_progress_counter, 1, 1);
      const double took = hybrid_now() - start;
      CHECK(old == 0);
      printf("PE 0: a fetch-add to a computing PE took %.3f s (progress %s)\n", took,
             expected ? "promised" : "not promised here");
      if (expected)
        CHECK_MSG(took < limit, "a fetch-add to a computing PE took %.3f s, over %.3f s", took,
                  limit);
    }
  }
  shmem_barrier_all();
  if (me == 1) CHECK(hybrid_progress_counter == 1);
}

#endif
