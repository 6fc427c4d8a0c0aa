/* The nonblocking team collectives of shmemx.h: every kind (broadcast,
 * collect, fcollect, alltoall, alltoalls, the and/or/xor/max/min/sum/prod
 * reductions, sum_inscan, sum_exscan) for int, long, double, float,
 * uint8_t (unsigned max/min of values above 127), uint32_t and the mem
 * forms, on the world team, the even PEs (a strided split) and the world
 * reversed (stride -1), with buffers on the symmetric heap and in global
 * variables. Each batch starts every kind of one type at once, and is
 * completed by one of: shmem_quiet, shmem_ctx_quiet on a context of the
 * team, shmem_ctx_quiet on a context of the world team, shmem_barrier_all,
 * shmem_team_destroy. After completion this PE's dest must hold the result
 * (and nothing past it), its source must be unchanged, and PEs outside the
 * team must find both buffers untouched.
 *
 * Also: batches on two and three teams outstanding before one completion,
 * shmem_ctx_quiet of one team while another's are outstanding, blocking
 * collectives on the same team after nbi ones (before the quiet), in-place
 * reductions and scans (dest == source) and broadcasts, collect with 0
 * elements on some PEs, alltoalls with strides 2 and 3, exscan's zero on
 * team PE 0, an 8 MiB broadcast on the heap and a 1 MiB one on globals, a
 * source overwritten right after this PE's completion (the others must
 * still get its data), 200 rounds back to back without barriers, 600
 * collectives outstanding on one team, a team split and another destroyed
 * while the world's are outstanding, the C11 generic names (the file is
 * compiled as strict C11), and a collective left outstanding at
 * shmem_finalize (its dest, a global variable, is checked after it). */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <shmemx.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define NE 5          /* elements per PE and kind: not a power of two */
#define SLOT 1024     /* bytes of each kind's source and of its dest */
#define MAX_PES 8     /* the slots hold an alltoalls of 8 PEs */
#define SENTINEL 0xA5 /* dest bytes no collective may write */
#define SRC_FILL 0x3C /* source bytes between the elements */

/* The kinds in groups. */
/* clang-format off */
enum kind {
  K_BCAST, K_COLLECT, K_FCOLLECT, K_ALLTOALL, K_ALLTOALLS,
  K_AND, K_OR, K_XOR, K_MAX, K_MIN, K_SUM, K_PROD, K_INSCAN, K_EXSCAN,
  NKINDS
};
/* clang-format on */
static const char *const kind_names[NKINDS] = {
    "broadcast",  "collect",     "fcollect",   "alltoall",   "alltoalls",
    "and_reduce", "or_reduce",   "xor_reduce", "max_reduce", "min_reduce",
    "sum_reduce", "prod_reduce", "sum_inscan", "sum_exscan"};

#define REGION (NKINDS * SLOT) /* the buffers of one batch */
#define NREGIONS 4
#define BUF_BYTES (NREGIONS * REGION)

/* The two places symmetric buffers live. */
static unsigned char *heap_src, *heap_dst;
static _Alignas(64) unsigned char glob_src[BUF_BYTES];
static _Alignas(64) unsigned char glob_dst[BUF_BYTES];

static int me, npes;

/* ---- the element types ---------------------------------------------- */

typedef int (*coll_fn)(shmem_team_t, void *, const void *, size_t);
typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *buf, size_t i, long v);               /* buf[i] = (T)v */
  void (*combine)(enum kind k, void *acc, const void *x); /* acc[0] = acc[0] OP x[0] */
  int (*bcast)(shmem_team_t, void *, const void *, size_t, int);
  coll_fn collect, fcollect, alltoall;
  int (*alltoalls)(shmem_team_t, void *, const void *, ptrdiff_t, ptrdiff_t, size_t);
  coll_fn reduce[NKINDS]; /* from K_AND on; NULL where the type is not in the table */
} type_ops;

#define DEF_MOVE(T, N)                                                                             \
  static void set_##N(void *b, size_t i, long v) { ((T *)b)[i] = (T)v; }                           \
  static int bc_##N(shmem_team_t t, void *d, const void *s, size_t n, int r) {                     \
    return shmemx_##N##_broadcast_nbi(t, (T *)d, (const T *)s, n, r);                              \
  }                                                                                                \
  static int co_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmemx_##N##_collect_nbi(t, (T *)d, (const T *)s, n);                                   \
  }                                                                                                \
  static int fc_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmemx_##N##_fcollect_nbi(t, (T *)d, (const T *)s, n);                                  \
  }                                                                                                \
  static int aa_##N(shmem_team_t t, void *d, const void *s, size_t n) {                            \
    return shmemx_##N##_alltoall_nbi(t, (T *)d, (const T *)s, n);                                  \
  }                                                                                                \
  static int as_##N(shmem_team_t t, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss,            \
                    size_t n) {                                                                    \
    return shmemx_##N##_alltoalls_nbi(t, (T *)d, (const T *)s, ds, ss, n);                         \
  }
#define DEF_RED(T, N, OP)                                                                          \
  static int OP##_##N(shmem_team_t t, void *d, const void *s, size_t n) {                          \
    return shmemx_##N##_##OP##_nbi(t, (T *)d, (const T *)s, n);                                    \
  }
/* Rows of routines, as written. */
/* clang-format off */
#define DEF_ARITH(T, N)                                                        \
  DEF_RED(T, N, max_reduce) DEF_RED(T, N, min_reduce) DEF_RED(T, N, sum_reduce) \
  DEF_RED(T, N, prod_reduce) DEF_RED(T, N, sum_inscan) DEF_RED(T, N, sum_exscan)
#define DEF_BITWISE(T, N)                                                      \
  DEF_RED(T, N, and_reduce) DEF_RED(T, N, or_reduce) DEF_RED(T, N, xor_reduce)
/* clang-format on */
#define DEF_COMBINE(T, N, BITWISE)                                                                 \
  static void combine_##N(enum kind k, void *acc, const void *x) {                                 \
    T a = *(T *)acc, b = *(const T *)x;                                                            \
    switch (k) {                                                                                   \
      BITWISE(a, b)                                                                                \
    case K_MAX: a = a > b ? a : b; break;                                                          \
    case K_MIN: a = a < b ? a : b; break;                                                          \
    case K_PROD: a = (T)(a * b); break;                                                            \
    default: a = (T)(a + b); break; /* sum and the scans */                                        \
    }                                                                                              \
    *(T *)acc = a;                                                                                 \
  }
/* One case a line. */
/* clang-format off */
#define INT_BITWISE(a, b)                                                      \
  case K_AND: a &= b; break;                                                   \
  case K_OR: a |= b; break;                                                    \
  case K_XOR: a ^= b; break;
#define NO_BITWISE(a, b)
/* clang-format on */

