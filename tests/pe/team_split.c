/* Team management (section 9.4): the predefined teams, SHMEM_TEAM_INVALID,
 * team numbering and translation, shmem_team_split_strided (positive,
 * negative and zero strides, nested splits, invalid triplets),
 * shmem_team_split_2d, configurations, team_ptr and destroy. */
#include <shmem.h>

#include "check.h"

static int me, npes;
static long symmetric_word;

static void test_predefined(void) {
  CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me);
  CHECK(shmem_team_n_pes(SHMEM_TEAM_WORLD) == npes);
  /* One node here: the shared team is the world, in the same order (or
   * this PE alone when every PE is its own node). On several hosts
   * (scripts/test-cluster.sh) team_shared checks it against MPI's nodes. */
  if (getenv("SHMEM_TEST_MULTI_HOST") != NULL) {
    CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) >= 1);
  } else if (check_split_nodes()) {
    CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == 1);
    CHECK(shmem_team_my_pe(SHMEM_TEAM_SHARED) == 0);
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, 0, SHMEM_TEAM_WORLD) == me);
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, me, SHMEM_TEAM_SHARED) == 0);
  } else {
    CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == npes);
    CHECK(shmem_team_my_pe(SHMEM_TEAM_SHARED) == me);
    for (int pe = 0; pe < npes; ++pe) {
      CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, pe, SHMEM_TEAM_WORLD) == pe);
      CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) == pe);
    }
  }
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, npes, SHMEM_TEAM_SHARED) == -1);
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, -1, SHMEM_TEAM_SHARED) == -1);
  /* team_ptr agrees with shmem_ptr; this PE's own memory is always reachable. */
  CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &symmetric_word, me) == &symmetric_word);
  CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, &symmetric_word, shmem_team_my_pe(SHMEM_TEAM_SHARED)) ==
        &symmetric_word);
  for (int pe = 0; pe < npes; ++pe)
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &symmetric_word, pe) == shmem_ptr(&symmetric_word, pe));
  CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &symmetric_word, npes) == NULL);
  shmem_team_config_t config = {.num_contexts = 99};
  CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &config) == 0);
  CHECK(config.num_contexts >= 0 && config.num_contexts != 99);
  CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, 0, NULL) == 0);
}

static void test_invalid_handle(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD, x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  shmem_team_config_t config;
  CHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1);
  CHECK(shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1);
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_INVALID, 0, SHMEM_TEAM_WORLD) == -1);
  CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, SHMEM_TEAM_INVALID) == -1);
  CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &config) != 0);
  CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, &symmetric_word, 0) == NULL);
  shmem_team_destroy(SHMEM_TEAM_INVALID); /* no operation */
  CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t) != 0);
  CHECK(t == SHMEM_TEAM_INVALID);
  CHECK(shmem_team_split_2d(SHMEM_TEAM_INVALID, 1, NULL, 0, &x, NULL, 0, &y) != 0);
  CHECK(x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID);
}

/* Checks a new team against the parent PEs start + i * stride it should hold. */
static void check_strided(shmem_team_t t, shmem_team_t parent, int start, int stride, int size,
                          const char *what) {
  const int parent_me = shmem_team_my_pe(parent);
  int index = -1;
  for (int i = 0; i < size; ++i)
    if (start + i * stride == parent_me) index = i;
  if (index < 0) {
    CHECK_MSG(t == SHMEM_TEAM_INVALID, "%s: non-member got a team", what);
    return;
  }
  CHECK_MSG(t != SHMEM_TEAM_INVALID, "%s: member got SHMEM_TEAM_INVALID", what);
  CHECK_MSG(shmem_team_my_pe(t) == index, "%s: my_pe %d, expected %d", what, shmem_team_my_pe(t),
            index);
  CHECK_MSG(shmem_team_n_pes(t) == size, "%s: n_pes %d", what, shmem_team_n_pes(t));
  for (int i = 0; i < size; ++i) {
    CHECK_MSG(shmem_team_translate_pe(t, i, parent) == start + i * stride, "%s: translate %d", what,
              i);
    CHECK(shmem_team_translate_pe(parent, start + i * stride, t) == i);
  }
  CHECK(shmem_team_translate_pe(t, size, parent) == -1);
  CHECK(shmem_team_ptr(t, &symmetric_word, index) == &symmetric_word);
}

