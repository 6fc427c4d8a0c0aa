/* Section 6 (library constants) and section 7 (library handles): every
 * constant of the table exists with a usable value, and so does every
 * deprecated _SHMEM_* spelling. Most of it is checked by the compiler. */
#include <shmem.h>
#include <string.h>

#include "check.h"

/* The version is usable by the preprocessor. */
#if SHMEM_MAJOR_VERSION != 1 || SHMEM_MINOR_VERSION != 6
#error "SHMEM_MAJOR_VERSION.SHMEM_MINOR_VERSION is not 1.6"
#endif
#if _SHMEM_MAJOR_VERSION != SHMEM_MAJOR_VERSION || _SHMEM_MINOR_VERSION != SHMEM_MINOR_VERSION
#error "the deprecated _SHMEM_*_VERSION differ"
#endif

#define DISTINCT2(a, b) ((a) != (b))
#define DISTINCT3(a, b, c) (DISTINCT2(a, b) && DISTINCT2(a, c) && DISTINCT2(b, c))

/* Thread levels, ordered (section 9.2). */
_Static_assert(SHMEM_THREAD_SINGLE < SHMEM_THREAD_FUNNELED, "thread levels");
_Static_assert(SHMEM_THREAD_FUNNELED < SHMEM_THREAD_SERIALIZED, "thread levels");
_Static_assert(SHMEM_THREAD_SERIALIZED < SHMEM_THREAD_MULTIPLE, "thread levels");

/* Options that are combined with | must be distinct non-zero bits. */
#define ONE_BIT(x) ((x) != 0 && ((x) & ((x)-1)) == 0)
_Static_assert(ONE_BIT(SHMEM_CTX_SERIALIZED) && ONE_BIT(SHMEM_CTX_PRIVATE) &&
                   ONE_BIT(SHMEM_CTX_NOSTORE),
               "context options are bit flags");
_Static_assert(DISTINCT3(SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE),
               "context options are distinct");
_Static_assert(ONE_BIT(SHMEM_MALLOC_ATOMICS_REMOTE) && ONE_BIT(SHMEM_MALLOC_SIGNAL_REMOTE) &&
                   DISTINCT2(SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE),
               "malloc hints are distinct bit flags");
_Static_assert(ONE_BIT(SHMEM_TEAM_NUM_CONTEXTS), "team config mask");
_Static_assert(ONE_BIT(SHMEM_CTX_SESSION_TOTAL_OPS), "session config mask");
_Static_assert(SHMEM_CTX_SESSION_BATCH != 0, "session option");
_Static_assert(DISTINCT2(SHMEM_SIGNAL_SET, SHMEM_SIGNAL_ADD), "signal operations");

/* Comparison operators: six distinct values, deprecated names equal. */
static const int cmp_ops[] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                              SHMEM_CMP_LE, SHMEM_CMP_LT, SHMEM_CMP_GE};
_Static_assert(_SHMEM_CMP_EQ == SHMEM_CMP_EQ && _SHMEM_CMP_NE == SHMEM_CMP_NE &&
                   _SHMEM_CMP_GT == SHMEM_CMP_GT && _SHMEM_CMP_LE == SHMEM_CMP_LE &&
                   _SHMEM_CMP_LT == SHMEM_CMP_LT && _SHMEM_CMP_GE == SHMEM_CMP_GE,
               "deprecated comparison names");

/* Work array sizes: positive integer constant expressions, usable as array
 * bounds; the deprecated spellings agree. */
static long psync_bcast[SHMEM_BCAST_SYNC_SIZE];
static long psync_barrier[SHMEM_BARRIER_SYNC_SIZE];
static long psync_reduce[SHMEM_REDUCE_SYNC_SIZE];
static long psync_collect[SHMEM_COLLECT_SYNC_SIZE];
static long psync_alltoall[SHMEM_ALLTOALL_SYNC_SIZE];
static long psync_alltoalls[SHMEM_ALLTOALLS_SYNC_SIZE];
static long psync_any[SHMEM_SYNC_SIZE];
static double pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
_Static_assert(_SHMEM_BCAST_SYNC_SIZE == SHMEM_BCAST_SYNC_SIZE &&
                   _SHMEM_BARRIER_SYNC_SIZE == SHMEM_BARRIER_SYNC_SIZE &&
                   _SHMEM_REDUCE_SYNC_SIZE == SHMEM_REDUCE_SYNC_SIZE &&
                   _SHMEM_COLLECT_SYNC_SIZE == SHMEM_COLLECT_SYNC_SIZE &&
                   _SHMEM_REDUCE_MIN_WRKDATA_SIZE == SHMEM_REDUCE_MIN_WRKDATA_SIZE,
               "deprecated work array sizes");