/* A table, one type a row. */
/* clang-format off */
DEF_MOVE(int, int) DEF_ARITH(int, int) DEF_COMBINE(int, int, NO_BITWISE)
DEF_MOVE(long, long) DEF_ARITH(long, long) DEF_COMBINE(long, long, NO_BITWISE)
DEF_MOVE(double, double) DEF_ARITH(double, double) DEF_COMBINE(double, double, NO_BITWISE)
DEF_MOVE(float, float) DEF_ARITH(float, float) DEF_COMBINE(float, float, NO_BITWISE)
DEF_MOVE(uint8_t, uint8) DEF_ARITH(uint8_t, uint8) DEF_BITWISE(uint8_t, uint8)
DEF_COMBINE(uint8_t, uint8, INT_BITWISE)
DEF_MOVE(uint32_t, uint32) DEF_ARITH(uint32_t, uint32) DEF_BITWISE(uint32_t, uint32)
DEF_COMBINE(uint32_t, uint32, INT_BITWISE)

static void set_mem(void *b, size_t i, long v) { ((unsigned char *)b)[i] = (unsigned char)v; }
/* clang-format on */

#define ARITH_ROW(N)                                                                               \
  [K_MAX] = max_reduce_##N, [K_MIN] = min_reduce_##N, [K_SUM] = sum_reduce_##N,                    \
  [K_PROD] = prod_reduce_##N, [K_INSCAN] = sum_inscan_##N, [K_EXSCAN] = sum_exscan_##N
#define BITWISE_ROW(N) [K_AND] = and_reduce_##N, [K_OR] = or_reduce_##N, [K_XOR] = xor_reduce_##N
#define TYPE_ROW(T, N, ...)                                                                        \
  {                                                                                                \
#N, sizeof(T), set_##N, combine_##N, bc_##N, co_##N, fc_##N, aa_##N, as_##N, { __VA_ARGS__ }   \
  }

enum { T_INT, T_LONG, T_DOUBLE, T_FLOAT, T_UINT8, T_UINT32, T_MEM, NTYPES };
static const type_ops types[NTYPES] = {
    TYPE_ROW(int, int, ARITH_ROW(int)),
    TYPE_ROW(long, long, ARITH_ROW(long)),
    TYPE_ROW(double, double, ARITH_ROW(double)),
    TYPE_ROW(float, float, ARITH_ROW(float)),
    TYPE_ROW(uint8_t, uint8, ARITH_ROW(uint8), BITWISE_ROW(uint8)),
    TYPE_ROW(uint32_t, uint32, ARITH_ROW(uint32), BITWISE_ROW(uint32)),
    {"mem",
     1,
     set_mem,
     NULL,
     shmemx_broadcastmem_nbi,
     shmemx_collectmem_nbi,
     shmemx_fcollectmem_nbi,
     shmemx_alltoallmem_nbi,
     shmemx_alltoallsmem_nbi,
     {NULL}},
};

/* ---- values ----------------------------------------------------------- */

/* Data movement: what world PE `pe` contributes as element i (every type
 * holds it exactly). */
static long val(int pe, size_t i) { return (pe * 13 + (long)i * 7 + 3) % 101; }
/* Alltoall: element i of the block world PE `from` sends to team PE `to`. */
static long val2(int from, int to, size_t i) { return (from * 17 + to * 5 + (long)i * 3 + 1) % 97; }
/* Reductions (as coll_values.h): max/min mix negative and positive values,
 * which wrap to values above 127 in uint8_t, so a signed comparison fails. */
static long rval(enum kind k, int pe, size_t i) {
  const int j = (int)i;
  switch (k) {
  case K_AND:
  case K_OR:
  case K_XOR: return (pe * 37 + j * 11) % 127 + 1;
  case K_MAX:
  case K_MIN: return (pe * 37 + j * 11) % 23 - 11;
  case K_PROD: return (pe + j) % 3 == 0 ? 1 : (pe + j) % 3 == 1 ? 2 : -1;
  default: return (pe + j) % 5 - 2;
  }
}
/* Collect: elements team PE k contributes (0 for team PE 1). */
static size_t collect_count(int k) { return (size_t)((k + 2) % 3); }

/* ---- teams -------------------------------------------------------------- */

/* What a check needs of a team, taken before it may be destroyed. */
typedef struct {
  int me, n;
  int world[MAX_PES];
} team_view;

static team_view view_of(shmem_team_t t) {
  team_view v;
  v.me = shmem_team_my_pe(t);
  v.n = shmem_team_n_pes(t);
  for (int k = 0; k < v.n && k < MAX_PES; ++k)
    v.world[k] = shmem_team_translate_pe(t, k, SHMEM_TEAM_WORLD);
  return v;
}

typedef struct {
  const char *name;
  shmem_team_t team; /* SHMEM_TEAM_INVALID on PEs outside it */
} test_team;

enum { TEAM_WORLD, TEAM_EVENS, TEAM_REVERSED, NTEAMS };
static test_team teams[NTEAMS];

static shmem_team_t split(shmem_team_t parent, int start, int stride, int size) {
  shmem_team_t t = SHMEM_TEAM_INVALID;
  const int rc = shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
  CHECK_MSG(rc == 0, "split (%d, %d, %d) returned %d", start, stride, size, rc);
  return t;
}

/* ---- one batch: every kind of one type at once ------------------------ */

typedef struct {
  const type_ops *o;
  unsigned char *src, *dst; /* the region's first slot */
  int root;                 /* team PE of the broadcast's root */
  team_view v;
  unsigned char src_copy[REGION]; /* the sources as written */
  const char *what;
} batch;

static int has_kind(const type_ops *o, enum kind k) { return k < K_AND || o->reduce[k] != NULL; }

/* Fills the sources (every PE, member or not) and marks the dests. */
static void fill_batch(batch *b, const team_view *v) {
  const type_ops *o = b->o;
  memset(b->src, SRC_FILL, REGION);
  memset(b->dst, SENTINEL, REGION);
  for (int k = 0; k < NKINDS; ++k) {
    unsigned char *s = b->src + k * SLOT;
    switch (k) {
    case K_BCAST:
    case K_FCOLLECT:
      for (size_t i = 0; i < NE; ++i) o->set(s, i, val(me, i));
      break;
    case K_COLLECT:
      if (v)
        for (size_t i = 0; i < collect_count(v->me); ++i) o->set(s, i, val(me, i));
      break;
    case K_ALLTOALL:
    case K_ALLTOALLS:
      if (v)
        for (int to = 0; to < v->n; ++to)
          for (size_t i = 0; i < NE; ++i)
            o->set(s, (k == K_ALLTOALLS ? 3 : 1) * ((size_t)to * NE + i), val2(me, to, i));
      break;
    default:
      if (has_kind(o, (enum kind)k))
        for (size_t i = 0; i < NE; ++i) o->set(s, i, rval((enum kind)k, me, i));
    }
  }
  memcpy(b->src_copy, b->src, REGION);
}

