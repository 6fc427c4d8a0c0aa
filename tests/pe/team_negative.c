/* Teams of negative stride (1.6: PEs in reverse order, start the highest):
 * the world reversed (stride -1), every other PE from the top (stride -2),
 * the evens reversed inside the evens (world stride -2), the reversed team
 * reversed again (world stride 1) and the rows of a 2-D split of the
 * reversed team. On each: team_my_pe, team_n_pes, translate_pe both ways,
 * a context's puts in team numbering, and every collective, each on a
 * fresh team that is destroyed right after it while the other members
 * arrive late (all but the first team PE sleep first): the first member
 * leaves the collective and destroys the team while the others still read
 * its data. Heap buffers (shared memory on a node) and static ones (MPI). */
#include <shmem.h>
#include <unistd.h>

#include "check.h"

enum { SMALL = 4, LARGE = 600, MAX_PES = 16 }; /* LARGE longs: past the staging buffers */

static long s_src[LARGE * MAX_PES], s_dst[LARGE * MAX_PES];
static int me, npes;

/* How a team is made: a split of the world, of the evens, of the reversed
 * team, or the row of this PE in split_2d(reversed, xrange 2). */
enum origin { OF_WORLD, OF_EVENS, OF_REVERSED, ROW_OF_REVERSED };
typedef struct {
  const char *name;
  enum origin origin;
  int start, stride, size; /* the world PEs start + i * stride (not for rows) */
} team_spec;

/* Collective over the world; SHMEM_TEAM_INVALID where this PE is outside. */
static shmem_team_t make(const team_spec *s) {
  shmem_team_t reversed = SHMEM_TEAM_INVALID, t = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &reversed) == 0);
  if (s->origin == ROW_OF_REVERSED) {
    shmem_team_t col = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_2d(reversed, 2, NULL, 0, &t, NULL, 0, &col) == 0);
    shmem_team_destroy(col);
  } else if (s->origin == OF_REVERSED) {
    CHECK(shmem_team_split_strided(reversed, npes - 1, -1, npes, NULL, 0, &t) == 0);
  } else if (s->origin == OF_EVENS) {
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens) == 0);
    if (evens != SHMEM_TEAM_INVALID)
      CHECK(shmem_team_split_strided(evens, s->size - 1, -1, s->size, NULL, 0, &t) == 0);
    shmem_team_destroy(evens);
  } else {
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, s->start, s->stride, s->size, NULL, 0, &t) ==
          0);
  }
  shmem_team_destroy(reversed);
  return t;
}

/* This PE's world view of team PE i under spec s; the 2-D row depends on
 * the caller (rows of 2 of the reversed team). */
static int world_of(const team_spec *s, int i) {
  if (s->origin != ROW_OF_REVERSED) return s->start + i * s->stride;
  const int row = (npes - 1 - me) / 2;
  return npes - 1 - (2 * row + i);
}

static int team_size(const team_spec *s) {
  if (s->origin != ROW_OF_REVERSED) return s->size;
  const int row = (npes - 1 - me) / 2;
  return npes - 2 * row < 2 ? 1 : 2;
}

static int member(const team_spec *s) {
  for (int i = 0; i < team_size(s); ++i)
    if (world_of(s, i) == me) return 1;
  return 0;
}

static void check_numbering(const team_spec *s, shmem_team_t t) {
  const int n = team_size(s);
  CHECK_MSG(shmem_team_n_pes(t) == n, "%s: n_pes %d", s->name, shmem_team_n_pes(t));
  for (int i = 0; i < n; ++i) {
    const int w = world_of(s, i);
    if (w == me) CHECK_MSG(shmem_team_my_pe(t) == i, "%s: my_pe %d", s->name, shmem_team_my_pe(t));
    CHECK_MSG(shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD) == w, "%s: %d to world", s->name, i);
    CHECK_MSG(shmem_team_translate_pe(SHMEM_TEAM_WORLD, w, t) == i, "%s: world %d", s->name, w);
  }
  CHECK(shmem_team_translate_pe(t, n, SHMEM_TEAM_WORLD) == -1);
}

/* Each member puts its team number to its right neighbour through a
 * context of the team, and adds one to team PE 0's counter. */
static void check_context(const team_spec *s, shmem_team_t t, long *heap) {
  const int n = team_size(s), i = shmem_team_my_pe(t);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  CHECK(shmem_team_create_ctx(t, 0, &ctx) == 0);
  heap[0] = -1;
  heap[1] = 0;
  shmem_team_sync(t);
  shmem_ctx_long_p(ctx, &heap[0], i, (i + 1) % n);
  shmem_ctx_long_atomic_add(ctx, &heap[1], 1, 0);
  shmem_ctx_quiet(ctx);
  shmem_team_sync(t);
  CHECK_MSG(heap[0] == (i + n - 1) % n, "%s: context put %ld", s->name, heap[0]);
  if (i == 0) CHECK_MSG(heap[1] == n, "%s: context adds %ld", s->name, heap[1]);
  shmem_ctx_destroy(ctx);
}

/* The value of element e of team PE i's source. */
static long value(int i, int e) { return 1000L * (i + 1) + e; }

