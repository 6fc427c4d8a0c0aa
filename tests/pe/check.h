/* Checks for multi-PE test programs: each PE checks its own results, reports
 * every failure with its PE number, and the program's exit status is the
 * verdict (non-zero if any check failed on this PE). */
#ifndef SHMEM_TEST_CHECK_H
#define SHMEM_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static int check_failures;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "[PE %d] %s:%d: check failed: %s\n", shmem_my_pe(), __FILE__, __LINE__,      \
              #cond);                                                                              \
      ++check_failures;                                                                            \
    }                                                                                              \
  } while (0)

#define CHECK_MSG(cond, ...)                                                                       \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "[PE %d] %s:%d: check failed: %s: ", shmem_my_pe(), __FILE__, __LINE__,      \
              #cond);                                                                              \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
      ++check_failures;                                                                            \
    }                                                                                              \
  } while (0)

/* Ends the test: finalize, then the exit status says whether this PE passed. */
#define CHECK_DONE()                                                                               \
  do {                                                                                             \
    int me_ = shmem_my_pe();                                                                       \
    shmem_finalize();                                                                              \
    if (check_failures) fprintf(stderr, "[PE %d] %d check(s) failed\n", me_, check_failures);      \
    return check_failures ? 1 : 0;                                                                 \
  } while (0)

/* The start of a test that keeps its PE number and the number of PEs in
 * `me` and `npes`, ints it declares. */
#define CHECK_INIT()                                                                               \
  do {                                                                                             \
    shmem_init();                                                                                  \
    me = shmem_my_pe();                                                                            \
    npes = shmem_n_pes();                                                                          \
  } while (0)

/* For a test whose arrays hold `max` PEs at most: with more, PE 0 says so
 * and the test ends with status 1. */
#define CHECK_PES_AT_MOST(max)                                                                     \
  do {                                                                                             \
    if (shmem_n_pes() > (max)) {                                                                   \
      if (shmem_my_pe() == 0) fprintf(stderr, "this test needs at most %d PEs\n", (max));          \
      shmem_finalize();                                                                            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

/* Runs `work` on `n` threads (the test includes <pthread.h>), thread t with
 * &jobs[t], whose `tid` it sets to t, and checks after each thread's join
 * that its `errors` count stayed 0 (`what` names them). */
#define CHECK_THREADS(jobs, n, work, what)                                                         \
  do {                                                                                             \
    pthread_t threads_[n];                                                                         \
    for (int t_ = 0; t_ < (n); ++t_) {                                                             \
      (jobs)[t_].tid = t_;                                                                         \
      CHECK(pthread_create(&threads_[t_], NULL, (work), &(jobs)[t_]) == 0);                        \
    }                                                                                              \
    for (int t_ = 0; t_ < (n); ++t_) {                                                             \
      CHECK(pthread_join(threads_[t_], NULL) == 0);                                                \
      CHECK_MSG((jobs)[t_].errors == 0, "thread %d: %d " what, t_, (jobs)[t_].errors);             \
    }                                                                                              \
  } while (0)

/* Whether SHMEM_FORCE_INTERNODE makes every PE its own node (any value but
 * the library's "off" words enables it). */
/* Whether the environment variable `name` is on (set to anything but an
 * "off" word), as the library reads it; `unset` if it is not set. */
static inline int check_env_on(const char *name, int unset) {
  const char *v = getenv(name);
  static const char *const off[] = {"0", "no", "off", "false", "n"};
  if (v == NULL) return unset;
  for (unsigned i = 0; i < sizeof off / sizeof off[0]; ++i)
    if (strcasecmp(v, off[i]) == 0) return 0;
  return 1;
}

static inline int check_split_nodes(void) { return check_env_on("SHMEM_FORCE_INTERNODE", 0); }

/* Whether the PEs of a node share their global variables. */
static inline int check_node_globals(void) { return check_env_on("SHMEM_NODE_GLOBALS", 1); }

#endif
