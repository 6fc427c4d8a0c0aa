/* Point-to-point synchronization (section 9.10) for every row of the
 * point-to-point synchronization type table: wait_until, test, the _all,
 * _any and _some forms and their _vector forms, and the deprecated
 * shmem_TYPENAME_wait, with each comparison (EQ, NE, GT, LE, LT, GE).
 *
 * Each PE waits on its own ivars while its left neighbour drives them with
 * shmem_TYPENAME_p: values that do not satisfy the condition first, a pause,
 * then one that does, with a fence between steps. A wait must not return
 * early (the value is then the last one), status masks must be honoured (a
 * masked element is left unsatisfied, or satisfied first to lure a wrong
 * answer), _any/_some must name the right indices, and the tests must say
 * "not yet" before anything was written. Empty sets (nelems 0, everything
 * masked) give the spec's answers: SIZE_MAX for _any, 0 for _some. With one
 * PE, the PE drives its own ivars before waiting. */
#include <shmem.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

enum { NE = 6, ANY_IDX = 3, SOME_A = 2, SOME_B = 5, MASKED_LURE = 1, STAGES = 3 };
static const int mask[NE] = {0, 1, 0, 0, 1, 0}; /* elements 1 and 4 are excluded */
static const int all_masked[NE] = {1, 1, 1, 1, 1, 1};

enum {
  R_WAIT,
  R_WAIT_ALL,
  R_WAIT_ANY,
  R_WAIT_SOME,
  R_WAIT_ALL_V,
  R_WAIT_ANY_V,
  R_WAIT_SOME_V,
  R_TEST,
  R_TEST_ALL,
  R_TEST_ANY,
  R_TEST_SOME,
  R_TEST_ALL_V,
  R_TEST_ANY_V,
  R_TEST_SOME_V,
  R_OLD_WAIT,
  N_ROUTINES
};
static const char *const routine_names[N_ROUTINES] = {"wait_until",
                                                      "wait_until_all",
                                                      "wait_until_any",
                                                      "wait_until_some",
                                                      "wait_until_all_vector",
                                                      "wait_until_any_vector",
                                                      "wait_until_some_vector",
                                                      "test",
                                                      "test_all",
                                                      "test_any",
                                                      "test_some",
                                                      "test_all_vector",
                                                      "test_any_vector",
                                                      "test_some_vector",
                                                      "wait (deprecated)"};

static int is_vector(int r) {
  return r == R_WAIT_ALL_V || r == R_WAIT_ANY_V || r == R_WAIT_SOME_V || r == R_TEST_ALL_V ||
         r == R_TEST_ANY_V || r == R_TEST_SOME_V;
}
static int is_test(int r) { return r >= R_TEST && r <= R_TEST_SOME_V; }
static int is_any(int r) {
  return r == R_WAIT_ANY || r == R_WAIT_ANY_V || r == R_TEST_ANY || r == R_TEST_ANY_V;
}
static int is_some(int r) {
  return r == R_WAIT_SOME || r == R_WAIT_SOME_V || r == R_TEST_SOME || r == R_TEST_SOME_V;
}

/* One row of the table: accessors, a remote put, every routine, and a
 * static ivar block. `values` holds one comparison value per element; the
 * scalar forms use values[0]. Returns what the routine returns (0 if void). */
typedef struct {
  const char *name;
  size_t size;
  long (*at)(const void *ivars, size_t i);
  void (*store)(void *ivars, size_t i, long v);
  void (*p)(void *dest, long v, int pe);
  size_t (*call)(int r, void *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                 const long *values);
  void *statics;
} kind;

/* Areas of ivars: one per routine and layout below. */
enum { SINGLE, ALL, EVERY, ANY, SOME }; /* which elements the driver writes */
typedef struct {
  int routine, layout;
  const int *status;
} area;
static const area areas[] = {
    {R_WAIT, SINGLE, NULL},    {R_TEST, SINGLE, NULL},     {R_OLD_WAIT, SINGLE, NULL},
    {R_WAIT_ALL, ALL, mask},   {R_WAIT_ANY, ANY, mask},    {R_WAIT_SOME, SOME, mask},
    {R_WAIT_ALL_V, ALL, mask}, {R_WAIT_ANY_V, ANY, mask},  {R_WAIT_SOME_V, SOME, mask},
    {R_TEST_ALL, ALL, mask},   {R_TEST_ANY, ANY, mask},    {R_TEST_SOME, SOME, mask},
    {R_TEST_ALL_V, ALL, mask}, {R_TEST_ANY_V, ANY, mask},  {R_TEST_SOME_V, SOME, mask},
    {R_WAIT_ALL, EVERY, NULL}, {R_WAIT_SOME, EVERY, NULL}, {R_TEST_ALL, EVERY, NULL},
};
enum { N_AREAS = sizeof(areas) / sizeof(areas[0]) };