/* "Any collective": SHMEM_SYNC_SIZE covers every specific size. */
_Static_assert(SHMEM_SYNC_SIZE >= SHMEM_BCAST_SYNC_SIZE &&
                   SHMEM_SYNC_SIZE >= SHMEM_BARRIER_SYNC_SIZE &&
                   SHMEM_SYNC_SIZE >= SHMEM_REDUCE_SYNC_SIZE &&
                   SHMEM_SYNC_SIZE >= SHMEM_COLLECT_SYNC_SIZE &&
                   SHMEM_SYNC_SIZE >= SHMEM_ALLTOALL_SYNC_SIZE &&
                   SHMEM_SYNC_SIZE >= SHMEM_ALLTOALLS_SYNC_SIZE,
               "SHMEM_SYNC_SIZE is enough for any collective");
_Static_assert(_SHMEM_SYNC_VALUE == SHMEM_SYNC_VALUE, "deprecated SHMEM_SYNC_VALUE");

/* The vendor string fits SHMEM_MAX_NAME_LEN with its terminator. */
_Static_assert(sizeof SHMEM_VENDOR_STRING <= SHMEM_MAX_NAME_LEN, "vendor string length");
_Static_assert(sizeof _SHMEM_VENDOR_STRING <= _SHMEM_MAX_NAME_LEN, "deprecated names");
_Static_assert(_SHMEM_MAX_NAME_LEN == SHMEM_MAX_NAME_LEN, "deprecated SHMEM_MAX_NAME_LEN");

static void fill(long *psync, size_t n) {
  for (size_t i = 0; i < n; ++i) psync[i] = SHMEM_SYNC_VALUE;
}

int main(void) {
  shmem_init();
  fill(psync_bcast, SHMEM_BCAST_SYNC_SIZE);
  fill(psync_barrier, SHMEM_BARRIER_SYNC_SIZE);
  fill(psync_reduce, SHMEM_REDUCE_SYNC_SIZE);
  fill(psync_collect, SHMEM_COLLECT_SYNC_SIZE);
  fill(psync_alltoall, SHMEM_ALLTOALL_SYNC_SIZE);
  fill(psync_alltoalls, SHMEM_ALLTOALLS_SYNC_SIZE);
  fill(psync_any, SHMEM_SYNC_SIZE);
  CHECK(psync_any[SHMEM_SYNC_SIZE - 1] == _SHMEM_SYNC_VALUE);
  pwrk[0] = 0;

  for (size_t i = 0; i < sizeof cmp_ops / sizeof *cmp_ops; ++i)
    for (size_t j = 0; j < i; ++j)
      CHECK_MSG(cmp_ops[i] != cmp_ops[j], "comparison constants %zu and %zu are equal", i, j);

  CHECK(strcmp(SHMEM_VENDOR_STRING, _SHMEM_VENDOR_STRING) == 0);
  CHECK(strlen(SHMEM_VENDOR_STRING) > 0);

  /* Handles (section 7): the predefined ones are valid and distinct from
   * the invalid values. */
  shmem_team_t team = SHMEM_TEAM_INVALID;
  CHECK(team == SHMEM_TEAM_INVALID);
  CHECK(SHMEM_TEAM_WORLD != SHMEM_TEAM_INVALID);
  CHECK(SHMEM_TEAM_SHARED != SHMEM_TEAM_INVALID);
  CHECK(SHMEM_TEAM_WORLD != SHMEM_TEAM_SHARED);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  CHECK(ctx == SHMEM_CTX_INVALID);
  CHECK(SHMEM_CTX_DEFAULT != SHMEM_CTX_INVALID);
  shmem_team_config_t config = {.num_contexts = 1};
  shmem_ctx_session_config_t session = {.total_ops = 1};
  CHECK(config.num_contexts == 1 && session.total_ops == 1);
  CHECK_DONE();
}