static void issue_batch(batch *b, shmem_team_t t) {
  const type_ops *o = b->o;
  unsigned char *s = b->src, *d = b->dst;
  CHECK(o->bcast(t, d + K_BCAST * SLOT, s + K_BCAST * SLOT, NE, b->root) == 0);
  CHECK(o->collect(t, d + K_COLLECT * SLOT, s + K_COLLECT * SLOT, collect_count(b->v.me)) == 0);
  CHECK(o->fcollect(t, d + K_FCOLLECT * SLOT, s + K_FCOLLECT * SLOT, NE) == 0);
  CHECK(o->alltoall(t, d + K_ALLTOALL * SLOT, s + K_ALLTOALL * SLOT, NE) == 0);
  CHECK(o->alltoalls(t, d + K_ALLTOALLS * SLOT, s + K_ALLTOALLS * SLOT, 2, 3, NE) == 0);
  for (int k = K_AND; k < NKINDS; ++k)
    if (o->reduce[k]) CHECK(o->reduce[k](t, d + k * SLOT, s + k * SLOT, NE) == 0);
}

/* The dest image of kind k on this member: SENTINEL but the result. */
static void expected_dest(const batch *b, enum kind k, unsigned char *img /* aligned */) {
  const type_ops *o = b->o;
  const team_view *v = &b->v;
  memset(img, SENTINEL, SLOT);
  switch (k) {
  case K_BCAST:
    for (size_t i = 0; i < NE; ++i) o->set(img, i, val(v->world[b->root], i));
    return;
  case K_COLLECT: {
    size_t at = 0;
    for (int p = 0; p < v->n; ++p)
      for (size_t i = 0; i < collect_count(p); ++i) o->set(img, at++, val(v->world[p], i));
    return;
  }
  case K_FCOLLECT:
    for (int p = 0; p < v->n; ++p)
      for (size_t i = 0; i < NE; ++i) o->set(img, (size_t)p * NE + i, val(v->world[p], i));
    return;
  case K_ALLTOALL:
  case K_ALLTOALLS:
    for (int p = 0; p < v->n; ++p)
      for (size_t i = 0; i < NE; ++i)
        o->set(img, (k == K_ALLTOALLS ? 2 : 1) * ((size_t)p * NE + i), val2(v->world[p], v->me, i));
    return;
  default: break;
  }
  const int last = k == K_INSCAN ? v->me : k == K_EXSCAN ? v->me - 1 : v->n - 1;
  for (size_t i = 0; i < NE; ++i) {
    _Alignas(16) unsigned char acc[16], x[16];
    o->set(acc, 0, 0); /* exscan on team PE 0: zero */
    for (int p = 0; p <= last; ++p) {
      o->set(x, 0, rval(k, v->world[p], i));
      if (p == 0)
        memcpy(acc, x, o->size);
      else
        o->combine(k, acc, x);
    }
    memcpy(img + i * o->size, acc, o->size);
  }
}

static void report_slot(const batch *b, int k, const unsigned char *got, const unsigned char *want,
                        const char *which) {
  size_t at = 0;
  while (at < SLOT && got[at] == want[at]) ++at;
  CHECK_MSG(at == SLOT, "%s: %s %s: %s byte %zu (element %zu) is 0x%02x, expected 0x%02x", b->what,
            b->o->name, kind_names[k], which, at, at / b->o->size, got[at], want[at]);
}

/* After this PE's completion: member's dests and everybody's sources. */
static void check_batch(const batch *b, int member) {
  _Alignas(16) unsigned char img[SLOT];
  for (int k = 0; k < NKINDS; ++k) {
    if (!has_kind(b->o, (enum kind)k)) continue;
    const unsigned char *d = b->dst + k * SLOT;
    if (member)
      expected_dest(b, (enum kind)k, img);
    else
      memset(img, SENTINEL, SLOT);
    if (memcmp(d, img, SLOT) != 0) report_slot(b, k, d, img, member ? "dest" : "non-member's dest");
    if (memcmp(b->src + k * SLOT, b->src_copy + k * SLOT, SLOT) != 0)
      report_slot(b, k, b->src + k * SLOT, b->src_copy + k * SLOT, "source");
  }
}

static batch batches[NREGIONS];
static int batch_count;

/* Prepares region r for type `type` on team t (SHMEM_TEAM_INVALID if this
 * PE is not a member); the caller issues it once every PE filled. */
static batch *prepare(int r, int type, int global, shmem_team_t t, const char *what) {
  batch *b = &batches[r];
  b->o = &types[type];
  b->src = (global ? glob_src : heap_src) + r * REGION;
  b->dst = (global ? glob_dst : heap_dst) + r * REGION;
  b->what = what;
  const int member = t != SHMEM_TEAM_INVALID;
  const int count = batch_count++; /* every PE counts every batch: same roots */
  if (member) b->v = view_of(t);
  b->root = member ? (count * 7 + 3) % b->v.n : 0;
  fill_batch(b, member ? &b->v : NULL);
  return b;
}

/* ---- completion by each means ----------------------------------------- */

enum completion {
  BY_QUIET,
  BY_CTX_QUIET,
  BY_WORLD_CTX_QUIET,
  BY_BARRIER_ALL,
  BY_TEAM_DESTROY,
  NCOMPLETIONS
};
static const char *const completion_names[NCOMPLETIONS] = {
    "shmem_quiet", "shmem_ctx_quiet(team ctx)", "shmem_ctx_quiet(world ctx)", "shmem_barrier_all",
    "shmem_team_destroy"};

static shmem_ctx_t make_ctx(shmem_team_t t) {
  shmem_ctx_t c = SHMEM_CTX_INVALID;
  const int rc = shmem_team_create_ctx(t, 0, &c);
  CHECK_MSG(rc == 0 && c != SHMEM_CTX_INVALID, "shmem_team_create_ctx returned %d", rc);
  return c;
}

/* One batch of `type` on test team `tt`, completed by `how`. */
static void batch_test(int tt, int type, int global, enum completion how) {
  char what[160];
  snprintf(what, sizeof what, "team %s, %s buffers, completed by %s", teams[tt].name,
           global ? "global" : "heap", completion_names[how]);
  shmem_team_t t = teams[tt].team;
  const int member = t != SHMEM_TEAM_INVALID;
  /* shmem_team_destroy needs a team of its own: a copy of this one. */
  if (how == BY_TEAM_DESTROY && member) t = split(t, 0, 1, shmem_team_n_pes(t));
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  if (how == BY_CTX_QUIET && member) ctx = make_ctx(t);
  if (how == BY_WORLD_CTX_QUIET) ctx = make_ctx(SHMEM_TEAM_WORLD);
  batch *b = prepare(0, type, global, t, what);
  shmem_barrier_all();
  if (member) issue_batch(b, t);
  switch (how) {
  case BY_QUIET: shmem_quiet(); break;
  case BY_CTX_QUIET:
    if (member) shmem_ctx_quiet(ctx);
    break;
  case BY_WORLD_CTX_QUIET: shmem_ctx_quiet(ctx); break;
  case BY_BARRIER_ALL: shmem_barrier_all(); break;
  case BY_TEAM_DESTROY:
    if (member) shmem_team_destroy(t);
    break;
  default: break;
  }
  check_batch(b, member); /* before any other PE may have completed */
  if (ctx != SHMEM_CTX_INVALID) shmem_ctx_destroy(ctx);
  shmem_barrier_all();
}