#define KIND(A, T, N)                                                                              \
  static T N##_statics[N_AREAS * NE];                                                              \
  static long N##_at(const void *b, size_t i) { return (long)((const T *)b)[i]; }                  \
  static void N##_store(void *b, size_t i, long v) { ((T *)b)[i] = (T)v; }                         \
  static void N##_p(void *d, long v, int pe) { shmem_##N##_p((T *)d, (T)v, pe); }                  \
  static size_t N##_call(int r, void *ivars, size_t n, size_t *idx, const int *st, int cmp,        \
                         const long *values) {                                                     \
    T *iv = (T *)ivars, v[NE];                                                                     \
    for (size_t i = 0; i < NE; ++i) v[i] = (T)values[i];                                           \
    switch (r) {                                                                                   \
    case R_WAIT: shmem_##N##_wait_until(iv, cmp, v[0]); return 0;                                  \
    case R_WAIT_ALL: shmem_##N##_wait_until_all(iv, n, st, cmp, v[0]); return 0;                   \
    case R_WAIT_ANY: return shmem_##N##_wait_until_any(iv, n, st, cmp, v[0]);                      \
    case R_WAIT_SOME: return shmem_##N##_wait_until_some(iv, n, idx, st, cmp, v[0]);               \
    case R_WAIT_ALL_V: shmem_##N##_wait_until_all_vector(iv, n, st, cmp, v); return 0;             \
    case R_WAIT_ANY_V: return shmem_##N##_wait_until_any_vector(iv, n, st, cmp, v);                \
    case R_WAIT_SOME_V: return shmem_##N##_wait_until_some_vector(iv, n, idx, st, cmp, v);         \
    case R_TEST: return (size_t)shmem_##N##_test(iv, cmp, v[0]);                                   \
    case R_TEST_ALL: return (size_t)shmem_##N##_test_all(iv, n, st, cmp, v[0]);                    \
    case R_TEST_ANY: return shmem_##N##_test_any(iv, n, st, cmp, v[0]);                            \
    case R_TEST_SOME: return shmem_##N##_test_some(iv, n, idx, st, cmp, v[0]);                     \
    case R_TEST_ALL_V: return (size_t)shmem_##N##_test_all_vector(iv, n, st, cmp, v);              \
    case R_TEST_ANY_V: return shmem_##N##_test_any_vector(iv, n, st, cmp, v);                      \
    case R_TEST_SOME_V: return shmem_##N##_test_some_vector(iv, n, idx, st, cmp, v);               \
    default: shmem_##N##_wait(iv, v[0]); return 0;                                                 \
    }                                                                                              \
  }
SHMEMI_SYNC_TYPES(KIND, ~)
#define ROW(A, T, N) {#N, sizeof(T), N##_at, N##_store, N##_p, N##_call, N##_statics},
static const kind kinds[] = {SHMEMI_SYNC_TYPES(ROW, ~)};

/* A comparison, its value, and the values the driver writes one per
 * stage: only the last satisfies the comparison (nor does INIT). The
 * vector forms shift everything by the element index. */
enum { INIT = 10 };
typedef struct {
  int cmp;
  const char *name;
  long value;
  long stages[STAGES];
} cmp_plan;
static const cmp_plan plans[] = {
    {SHMEM_CMP_EQ, "EQ", 42, {41, 43, 42}}, {SHMEM_CMP_NE, "NE", INIT, {INIT, INIT, 77}},
    {SHMEM_CMP_GT, "GT", 50, {49, 50, 51}}, {SHMEM_CMP_LE, "LE", 5, {9, 6, 5}},
    {SHMEM_CMP_LT, "LT", 5, {6, 5, 4}},     {SHMEM_CMP_GE, "GE", 50, {48, 49, 50}},
};
static const cmp_plan *const ne_plan = &plans[1]; /* the deprecated wait is "until != value" */

