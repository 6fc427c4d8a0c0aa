/* Team-based data-movement collectives (section 9.9): broadcast, collect,
 * fcollect, alltoall, alltoalls and team_sync, for every standard RMA type
 * (stamped from the spec's table) and the mem forms, on every test team.
 * PEs outside a team must find their buffers untouched. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "coll_teams.h"

#define NE 5 /* elements per PE: not a power of two */
#define BUF_BYTES 4096
#include "coll_buffers.h"

/* The routines of one element type, reached through void pointers. */
typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *buf, size_t i, int v);
  int (*get)(const void *buf, size_t i);
  int (*broadcast)(shmem_team_t, void *, const void *, size_t, int);
  int (*collect)(shmem_team_t, void *, const void *, size_t);
  int (*fcollect)(shmem_team_t, void *, const void *, size_t);
  int (*alltoall)(shmem_team_t, void *, const void *, size_t);
  int (*alltoalls)(shmem_team_t, void *, const void *, ptrdiff_t, ptrdiff_t, size_t);
} type_ops;

#define DEF_OPS(A, T, N)                                                                           \
  static void set_##N(void *b, size_t i, int v) { ((T *)b)[i] = (T)v; }                            \
  static int get_##N(const void *b, size_t i) { return (int)((const T *)b)[i]; }                   \
  static int bc_##N(shmem_team_t t, void *d, const void *s, size_t n, int r) {                     \
    return shmem_##N##_broadcast(t, (T *)d, (const T *)s, n, r);                                   \
  }                                                                                                \
  static int co_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmem_##N##_collect(t, (T *)d, (const T *)s, n);                                        \
  }                                                                                                \
  static int fc_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmem_##N##_fcollect(t, (T *)d, (const T *)s, n);                                       \
  }                                                                                                \
  static int aa_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmem_##N##_alltoall(t, (T *)d, (const T *)s, n);                                       \
  }                                                                                                \
  static int as_##N(shmem_team_t t, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss,            \
                    size_t n) {                                                                    \
    return shmem_##N##_alltoalls(t, (T *)d, (const T *)s, ds, ss, n);                              \
  }
SHMEMI_RMA_TYPES(DEF_OPS, ~)

static void set_mem(void *b, size_t i, int v) { ((unsigned char *)b)[i] = (unsigned char)v; }
static int get_mem(const void *b, size_t i) { return ((const unsigned char *)b)[i]; }

#define OPS_ROW(A, T, N) {#N, sizeof(T), set_##N, get_##N, bc_##N, co_##N, fc_##N, aa_##N, as_##N},
/* A table, one row a line. */
/* clang-format off */
static const type_ops types[] = {
    SHMEMI_RMA_TYPES(OPS_ROW, ~)
    {"mem", 1, set_mem, get_mem, shmem_broadcastmem, shmem_collectmem, shmem_fcollectmem,
     shmem_alltoallmem, shmem_alltoallsmem}};
/* clang-format on */

/* Values that every type holds exactly. */
static int val(int world_pe, size_t i) { return (int)((world_pe * 13 + (int)i * 7 + 3) % 101); }
static int val2(int world_pe, int to, size_t e) {
  return (int)((world_pe * 17 + to * 5 + (int)e * 3 + 1) % 97);
}

static void reset_buffers(void) { fill_buffers(0); }

/* After a collective on a team: PEs outside it find dst untouched. */
static void finish(const test_team *t, const type_ops *o, const char *what) {
  shmem_barrier_all();
  if (t->team == SHMEM_TEAM_INVALID)
    CHECK_MSG(untouched(dst, 0, BUF_BYTES), "%s %s on team %s wrote a non-member's dest", what,
              o->name, t->name);
}

static void test_broadcast(const test_team *t, const type_ops *o, int root_choice) {
  reset_buffers();
  for (size_t i = 0; i < NE; ++i) o->set(src, i, val(shmem_my_pe(), i));
  if (t->team != SHMEM_TEAM_INVALID) {
    const int root = root_choice ? shmem_team_n_pes(t->team) - 1 : 0;
    const int root_world = world_pe_of(t->team, root);
    CHECK(o->broadcast(t->team, dst, src, NE, root) == 0);
    for (size_t i = 0; i < NE; ++i)
      CHECK_MSG(o->get(dst, i) == val(root_world, i), "broadcast %s team %s root %d: [%zu] = %d",
                o->name, t->name, root, i, o->get(dst, i));
    CHECK_MSG(untouched(dst, NE * o->size, BUF_BYTES), "broadcast %s wrote past dest", o->name);
  }
  finish(t, o, "broadcast");
}

static size_t collect_count(int team_pe) { return (size_t)(team_pe % 3) + 1; }

static void test_collect(const test_team *t, const type_ops *o, int fixed) {
  reset_buffers();
  if (t->team != SHMEM_TEAM_INVALID) {
    const int me = shmem_team_my_pe(t->team), n = shmem_team_n_pes(t->team);
    const size_t mine = fixed ? NE : collect_count(me);
    for (size_t i = 0; i < mine; ++i) o->set(src, i, val(shmem_my_pe(), i));
    CHECK((fixed ? o->fcollect : o->collect)(t->team, dst, src, mine) == 0);
    size_t at = 0;
    for (int k = 0; k < n; ++k) {
      const size_t count = fixed ? NE : collect_count(k);
      for (size_t i = 0; i < count; ++i, ++at)
        CHECK_MSG(o->get(dst, at) == val(world_pe_of(t->team, k), i),
                  "%scollect %s team %s: block %d [%zu] = %d", fixed ? "f" : "", o->name, t->name,
                  k, i, o->get(dst, at));
    }
    CHECK_MSG(untouched(dst, at * o->size, BUF_BYTES), "collect %s wrote past dest", o->name);
  }
  finish(t, o, fixed ? "fcollect" : "collect");
}