/* ---- several teams outstanding at once -------------------------------- */

static void several_teams(int global) {
  /* Three teams, one quiet. */
  batch *b[NTEAMS];
  for (int tt = 0; tt < NTEAMS; ++tt)
    b[tt] = prepare(tt, (tt * 3 + global) % NTYPES, global, teams[tt].team,
                    global ? "three teams, one shmem_quiet (global buffers)"
                           : "three teams, one shmem_quiet (heap buffers)");
  shmem_barrier_all();
  for (int tt = 0; tt < NTEAMS; ++tt)
    if (teams[tt].team != SHMEM_TEAM_INVALID) issue_batch(b[tt], teams[tt].team);
  shmem_quiet();
  for (int tt = 0; tt < NTEAMS; ++tt) check_batch(b[tt], teams[tt].team != SHMEM_TEAM_INVALID);
  shmem_barrier_all();

  /* The evens' context completes the evens' batch; the world's completes at
   * the next shmem_quiet. */
  shmem_team_t evens = teams[TEAM_EVENS].team;
  shmem_ctx_t ctx = evens != SHMEM_TEAM_INVALID ? make_ctx(evens) : SHMEM_CTX_INVALID;
  batch *w = prepare(0, T_LONG, global, SHMEM_TEAM_WORLD, "world's batch, then shmem_quiet");
  batch *e = prepare(1, T_UINT8, global, evens, "evens' batch, by shmem_ctx_quiet(evens ctx)");
  shmem_barrier_all();
  issue_batch(w, SHMEM_TEAM_WORLD);
  if (evens != SHMEM_TEAM_INVALID) {
    issue_batch(e, evens);
    shmem_ctx_quiet(ctx);
    check_batch(e, 1);
    shmem_ctx_destroy(ctx);
  }
  shmem_quiet();
  check_batch(w, 1);
  if (evens == SHMEM_TEAM_INVALID) check_batch(e, 0);
  shmem_barrier_all();

  /* Two batches on one team and two teams, then a context of the world
   * team completes them all. */
  ctx = make_ctx(SHMEM_TEAM_WORLD);
  shmem_team_t rev = teams[TEAM_REVERSED].team;
  batch *e1 = prepare(0, T_INT, global, evens, "evens 1, by shmem_ctx_quiet(world ctx)");
  batch *e2 = prepare(1, T_DOUBLE, global, evens, "evens 2, by shmem_ctx_quiet(world ctx)");
  batch *r1 = prepare(2, T_MEM, global, rev, "reversed, by shmem_ctx_quiet(world ctx)");
  shmem_barrier_all();
  if (evens != SHMEM_TEAM_INVALID) {
    issue_batch(e1, evens);
    issue_batch(e2, evens);
  }
  issue_batch(r1, rev);
  shmem_ctx_quiet(ctx);
  check_batch(e1, evens != SHMEM_TEAM_INVALID);
  check_batch(e2, evens != SHMEM_TEAM_INVALID);
  check_batch(r1, 1);
  shmem_ctx_destroy(ctx);
  shmem_barrier_all();
}

/* ---- blocking collectives after nbi ones, before the quiet ------------ */

static void blocking_after_nbi(int tt, int global) {
  shmem_team_t t = teams[tt].team;
  batch *b = prepare(0, T_INT, global, t, "nbi batch with blocking ones after it");
  batch *b2 = prepare(1, T_LONG, global, t, "second nbi batch after the blocking ones");
  unsigned char *s = (global ? glob_src : heap_src) + 2 * REGION;
  unsigned char *d = (global ? glob_dst : heap_dst) + 2 * REGION;
  long *ls = (long *)s, *ld = (long *)d;
  for (int i = 0; i < NE; ++i) ls[i] = val(me, (size_t)i);
  memset(d, SENTINEL, REGION);
  shmem_barrier_all();
  if (t != SHMEM_TEAM_INVALID) {
    const team_view v = view_of(t);
    issue_batch(b, t);
    /* Blocking ones on the same team while the batch is outstanding. */
    CHECK(shmem_long_sum_reduce(t, ld, ls, NE) == 0);
    CHECK(shmem_team_sync(t) == 0);
    CHECK(shmem_long_fcollect(t, ld + NE, ls, NE) == 0);
    CHECK(shmem_long_broadcast(t, ld + NE + NE * v.n, ls, NE, v.n - 1) == 0);
    for (int i = 0; i < NE; ++i) {
      long sum = 0;
      for (int p = 0; p < v.n; ++p) sum += val(v.world[p], (size_t)i);
      CHECK_MSG(ld[i] == sum, "team %s: blocking sum after nbi: [%d] = %ld, expected %ld",
                teams[tt].name, i, ld[i], sum);
      CHECK_MSG(ld[NE + NE * v.n + i] == val(v.world[v.n - 1], (size_t)i),
                "team %s: blocking broadcast after nbi: [%d] = %ld", teams[tt].name, i,
                ld[NE + NE * v.n + i]);
    }
    for (int p = 0; p < v.n; ++p)
      for (int i = 0; i < NE; ++i)
        CHECK_MSG(ld[NE + p * NE + i] == val(v.world[p], (size_t)i),
                  "team %s: blocking fcollect after nbi: block %d [%d] = %ld", teams[tt].name, p, i,
                  ld[NE + p * NE + i]);
    /* And more nbi ones after the blocking ones, one quiet for both. */
    issue_batch(b2, t);
    shmem_quiet();
  }
  check_batch(b, t != SHMEM_TEAM_INVALID);
  check_batch(b2, t != SHMEM_TEAM_INVALID);
  shmem_barrier_all();
}

/* ---- in place ----------------------------------------------------------- */

/* Reductions and scans with dest == source, and broadcasts with dest ==
 * source (the root's buffer is its result, the others' are written). */