static int me, npes;

typedef struct {
  const kind *k;
  char *block; /* N_AREAS * NE elements */
  const char *space;
  const cmp_plan *plan;
} round_t;

static const cmp_plan *plan_of(const round_t *c, const area *a) {
  return a->routine == R_OLD_WAIT ? ne_plan : c->plan;
}
static long shift(const area *a, size_t i) { return is_vector(a->routine) ? (long)i : 0; }
static char *ivars_of(const round_t *c, size_t ai) { return c->block + ai * NE * c->k->size; }

#define FAIL_IF(c, a, cond, fmt, ...)                                                              \
  CHECK_MSG(!(cond), "shmem_%s_%s (%s, %s): " fmt, (c)->k->name, routine_names[(a)->routine],      \
            plan_of(c, a)->name, (c)->space, __VA_ARGS__)

/* Elements the driver writes, and whether it writes them the final value
 * at once (a masked lure). */
static int written(const area *a, size_t i, int *lure) {
  *lure = (a->layout == ANY || a->layout == SOME) && i == MASKED_LURE;
  switch (a->layout) {
  case SINGLE: return i == 0;
  case ALL: return !a->status[i];
  case EVERY: return 1;
  case ANY: return i == ANY_IDX || *lure;
  default: return i == SOME_A || i == SOME_B || *lure;
  }
}

static void drive(const round_t *c, int target) {
  for (int s = 0; s < STAGES; ++s) {
    if (s == STAGES - 1) usleep(1000); /* let the waiter block */
    for (size_t ai = 0; ai < N_AREAS; ++ai) {
      const area *a = &areas[ai];
      const cmp_plan *p = plan_of(c, a);
      for (size_t i = 0; i < NE; ++i) {
        int lure;
        if (!written(a, i, &lure) || (lure && s > 0)) continue;
        const long v = (lure ? p->stages[STAGES - 1] : p->stages[s]) + shift(a, i);
        c->k->p(ivars_of(c, ai) + i * c->k->size, v, target);
      }
    }
    shmem_fence();
  }
  shmem_quiet();
}

static size_t call(const round_t *c, const area *a, size_t ai, size_t nelems, size_t *idx,
                   const int *status, int routine) {
  const cmp_plan *p = plan_of(c, a);
  long values[NE];
  for (size_t i = 0; i < NE; ++i) values[i] = p->value + shift(a, i);
  return c->k->call(routine, ivars_of(c, ai), nelems, idx, status, p->cmp, values);
}

/* The test form of an area's routine, on the same ivars. */
static int test_of(int r) {
  static const int tests[N_ROUTINES] = {R_TEST,       R_TEST_ALL,   R_TEST_ANY,   R_TEST_SOME,
                                        R_TEST_ALL_V, R_TEST_ANY_V, R_TEST_SOME_V};
  return r <= R_WAIT_SOME_V ? tests[r] : r == R_OLD_WAIT ? R_TEST : r;
}
static size_t not_yet(int r) { return is_any(r) ? SIZE_MAX : 0; }

/* Before anything is written, no test is satisfied. (The deprecated wait's
 * test uses NE, satisfied by anything but INIT.) */
static void check_nothing_yet(const round_t *c) {
  size_t idx[NE];
  for (size_t ai = 0; ai < N_AREAS; ++ai) {
    const area *a = &areas[ai];
    const int r = test_of(a->routine);
    const size_t got = call(c, a, ai, NE, idx, a->status, r);
    FAIL_IF(c, a, got != not_yet(r), "%s before any update returned %zu", routine_names[r], got);
  }
}

/* Empty sets: nelems 0 or everything masked. */
static void check_empty(const round_t *c) {
  size_t idx[NE];
  const area *a = &areas[0];
  for (int r = R_WAIT_ALL; r <= R_TEST_SOME_V; ++r) {
    if (r == R_TEST) continue;
    const size_t want = is_any(r) ? SIZE_MAX : r == R_TEST_ALL || r == R_TEST_ALL_V ? 1 : 0;
    const size_t got0 = c->k->call(r, ivars_of(c, 0), 0, idx, NULL, SHMEM_CMP_EQ, (long[NE]){42});
    const size_t got_masked = call(c, a, 0, NE, idx, all_masked, r);
    CHECK_MSG(got0 == want && got_masked == want,
              "shmem_%s_%s on an empty set returned %zu (nelems 0) and %zu (all masked), "
              "expected %zu",
              c->k->name, routine_names[r], got0, got_masked, want);
  }
}