/* alltoall is alltoalls with both strides 1. */
static void test_alltoalls(const test_team *t, const type_ops *o, ptrdiff_t ds, ptrdiff_t ss) {
  reset_buffers();
  if (t->team != SHMEM_TEAM_INVALID) {
    const int me = shmem_team_my_pe(t->team), n = shmem_team_n_pes(t->team);
    for (int j = 0; j < n; ++j)
      for (size_t e = 0; e < NE; ++e)
        o->set(src, ((size_t)j * NE + e) * (size_t)ss, val2(shmem_my_pe(), j, e));
    const int rc = ds == 1 && ss == 1 ? o->alltoall(t->team, dst, src, NE)
                                      : o->alltoalls(t->team, dst, src, ds, ss, NE);
    CHECK(rc == 0);
    for (int i = 0; i < n; ++i)
      for (size_t e = 0; e < NE; ++e) {
        const size_t at = ((size_t)i * NE + e) * (size_t)ds;
        CHECK_MSG(o->get(dst, at) == val2(world_pe_of(t->team, i), me, e),
                  "alltoalls(%td,%td) %s team %s: from %d [%zu] = %d", ds, ss, o->name, t->name, i,
                  e, o->get(dst, at));
        if (ds > 1)
          CHECK_MSG(untouched(dst, (at + 1) * o->size, (at + (size_t)ds) * o->size),
                    "alltoalls %s wrote a gap of dest", o->name);
      }
    const size_t end = (size_t)n * NE * (size_t)ds * o->size;
    CHECK_MSG(untouched(dst, end, BUF_BYTES), "alltoall %s wrote past dest", o->name);
  }
  finish(t, o, "alltoall");
}

/* Puts completed by quiet are visible after the team sync. */
static void test_team_sync(const test_team *t) {
  static long box;
  box = -1;
  shmem_barrier_all();
  if (t->team != SHMEM_TEAM_INVALID) {
    const int me = shmem_team_my_pe(t->team), n = shmem_team_n_pes(t->team);
    const int right = world_pe_of(t->team, (me + 1) % n);
    const int left = world_pe_of(t->team, (me + n - 1) % n);
    for (int round = 0; round < 3; ++round) {
      shmem_long_p(&box, shmem_my_pe() * 10 + round, right);
      shmem_quiet();
      CHECK(shmem_team_sync(t->team) == 0);
      CHECK_MSG(box == left * 10 + round, "team_sync on %s: round %d got %ld", t->name, round, box);
      CHECK(shmem_team_sync(t->team) == 0); /* nobody overwrites box before all read it */
    }
  }
  shmem_barrier_all();
}

/* Zero elements: nothing moves, the call still succeeds. */
static void test_empty(void) {
  reset_buffers();
  CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, dst, src, 0, 0) == 0);
  CHECK(shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, 0) == 0);
  CHECK(shmem_collectmem(SHMEM_TEAM_WORLD, dst, src, 0) == 0);
  CHECK(shmem_alltoallmem(SHMEM_TEAM_WORLD, dst, src, 0) == 0);
  CHECK(untouched(dst, 0, BUF_BYTES));
}

/* A megabyte and a bit, so that MPI takes its large-message paths. */
static void test_large(void) {
  const size_t big = (1u << 20) + 3;
  const int n = shmem_n_pes(), me = shmem_my_pe();
  unsigned char *s = shmem_malloc(big), *d = shmem_malloc(big * (size_t)n);
  for (size_t i = 0; i < big; ++i) s[i] = (unsigned char)(val(me, i) + 1);
  CHECK(shmem_fcollectmem(SHMEM_TEAM_WORLD, d, s, big) == 0);
  int bad = 0;
  for (int k = 0; k < n; ++k)
    for (size_t i = 0; i < big; ++i)
      bad += d[(size_t)k * big + i] != (unsigned char)(val(k, i) + 1);
  CHECK_MSG(bad == 0, "large fcollectmem: %d wrong bytes", bad);
  CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, d, s, big, n - 1) == 0);
  bad = 0;
  for (size_t i = 0; i < big; ++i) bad += d[i] != (unsigned char)(val(n - 1, i) + 1);
  CHECK_MSG(bad == 0, "large broadcastmem: %d wrong bytes", bad);
  shmem_free(d);
  shmem_free(s);
}

int main(void) {
  shmem_init();
  alloc_buffers();
  make_test_teams();
  for (int t = 0; t < test_team_count; ++t) {
    const test_team *team = &test_teams[t];
    test_team_sync(team);
    for (size_t k = 0; k < sizeof types / sizeof types[0]; ++k) {
      test_broadcast(team, &types[k], 0);
      test_broadcast(team, &types[k], 1);
      test_collect(team, &types[k], 0);
      test_collect(team, &types[k], 1);
      test_alltoalls(team, &types[k], 1, 1);
      test_alltoalls(team, &types[k], 2, 3);
    }
  }
  destroy_test_teams();
  test_empty();
  test_large();
  shmem_free(dst);
  shmem_free(src);
  CHECK_DONE();
}