static void in_place(int tt, int global) {
  shmem_team_t t = teams[tt].team;
  unsigned char *base = (global ? glob_dst : heap_dst);
  int *isum = (int *)base, *iex = isum + NE, *ibc = iex + NE;
  long *lprod = (long *)(base + 256), *lin = lprod + NE;
  double *dmax = (double *)(base + 512);
  uint8_t *umax = base + 768, *umin = umax + NE, *uxor = umin + NE, *mbc = uxor + NE;
  uint32_t *uand = (uint32_t *)(base + 1024), *uor = uand + NE;
  memset(base, SENTINEL, 2048);
  for (size_t i = 0; i < NE; ++i) {
    isum[i] = (int)rval(K_SUM, me, i);
    iex[i] = (int)rval(K_SUM, me, i);
    ibc[i] = (int)val(me, i);
    lprod[i] = rval(K_PROD, me, i);
    lin[i] = rval(K_SUM, me, i);
    dmax[i] = (double)rval(K_MAX, me, i);
    umax[i] = (uint8_t)rval(K_MAX, me, i);
    umin[i] = (uint8_t)rval(K_MIN, me, i);
    uxor[i] = (uint8_t)rval(K_XOR, me, i);
    mbc[i] = (uint8_t)val(me, i);
    uand[i] = (uint32_t)rval(K_AND, me, i);
    uor[i] = (uint32_t)rval(K_OR, me, i);
  }
  unsigned char before[2048];
  memcpy(before, base, sizeof before);
  shmem_barrier_all();
  if (t == SHMEM_TEAM_INVALID) {
    shmem_barrier_all();
    CHECK_MSG(memcmp(before, base, sizeof before) == 0, "team %s: in place wrote a non-member",
              teams[tt].name);
    return;
  }
  const team_view v = view_of(t);
  const int root = v.n - 1;
  CHECK(shmemx_int_sum_reduce_nbi(t, isum, isum, NE) == 0);
  CHECK(shmemx_int_sum_exscan_nbi(t, iex, iex, NE) == 0);
  CHECK(shmemx_int_broadcast_nbi(t, ibc, ibc, NE, root) == 0);
  CHECK(shmemx_long_prod_reduce_nbi(t, lprod, lprod, NE) == 0);
  CHECK(shmemx_long_sum_inscan_nbi(t, lin, lin, NE) == 0);
  CHECK(shmemx_double_max_reduce_nbi(t, dmax, dmax, NE) == 0);
  CHECK(shmemx_uint8_max_reduce_nbi(t, umax, umax, NE) == 0);
  CHECK(shmemx_uint8_min_reduce_nbi(t, umin, umin, NE) == 0);
  CHECK(shmemx_uint8_xor_reduce_nbi(t, uxor, uxor, NE) == 0);
  CHECK(shmemx_broadcastmem_nbi(t, mbc, mbc, NE, root) == 0);
  CHECK(shmemx_uint32_and_reduce_nbi(t, uand, uand, NE) == 0);
  CHECK(shmemx_uint32_or_reduce_nbi(t, uor, uor, NE) == 0);
  shmem_quiet();
  for (size_t i = 0; i < NE; ++i) {
    int s = 0, ex = 0;
    long prod = 1, in = 0;
    double dm = (double)rval(K_MAX, v.world[0], i);
    uint8_t um = (uint8_t)rval(K_MAX, v.world[0], i), un = um, ux = 0;
    uint32_t ua = (uint32_t)rval(K_AND, v.world[0], i), uo = 0;
    for (int p = 0; p < v.n; ++p) {
      const int w = v.world[p];
      s += (int)rval(K_SUM, w, i);
      if (p < v.me) ex += (int)rval(K_SUM, w, i);
      prod *= rval(K_PROD, w, i);
      if (p <= v.me) in += rval(K_SUM, w, i);
      if ((double)rval(K_MAX, w, i) > dm) dm = (double)rval(K_MAX, w, i);
      const uint8_t u = (uint8_t)rval(K_MAX, w, i);
      if (u > um) um = u;
      if (u < un) un = u;
      ux ^= (uint8_t)rval(K_XOR, w, i);
      ua &= (uint32_t)rval(K_AND, w, i);
      uo |= (uint32_t)rval(K_OR, w, i);
    }
    const char *n = teams[tt].name;
    CHECK_MSG(isum[i] == s, "team %s in place int sum [%zu] = %d, expected %d", n, i, isum[i], s);
    CHECK_MSG(iex[i] == ex, "team %s in place int exscan [%zu] = %d, expected %d", n, i, iex[i],
              ex);
    CHECK_MSG(ibc[i] == (int)val(v.world[root], i), "team %s in place broadcast [%zu] = %d", n, i,
              ibc[i]);
    CHECK_MSG(lprod[i] == prod, "team %s in place long prod [%zu] = %ld, expected %ld", n, i,
              lprod[i], prod);
    CHECK_MSG(lin[i] == in, "team %s in place long inscan [%zu] = %ld, expected %ld", n, i, lin[i],
              in);
    CHECK_MSG(dmax[i] == dm, "team %s in place double max [%zu] = %g, expected %g", n, i, dmax[i],
              dm);
    CHECK_MSG(umax[i] == um, "team %s in place uint8 max [%zu] = %u, expected %u", n, i, umax[i],
              um);
    CHECK_MSG(umin[i] == un, "team %s in place uint8 min [%zu] = %u, expected %u", n, i, umin[i],
              un);
    CHECK_MSG(uxor[i] == ux, "team %s in place uint8 xor [%zu] = %u, expected %u", n, i, uxor[i],
              ux);
    CHECK_MSG(mbc[i] == (uint8_t)val(v.world[root], i), "team %s in place broadcastmem [%zu] = %u",
              n, i, mbc[i]);
    CHECK_MSG(uand[i] == ua, "team %s in place uint32 and [%zu] = %u, expected %u", n, i, uand[i],
              ua);
    CHECK_MSG(uor[i] == uo, "team %s in place uint32 or [%zu] = %u, expected %u", n, i, uor[i], uo);
  }
  /* Nothing past the elements. */
  const size_t ends[][2] = {{3 * NE * sizeof(int), 256},
                            {256 + 2 * NE * sizeof(long), 512},
                            {512 + NE * sizeof(double), 768},
                            {768 + 4 * NE, 1024},
                            {1024 + 2 * NE * sizeof(uint32_t), 2048}};
  for (size_t r = 0; r < sizeof ends / sizeof ends[0]; ++r)
    for (size_t at = ends[r][0]; at < ends[r][1]; ++at)
      if (base[at] != SENTINEL) {
        CHECK_MSG(0, "team %s in place: byte %zu past the elements was written", teams[tt].name,
                  at);
        break;
      }
  shmem_barrier_all();
}

/* ---- large buffers ------------------------------------------------------ */

#define GLOB_LARGE (1 << 20)
static _Alignas(64) unsigned char glob_large_src[GLOB_LARGE], glob_large_dst[GLOB_LARGE + 64];

static unsigned char large_byte(size_t i, int pe) {
  return (unsigned char)(((uint64_t)(i + 1) * 0x9E3779B97F4A7C15ULL >> 56) + (unsigned)pe * 7);
}

/* An 8 MiB broadcast on the heap (as longs) and a 1 MiB broadcastmem on
 * globals, root the team's last PE, both outstanding at once, and a 1 MiB
 * sum reduction of ints on the heap. */
