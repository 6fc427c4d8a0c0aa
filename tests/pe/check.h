/* Checks for multi-PE test programs: each PE checks its own results, reports
 * every failure with its PE number, and the program's exit status is the
 * verdict (non-zero if any check failed on this PE). */
#ifndef SHMEM_TEST_CHECK_H
#define SHMEM_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static int check_failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "[PE %d] %s:%d: check failed: %s\n", shmem_my_pe(),     \
              __FILE__, __LINE__, #cond);                                      \
      ++check_failures;                                                        \
    }                                                                          \
  } while (0)

#define CHECK_MSG(cond, ...)                                                   \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "[PE %d] %s:%d: check failed: %s: ", shmem_my_pe(),     \
              __FILE__, __LINE__, #cond);                                      \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
      ++check_failures;                                                        \
    }                                                                          \
  } while (0)

/* Ends the test: finalize, then the exit status says whether this PE passed. */
#define CHECK_DONE()                                                           \
  do {                                                                         \
    int me_ = shmem_my_pe();                                                   \
    shmem_finalize();                                                          \
    if (check_failures) fprintf(stderr, "[PE %d] %d check(s) failed\n", me_, check_failures); \
    return check_failures ? 1 : 0;                                             \
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