static shmem_team_t split(shmem_team_t parent, int start, int stride, int size, const char *what) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  CHECK_MSG(shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t) == 0,
            "%s: split failed", what);
  check_strided(t, parent, start, stride, size, what);
  return t;
}

static void test_split_strided(void) {
  shmem_team_t evens = split(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, "evens");
  shmem_team_t reversed = split(SHMEM_TEAM_WORLD, npes - 1, -1, npes, "reversed");
  shmem_team_t last = split(SHMEM_TEAM_WORLD, npes - 1, 0, 1, "stride 0");
  shmem_team_t huge_stride = split(SHMEM_TEAM_WORLD, 0, 1 << 30, 1, "huge stride, one PE");
  if (evens != SHMEM_TEAM_INVALID) {
    /* Nested: every other even PE, then the evens in reverse. */
    const int m = shmem_team_n_pes(evens);
    shmem_team_t quarter = split(evens, 0, 2, (m + 1) / 2, "evens/2");
    if (quarter != SHMEM_TEAM_INVALID)
      CHECK(shmem_team_translate_pe(quarter, shmem_team_my_pe(quarter), SHMEM_TEAM_WORLD) == me);
    shmem_team_t back = split(evens, m - 1, -1, m, "evens reversed");
    for (int i = 0; i < m; ++i)
      CHECK(shmem_team_translate_pe(back, i, SHMEM_TEAM_WORLD) == 2 * (m - 1 - i));
    shmem_team_destroy(back);
    shmem_team_destroy(quarter);
  }
  /* Every other PE of the reversed team, from its end back: world PEs
   * 0, 2, ... (npes even) or 1, 3, ... (npes odd), in increasing order. */
  if (npes > 1) {
    shmem_team_t back =
        split(reversed, npes % 2 == 0 ? npes - 1 : npes - 2, -2, npes / 2, "reversed, every other");
    if (back != SHMEM_TEAM_INVALID)
      for (int i = 0; i < npes / 2; ++i)
        CHECK(shmem_team_translate_pe(back, i, SHMEM_TEAM_WORLD) == npes % 2 + 2 * i);
    shmem_team_destroy(back);
  }
  shmem_team_destroy(huge_stride);
  shmem_team_destroy(last);
  shmem_team_destroy(reversed);
  shmem_team_destroy(evens);
}

/* Each invalid triplet: nonzero on every PE and no team anywhere. */
static void test_invalid_triplets(void) {
  const int bad[][3] = {
      {0, 1, 0},        /* size 0 */
      {0, 1, -1},       /* negative size */
      {-1, 1, 1},       /* start below the team */
      {npes, 1, 1},     /* start past the team */
      {npes - 1, 1, 2}, /* runs off the end */
      {0, -1, 2},       /* runs off the start (wrap-around) */
      {0, 2, npes},     /* wrap-around for npes > 1... */
      {0, 0, 2},        /* stride 0 with more than one PE */
      {0, 1, npes + 1}, /* more PEs than the parent has */
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
    if (k == 6 && npes == 1) continue; /* (0, 2, 1) is valid */
    shmem_team_t t = SHMEM_TEAM_WORLD;
    const int rc =
        shmem_team_split_strided(SHMEM_TEAM_WORLD, bad[k][0], bad[k][1], bad[k][2], NULL, 0, &t);
    CHECK_MSG(rc != 0 && t == SHMEM_TEAM_INVALID, "triplet (%d, %d, %d): rc %d", bad[k][0],
              bad[k][1], bad[k][2], rc);
  }
  shmem_team_t x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &x, NULL, 0, &y) != 0);
  CHECK(x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID);
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, -3, NULL, 0, &x, NULL, 0, &y) != 0);
  CHECK(x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID);
}