static void large(int tt) {
  const size_t big = (size_t)8 << 20, nint = (1 << 20) / sizeof(int);
  shmem_team_t t = teams[tt].team;
  unsigned char *src = shmem_malloc(big), *dst = shmem_malloc(big + 64);
  int *isrc = shmem_malloc(nint * sizeof(int)), *idst = shmem_malloc(nint * sizeof(int));
  CHECK(src && dst && isrc && idst);
  if (!src || !dst || !isrc || !idst) return;
  for (size_t i = 0; i < big; ++i) src[i] = large_byte(i, me);
  for (size_t i = 0; i < GLOB_LARGE; ++i) glob_large_src[i] = large_byte(i, me + 1);
  for (size_t i = 0; i < nint; ++i) isrc[i] = (int)((i * 31 + (size_t)me * 1000003) % 65521);
  memset(dst, SENTINEL, big + 64);
  memset(glob_large_dst, SENTINEL, sizeof glob_large_dst);
  memset(idst, SENTINEL, nint * sizeof(int));
  shmem_barrier_all();
  if (t != SHMEM_TEAM_INVALID) {
    const team_view v = view_of(t);
    const int root = v.n - 1, rw = v.world[root];
    CHECK(shmemx_long_broadcast_nbi(t, (long *)dst, (const long *)src, big / sizeof(long), root) ==
          0);
    CHECK(shmemx_broadcastmem_nbi(t, glob_large_dst, glob_large_src, GLOB_LARGE, root) == 0);
    CHECK(shmemx_int_sum_reduce_nbi(t, idst, isrc, nint) == 0);
    shmem_quiet();
    size_t bad = 0, first = big;
    for (size_t i = 0; i < big; ++i)
      if (dst[i] != large_byte(i, rw)) {
        if (!bad++) first = i;
      }
    for (size_t i = big; i < big + 64; ++i) bad += dst[i] != SENTINEL;
    CHECK_MSG(bad == 0, "team %s: 8 MiB broadcast: %zu wrong bytes, the first at %zu",
              teams[tt].name, bad, first);
    bad = 0;
    for (size_t i = 0; i < big; ++i) bad += src[i] != large_byte(i, me);
    CHECK_MSG(bad == 0, "team %s: 8 MiB broadcast changed %zu source bytes", teams[tt].name, bad);
    bad = 0;
    for (size_t i = 0; i < GLOB_LARGE; ++i) bad += glob_large_dst[i] != large_byte(i, rw + 1);
    for (size_t i = GLOB_LARGE; i < sizeof glob_large_dst; ++i)
      bad += glob_large_dst[i] != SENTINEL;
    CHECK_MSG(bad == 0, "team %s: 1 MiB global broadcastmem: %zu wrong bytes", teams[tt].name, bad);
    bad = 0;
    for (size_t i = 0; i < nint; ++i) {
      int sum = 0;
      for (int p = 0; p < v.n; ++p) sum += (int)((i * 31 + (size_t)v.world[p] * 1000003) % 65521);
      bad += idst[i] != sum;
    }
    CHECK_MSG(bad == 0, "team %s: 1 MiB int sum reduction: %zu wrong elements", teams[tt].name,
              bad);
  } else {
    size_t bad = 0;
    for (size_t i = 0; i < big + 64; ++i) bad += dst[i] != SENTINEL;
    CHECK_MSG(bad == 0, "team %s: the 8 MiB broadcast wrote a non-member", teams[tt].name);
  }
  shmem_barrier_all();
  shmem_free(idst);
  shmem_free(isrc);
  shmem_free(dst);
  shmem_free(src);
}

/* ---- a source reused right after this PE's completion ----------------- */

/* Each PE overwrites its sources as soon as its own quiet returns, and
 * checks its dests without waiting for the others: whatever the others
 * still need of this PE's sources must have been taken by then. */
static void reuse_after_completion(int global) {
  int *s = (int *)((global ? glob_src : heap_src) + 3 * REGION);
  int *d = (int *)((global ? glob_dst : heap_dst) + 3 * REGION);
  memset(d, SENTINEL, REGION);
  for (int i = 0; i < NE; ++i) s[i] = (int)val(me, (size_t)i);
  shmem_barrier_all();
  for (int round = 0; round < 3; ++round) {
    const int root = (round + 1) % npes;
    CHECK(shmemx_int_broadcast_nbi(SHMEM_TEAM_WORLD, d, s, NE, root) == 0);
    CHECK(shmemx_int_fcollect_nbi(SHMEM_TEAM_WORLD, d + NE, s, NE) == 0);
    CHECK(shmemx_int_sum_reduce_nbi(SHMEM_TEAM_WORLD, d + NE + NE * npes, s, NE) == 0);
    shmem_quiet();
    for (int i = 0; i < NE; ++i) s[i] = -1 - i; /* at once: the others may not be done */
    for (int i = 0; i < NE; ++i) {
      int sum = 0;
      for (int p = 0; p < npes; ++p) sum += (int)val(p, (size_t)i);
      CHECK_MSG(d[i] == (int)val(root, (size_t)i), "reuse round %d: broadcast [%d] = %d", round, i,
                d[i]);
      CHECK_MSG(d[NE + NE * npes + i] == sum, "reuse round %d: sum [%d] = %d, expected %d", round,
                i, d[NE + NE * npes + i], sum);
      for (int p = 0; p < npes; ++p)
        CHECK_MSG(d[NE + p * NE + i] == (int)val(p, (size_t)i),
                  "reuse round %d: fcollect block %d [%d] = %d", round, p, i, d[NE + p * NE + i]);
    }
    shmem_barrier_all();
    for (int i = 0; i < NE; ++i) s[i] = (int)val(me, (size_t)i);
    memset(d, SENTINEL, REGION);
    shmem_barrier_all();
  }
}

/* ---- many at once, and teams made and destroyed meanwhile ------------- */

#define MANY 300

/* MANY one-element reductions and broadcasts outstanding on one team, each
 * into its own element, then one quiet. */
static void many_outstanding(int tt) {
  shmem_team_t t = teams[tt].team;
  long *s = (long *)heap_src, *d = (long *)heap_dst;
  _Static_assert(3 * MANY * sizeof(long) <= BUF_BYTES, "buffers too small");
  for (int k = 0; k < MANY; ++k) s[k] = me * 1000 + k;
  memset(d, SENTINEL, 3 * MANY * sizeof(long));
  shmem_barrier_all();
  if (t != SHMEM_TEAM_INVALID) {
    const team_view v = view_of(t);
    for (int k = 0; k < MANY; ++k) {
      CHECK(shmemx_long_sum_reduce_nbi(t, d + k, s + k, 1) == 0);
      CHECK(shmemx_long_broadcast_nbi(t, d + MANY + k, s + k, 1, k % v.n) == 0);
    }
    shmem_quiet();
    int bad = 0;
    for (int k = 0; k < MANY; ++k) {
      long sum = 0;
      for (int p = 0; p < v.n; ++p) sum += v.world[p] * 1000 + k;
      bad += d[k] != sum || d[MANY + k] != v.world[k % v.n] * 1000 + k;
    }
    CHECK_MSG(bad == 0, "team %s: %d of %d outstanding reductions/broadcasts wrong", teams[tt].name,
              bad, MANY);
  }
  shmem_barrier_all();
}

/* A split of the world and the destruction of another team while the
 * world's collectives are outstanding; the team made meanwhile runs its own
 * before the world's are completed. */