static void fill(long *src, int i, int count) {
  for (int e = 0; e < count; ++e) src[e] = value(i, e);
}

enum coll { SYNC, BCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS, SUM, MAX, INSCAN, EXSCAN, COLLS };
static const char *const coll_names[COLLS] = {"sync",       "broadcast", "collect",    "fcollect",
                                              "alltoall",   "alltoalls", "sum_reduce", "max_reduce",
                                              "sum_inscan", "sum_exscan"};

static void run(enum coll c, shmem_team_t t, long *dst, long *src, int count) {
  switch (c) {
  case SYNC: shmem_team_sync(t); break;
  case BCAST: shmem_long_broadcast(t, dst, src, (size_t)count, 0); break;
  case COLLECT: shmem_long_collect(t, dst, src, (size_t)count); break;
  case FCOLLECT: shmem_long_fcollect(t, dst, src, (size_t)count); break;
  case ALLTOALL: shmem_long_alltoall(t, dst, src, 1); break;
  case ALLTOALLS: shmem_long_alltoalls(t, dst, src, 2, 1, 1); break;
  case SUM: shmem_long_sum_reduce(t, dst, src, (size_t)count); break;
  case MAX: shmem_long_max_reduce(t, dst, src, (size_t)count); break;
  case INSCAN: shmem_long_sum_inscan(t, dst, src, (size_t)count); break;
  default: shmem_long_sum_exscan(t, dst, src, (size_t)count); break;
  }
}

/* Element e of the result on team PE i of n. */
static long expected(enum coll c, int i, int n, int e, int count) {
  long sum = 0;
  switch (c) {
  case BCAST: return value(0, e);
  case COLLECT:
  case FCOLLECT: return value(e / count, e % count);
  case ALLTOALL: return value(e, i);
  case ALLTOALLS: return e % 2 ? -7 : value(e / 2, i);
  case MAX: return value(n - 1, e);
  default: break;
  }
  const int last = c == SUM ? n : c == INSCAN ? i + 1 : i;
  for (int m = 0; m < last; ++m) sum += value(m, e);
  return sum;
}

static int result_count(enum coll c, int n, int count) {
  switch (c) {
  case SYNC: return 0;
  case COLLECT:
  case FCOLLECT: return n * count;
  case ALLTOALL: return n;
  case ALLTOALLS: return 2 * n;
  default: return count;
  }
}

/* One collective on a fresh team, destroyed at once: the late members must
 * still find the first member's data and flags. */
static void check_collective(const team_spec *s, enum coll c, long *dst, long *src, int count,
                             const char *where) {
  shmem_team_t t = make(s);
  if (t == SHMEM_TEAM_INVALID) return;
  const int n = team_size(s), i = shmem_team_my_pe(t);
  /* alltoall(s) send value(i, j) to team PE j. */
  fill(src, i, c == ALLTOALL || c == ALLTOALLS ? n : count);
  const int results = result_count(c, n, count);
  for (int e = 0; e < results; ++e) dst[e] = -7;
  shmem_team_sync(t);
  if (i != 0) usleep(20000);
  run(c, t, dst, src, count);
  shmem_team_destroy(t);
  for (int e = 0; e < results; ++e)
    if (dst[e] != expected(c, i, n, e, count)) {
      CHECK_MSG(0, "%s, %s, %d elements, %s: dest[%d] = %ld, expected %ld", s->name, coll_names[c],
                count, where, e, dst[e], expected(c, i, n, e, count));
      break;
    }
}

static void check_team(const team_spec *s, long *heap_dst, long *heap_src) {
  shmem_team_t t = make(s);
  CHECK_MSG((t != SHMEM_TEAM_INVALID) == member(s), "%s: membership", s->name);
  if (t != SHMEM_TEAM_INVALID) {
    check_numbering(s, t);
    check_context(s, t, heap_dst);
  }
  shmem_team_destroy(t);
  for (int c = 0; c < COLLS; ++c) {
    check_collective(s, (enum coll)c, heap_dst, heap_src, SMALL, "heap");
    check_collective(s, (enum coll)c, heap_dst, heap_src, LARGE, "heap");
    check_collective(s, (enum coll)c, s_dst, s_src, SMALL, "static");
  }
}

int main(void) {
  CHECK_INIT();
  if (npes > MAX_PES) {
    if (me == 0) fprintf(stderr, "team_negative: at most %d PEs\n", MAX_PES);
    CHECK_DONE();
  }
  long *heap_dst = shmem_malloc(sizeof s_dst), *heap_src = shmem_malloc(sizeof s_src);
  const team_spec specs[] = {
      {"reversed", OF_WORLD, npes - 1, -1, npes},
      {"every other from the top", OF_WORLD, npes - 1, -2, (npes + 1) / 2},
      {"evens reversed", OF_EVENS, 2 * ((npes - 1) / 2), -2, (npes + 1) / 2},
      {"reversed twice", OF_REVERSED, 0, 1, npes},
      {"rows of the reversed", ROW_OF_REVERSED, 0, 0, 0},
  };
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; ++k)
    check_team(&specs[k], heap_dst, heap_src);
  shmem_free(heap_src);
  shmem_free(heap_dst);
  CHECK_DONE();
}