static void test_config(void) {
  shmem_team_config_t want = {.num_contexts = 3}, got = {.num_contexts = -5};
  shmem_team_t t = SHMEM_TEAM_INVALID, d = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, &want, SHMEM_TEAM_NUM_CONTEXTS,
                                 &t) == 0);
  CHECK(shmem_team_get_config(t, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0);
  CHECK(got.num_contexts == 3);
  /* Mask 0: the config is ignored and the default (0) used. */
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, &want, 0, &d) == 0);
  CHECK(shmem_team_get_config(d, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0);
  CHECK(got.num_contexts == 0);
  got.num_contexts = 42;
  CHECK(shmem_team_get_config(d, 0, &got) == 0 && got.num_contexts == 42);
  shmem_team_destroy(d);
  shmem_team_destroy(t);
}

/* The grid of the spec: (x, y) = (pe mod xrange, pe div xrange). */
static void check_2d(shmem_team_t parent, int xrange) {
  const int n = shmem_team_n_pes(parent), p = shmem_team_my_pe(parent);
  const int w = xrange < n ? xrange : n, x = p % w, y = p / w;
  shmem_team_config_t cfg = {.num_contexts = 2};
  shmem_team_t xt = SHMEM_TEAM_INVALID, yt = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_2d(parent, xrange, &cfg, SHMEM_TEAM_NUM_CONTEXTS, &xt, NULL, 0, &yt) == 0);
  const int row = n - y * w < w ? n - y * w : w, col = (n - x + w - 1) / w;
  CHECK_MSG(shmem_team_my_pe(xt) == x && shmem_team_my_pe(yt) == y,
            "2d xrange %d: (%d, %d) for (%d, %d)", xrange, shmem_team_my_pe(xt),
            shmem_team_my_pe(yt), x, y);
  CHECK_MSG(shmem_team_n_pes(xt) == row && shmem_team_n_pes(yt) == col,
            "2d xrange %d: sizes %d x %d, expected %d x %d", xrange, shmem_team_n_pes(xt),
            shmem_team_n_pes(yt), row, col);
  for (int i = 0; i < row; ++i) CHECK(shmem_team_translate_pe(xt, i, parent) == y * w + i);
  for (int j = 0; j < col; ++j) CHECK(shmem_team_translate_pe(yt, j, parent) == j * w + x);
  shmem_team_config_t got;
  CHECK(shmem_team_get_config(xt, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 2);
  CHECK(shmem_team_get_config(yt, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 0);
  /* Usable at once: a sum over the row of the parent PE numbers. */
  static int one, total;
  one = p;
  CHECK(shmem_int_sum_reduce(xt, &total, &one, 1) == 0);
  CHECK(total == row * y * w + row * (row - 1) / 2);
  shmem_team_destroy(yt);
  shmem_team_destroy(xt);
}

static void test_split_2d(void) {
  const int xranges[] = {1, 2, 3, npes, npes + 5};
  shmem_team_t reversed = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &reversed) == 0);
  for (size_t k = 0; k < sizeof xranges / sizeof xranges[0]; ++k) {
    check_2d(SHMEM_TEAM_WORLD, xranges[k]);
    check_2d(reversed, xranges[k]);
  }
  shmem_team_destroy(reversed);
}

/* Teams free their resources: more splits than MPI has communicators for
 * unless each destroy releases one. */
static void test_many_teams(void) {
  for (int i = 0; i < 2100; ++i) {
    shmem_team_t t = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t) == 0);
    CHECK(shmem_team_my_pe(t) == me);
    shmem_team_destroy(t);
  }
}

int main(void) {
  CHECK_INIT();
  test_predefined();
  test_invalid_handle();
  test_split_strided();
  test_invalid_triplets();
  test_config();
  test_split_2d();
  test_many_teams();
  CHECK_DONE();
}