static void teams_change_meanwhile(void) {
  int *s = (int *)heap_src, *d = (int *)heap_dst;
  for (int i = 0; i < NE; ++i) s[i] = (int)val(me, (size_t)i);
  memset(d, SENTINEL, 600 * sizeof(int));
  shmem_team_t doomed = split(SHMEM_TEAM_WORLD, 0, 1, npes);
  shmem_barrier_all();
  CHECK(shmemx_int_fcollect_nbi(SHMEM_TEAM_WORLD, d, s, NE) == 0);
  CHECK(shmemx_int_sum_reduce_nbi(doomed, d + 384, s, NE) == 0);
  shmem_team_t fresh = split(SHMEM_TEAM_WORLD, npes - 1, -1, npes);
  CHECK(shmemx_int_max_reduce_nbi(SHMEM_TEAM_WORLD, d + 448, s, NE) == 0);
  shmem_team_destroy(doomed); /* completes the doomed team's sum */
  int sum[NE] = {0}, max[NE];
  for (int i = 0; i < NE; ++i) {
    max[i] = (int)val(0, (size_t)i);
    for (int p = 0; p < npes; ++p) {
      sum[i] += (int)val(p, (size_t)i);
      if ((int)val(p, (size_t)i) > max[i]) max[i] = (int)val(p, (size_t)i);
    }
    CHECK_MSG(d[384 + i] == sum[i], "sum on a team destroyed meanwhile: [%d] = %d, expected %d", i,
              d[384 + i], sum[i]);
  }
  CHECK(fresh != SHMEM_TEAM_INVALID);
  if (fresh != SHMEM_TEAM_INVALID) {
    CHECK(shmemx_int_broadcast_nbi(fresh, d + 512, s, NE, 0) == 0); /* root: world PE npes-1 */
    shmem_ctx_t ctx = make_ctx(fresh);
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
    for (int i = 0; i < NE; ++i)
      CHECK_MSG(d[512 + i] == (int)val(npes - 1, (size_t)i),
                "broadcast on a team split meanwhile: [%d] = %d", i, d[512 + i]);
  }
  shmem_quiet();
  for (int i = 0; i < NE; ++i) {
    CHECK_MSG(d[448 + i] == max[i], "max after a split meanwhile: [%d] = %d, expected %d", i,
              d[448 + i], max[i]);
    for (int p = 0; p < npes; ++p)
      CHECK_MSG(d[p * NE + i] == (int)val(p, (size_t)i),
                "fcollect across a split and a destroy: block %d [%d] = %d", p, i, d[p * NE + i]);
  }
  shmem_barrier_all();
  shmem_team_destroy(fresh);
}

/* Back to back without barriers: each round's sources change right after
 * this PE's quiet, and its dests are written again by the next round,
 * whatever the other PEs are doing. */
static void tight_loop(int tt, int global) {
  shmem_team_t t = teams[tt].team;
  long *s = (long *)((global ? glob_src : heap_src) + 2 * REGION);
  long *d = (long *)((global ? glob_dst : heap_dst) + 2 * REGION);
  shmem_barrier_all();
  if (t != SHMEM_TEAM_INVALID) {
    const team_view v = view_of(t);
    int bad = 0;
    for (int round = 0; round < 200; ++round) {
      for (int i = 0; i < NE; ++i) s[i] = me * 100000L + round * 10L + i;
      const int root = round % v.n;
      CHECK(shmemx_long_sum_reduce_nbi(t, d, s, NE) == 0);
      CHECK(shmemx_long_broadcast_nbi(t, d + NE, s, NE, root) == 0);
      CHECK(shmemx_long_sum_exscan_nbi(t, d + 2 * NE, s, NE) == 0);
      shmem_quiet();
      for (int i = 0; i < NE; ++i) {
        long sum = 0, ex = 0;
        for (int p = 0; p < v.n; ++p) {
          const long x = v.world[p] * 100000L + round * 10L + i;
          sum += x;
          if (p < v.me) ex += x;
        }
        bad += d[i] != sum || d[NE + i] != v.world[root] * 100000L + round * 10L + i ||
               d[2 * NE + i] != ex;
      }
    }
    CHECK_MSG(bad == 0, "team %s: %d wrong elements in 200 rounds without barriers", teams[tt].name,
              bad);
  }
  shmem_barrier_all();
}

/* ---- the C11 generic names -------------------------------------------- */

static int g_isrc[NE * MAX_PES * 3], g_idst[NE * MAX_PES * 3];
static double g_dsrc[NE], g_ddst[NE * MAX_PES];
static long g_lsrc[NE], g_lsum[NE], g_lin[NE], g_lex[NE];
static uint8_t g_usrc[NE], g_umax[NE], g_uand[NE], g_uor[NE], g_uxor[NE];
static int g_imin[NE];
static double g_dprod[NE];