/* After the wait: the values are final, and the answer names them. */
static void check_after(const round_t *c, const area *a, size_t ai, size_t got, const size_t *idx) {
  const cmp_plan *p = plan_of(c, a);
  const char *iv = ivars_of(c, ai);
  const long final = p->stages[STAGES - 1];
  const int whole = !is_any(a->routine) && !is_some(a->routine); /* wait/test, _all */
  for (size_t i = 0; whole && i < (a->layout == SINGLE ? 1 : NE); ++i) {
    int lure;
    const long want = (written(a, i, &lure) ? final : INIT) + shift(a, i);
    const long v = c->k->at(iv, i);
    FAIL_IF(c, a, v != want, "returned with element %zu = %ld, expected %ld", i, v, want);
  }
  if (is_any(a->routine)) {
    FAIL_IF(c, a, got != ANY_IDX, "returned index %zu, expected %d", got, ANY_IDX);
    if (got == ANY_IDX)
      FAIL_IF(c, a, c->k->at(iv, got) != final + shift(a, got), "element %zu is %ld", got,
              c->k->at(iv, got));
  }
  if (is_some(a->routine)) {
    const size_t most = a->layout == EVERY ? NE : 2;
    FAIL_IF(c, a, got < 1 || got > most, "returned %zu indices", got);
    unsigned seen = 0;
    for (size_t j = 0; j < got && j < NE; ++j) {
      const size_t i = idx[j];
      const int ok = i < NE && !(seen & 1u << i) &&
                     (a->layout == EVERY || i == SOME_A || i == SOME_B) &&
                     c->k->at(iv, i) == final + shift(a, i);
      FAIL_IF(c, a, !ok, "index %zu (of %zu) is wrong, repeated or not satisfied", i, got);
      if (i < NE) seen |= 1u << i;
    }
  }
}

static void wait_all_areas(const round_t *c) {
  for (size_t ai = 0; ai < N_AREAS; ++ai) {
    const area *a = &areas[ai];
    size_t idx[NE], got;
    if (is_test(a->routine))
      while ((got = call(c, a, ai, NE, idx, a->status, a->routine)) == not_yet(a->routine)) {
      }
    else
      got = call(c, a, ai, NE, idx, a->status, a->routine);
    check_after(c, a, ai, got, idx);
  }
}

/* Once everything has landed, _some reports every satisfied element. */
static void check_some_complete(const round_t *c) {
  for (size_t ai = 0; ai < N_AREAS; ++ai) {
    const area *a = &areas[ai];
    if (!is_some(a->routine) || a->layout != SOME) continue;
    size_t idx[NE];
    const size_t got = call(c, a, ai, NE, idx, a->status, test_of(a->routine));
    const int ok = got == 2 && ((idx[0] == SOME_A && idx[1] == SOME_B) ||
                                (idx[0] == SOME_B && idx[1] == SOME_A));
    FAIL_IF(c, a, !ok, "after all updates the test found %zu indices", got);
  }
}

static void run_round(const round_t *c) {
  const int right = (me + 1) % npes;
  for (size_t ai = 0; ai < N_AREAS; ++ai)
    for (size_t i = 0; i < NE; ++i) c->k->store(ivars_of(c, ai), i, INIT + shift(&areas[ai], i));
  shmem_barrier_all();
  check_nothing_yet(c);
  if (c->plan->cmp == SHMEM_CMP_EQ) check_empty(c);
  shmem_barrier_all();
  drive(c, right);
  wait_all_areas(c);
  shmem_barrier_all(); /* the driver's quiet: every update has landed */
  check_some_complete(c);
}

int main(void) {
  CHECK_INIT();
  char *heap = (char *)shmem_malloc(N_AREAS * NE * sizeof(long long));
  for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); ++k)
    for (size_t p = 0; p < sizeof(plans) / sizeof(plans[0]); ++p) {
      const int in_heap = (p + k) % 2 == 0;
      const round_t c = {&kinds[k], in_heap ? heap : (char *)kinds[k].statics,
                         in_heap ? "heap" : "static", &plans[p]};
      run_round(&c);
    }
  shmem_free(heap);
  CHECK_DONE();
}