static void generic_names(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  const int root = npes - 1;
  /* Broadcast of doubles, fcollect of doubles. */
  for (int i = 0; i < NE; ++i) g_dsrc[i] = (double)val(me, (size_t)i) + 0.5;
  memset(g_ddst, 0, sizeof g_ddst);
  shmem_barrier_all();
  CHECK(shmemx_broadcast_nbi(t, g_ddst, g_dsrc, NE, root) == 0);
  shmem_quiet();
  for (int i = 0; i < NE; ++i) CHECK(g_ddst[i] == (double)val(root, (size_t)i) + 0.5);
  shmem_barrier_all();
  CHECK(shmemx_fcollect_nbi(t, g_ddst, g_dsrc, NE) == 0);
  shmem_quiet();
  for (int p = 0; p < npes; ++p)
    for (int i = 0; i < NE; ++i) CHECK(g_ddst[p * NE + i] == (double)val(p, (size_t)i) + 0.5);
  shmem_barrier_all();

  /* collect, alltoall, alltoalls of ints. */
  for (int to = 0; to < npes; ++to)
    for (int i = 0; i < NE; ++i) {
      g_isrc[to * NE + i] = (int)val2(me, to, (size_t)i);
    }
  memset(g_idst, 0, sizeof g_idst);
  shmem_barrier_all();
  CHECK(shmemx_alltoall_nbi(t, g_idst, g_isrc, NE) == 0);
  shmem_quiet();
  for (int p = 0; p < npes; ++p)
    for (int i = 0; i < NE; ++i) CHECK(g_idst[p * NE + i] == (int)val2(p, me, (size_t)i));
  shmem_barrier_all();
  for (int to = 0; to < npes; ++to)
    for (int i = 0; i < NE; ++i) g_isrc[3 * (to * NE + i)] = (int)val2(me, to, (size_t)i);
  memset(g_idst, 0, sizeof g_idst);
  shmem_barrier_all();
  CHECK(shmemx_alltoalls_nbi(t, g_idst, g_isrc, 2, 3, NE) == 0);
  shmem_quiet();
  for (int p = 0; p < npes; ++p)
    for (int i = 0; i < NE; ++i) CHECK(g_idst[2 * (p * NE + i)] == (int)val2(p, me, (size_t)i));
  shmem_barrier_all();
  for (int i = 0; i < NE; ++i) g_isrc[i] = (int)val(me, (size_t)i);
  memset(g_idst, 0, sizeof g_idst);
  shmem_barrier_all();
  CHECK(shmemx_collect_nbi(t, g_idst, g_isrc, (size_t)(me % 2 ? 0 : 2)) == 0);
  shmem_quiet();
  {
    int at = 0;
    for (int p = 0; p < npes; ++p)
      for (int i = 0; i < (p % 2 ? 0 : 2); ++i) CHECK(g_idst[at++] == (int)val(p, (size_t)i));
    CHECK(g_idst[at] == 0);
  }
  shmem_barrier_all();

  /* Reductions and scans, all outstanding at once. */
  for (int i = 0; i < NE; ++i) {
    g_lsrc[i] = rval(K_SUM, me, (size_t)i);
    g_usrc[i] = (uint8_t)rval(K_MAX, me, (size_t)i);
    g_isrc[i] = (int)rval(K_MIN, me, (size_t)i);
    g_dsrc[i] = (double)rval(K_PROD, me, (size_t)i);
  }
  memset(g_lex, 0x7f, sizeof g_lex);
  shmem_barrier_all();
  CHECK(shmemx_sum_reduce_nbi(t, g_lsum, g_lsrc, NE) == 0);
  CHECK(shmemx_sum_inscan_nbi(t, g_lin, g_lsrc, NE) == 0);
  CHECK(shmemx_sum_exscan_nbi(t, g_lex, g_lsrc, NE) == 0);
  CHECK(shmemx_max_reduce_nbi(t, g_umax, g_usrc, NE) == 0);
  CHECK(shmemx_and_reduce_nbi(t, g_uand, g_usrc, NE) == 0);
  CHECK(shmemx_or_reduce_nbi(t, g_uor, g_usrc, NE) == 0);
  CHECK(shmemx_xor_reduce_nbi(t, g_uxor, g_usrc, NE) == 0);
  CHECK(shmemx_min_reduce_nbi(t, g_imin, g_isrc, NE) == 0);
  CHECK(shmemx_prod_reduce_nbi(t, g_dprod, g_dsrc, NE) == 0);
  shmem_quiet();
  for (int i = 0; i < NE; ++i) {
    long sum = 0, in = 0, ex = 0;
    uint8_t um = 0, ua = 0xff, uo = 0, ux = 0;
    int mn = (int)rval(K_MIN, 0, (size_t)i);
    double prod = 1;
    for (int p = 0; p < npes; ++p) {
      const long s = rval(K_SUM, p, (size_t)i);
      sum += s;
      if (p <= me) in += s;
      if (p < me) ex += s;
      const uint8_t u = (uint8_t)rval(K_MAX, p, (size_t)i);
      if (u > um) um = u;
      ua &= u;
      uo |= u;
      ux ^= u;
      if ((int)rval(K_MIN, p, (size_t)i) < mn) mn = (int)rval(K_MIN, p, (size_t)i);
      prod *= (double)rval(K_PROD, p, (size_t)i);
    }
    CHECK_MSG(g_lsum[i] == sum, "generic sum [%d] = %ld, expected %ld", i, g_lsum[i], sum);
    CHECK_MSG(g_lin[i] == in, "generic inscan [%d] = %ld, expected %ld", i, g_lin[i], in);
    CHECK_MSG(g_lex[i] == ex, "generic exscan [%d] = %ld, expected %ld", i, g_lex[i], ex);
    CHECK_MSG(g_umax[i] == um, "generic uint8 max [%d] = %u, expected %u", i, g_umax[i], um);
    CHECK_MSG(g_uand[i] == ua, "generic uint8 and [%d] = %u, expected %u", i, g_uand[i], ua);
    CHECK_MSG(g_uor[i] == uo, "generic uint8 or [%d] = %u, expected %u", i, g_uor[i], uo);
    CHECK_MSG(g_uxor[i] == ux, "generic uint8 xor [%d] = %u, expected %u", i, g_uxor[i], ux);
    CHECK_MSG(g_imin[i] == mn, "generic int min [%d] = %d, expected %d", i, g_imin[i], mn);
    CHECK_MSG(g_dprod[i] == prod, "generic double prod [%d] = %g, expected %g", i, g_dprod[i],
              prod);
  }
  shmem_barrier_all();
}

/* ---- main ----------------------------------------------------------------- */

static long fin_src[NE], fin_dst[NE];

int main(void) {
  CHECK_INIT();
  if (npes > MAX_PES) {
    fprintf(stderr, "coll_nbi: at most %d PEs\n", MAX_PES);
    return 1;
  }
  heap_src = shmem_malloc(BUF_BYTES);
  heap_dst = shmem_malloc(BUF_BYTES);
  CHECK(heap_src != NULL && heap_dst != NULL);
  if (!heap_src || !heap_dst) CHECK_DONE();

  teams[TEAM_WORLD] = (test_team){"world", SHMEM_TEAM_WORLD};
  teams[TEAM_EVENS] = (test_team){"evens", split(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2)};
  teams[TEAM_REVERSED] = (test_team){"reversed", split(SHMEM_TEAM_WORLD, npes - 1, -1, npes)};

  for (int global = 0; global < 2; ++global)
    for (int tt = 0; tt < NTEAMS; ++tt)
      for (int how = 0; how < NCOMPLETIONS; ++how)
        for (int type = 0; type < NTYPES; ++type)
          batch_test(tt, type, global, (enum completion)how);
  for (int global = 0; global < 2; ++global) {
    several_teams(global);
    for (int tt = 0; tt < NTEAMS; ++tt) {
      blocking_after_nbi(tt, global);
      in_place(tt, global);
    }
    reuse_after_completion(global);
    for (int tt = 0; tt < NTEAMS; ++tt) tight_loop(tt, global);
  }
  for (int tt = 0; tt < NTEAMS; ++tt) many_outstanding(tt);
  teams_change_meanwhile();
  large(TEAM_WORLD);
  large(TEAM_EVENS);
  generic_names();

  shmem_team_destroy(teams[TEAM_REVERSED].team);
  if (teams[TEAM_EVENS].team != SHMEM_TEAM_INVALID) shmem_team_destroy(teams[TEAM_EVENS].team);
  shmem_free(heap_dst);
  shmem_free(heap_src);

  /* Left outstanding: shmem_finalize completes it. */
  for (int i = 0; i < NE; ++i) fin_src[i] = me + i;
  shmem_barrier_all();
  CHECK(shmemx_long_sum_reduce_nbi(SHMEM_TEAM_WORLD, fin_dst, fin_src, NE) == 0);
  shmem_finalize();
  for (int i = 0; i < NE; ++i) {
    const long want = (long)npes * (npes - 1) / 2 + (long)npes * i;
    if (fin_dst[i] != want) {
      fprintf(stderr,
              "[PE %d] %s:%d: reduction outstanding at shmem_finalize: [%d] = %ld, "
              "expected %ld\n",
              me, __FILE__, __LINE__, i, fin_dst[i], want);
      ++check_failures;
    }
  }
  if (check_failures) fprintf(stderr, "[PE %d] %d check(s) failed\n", me, check_failures);
  return check_failures ? 1 : 0;
}
