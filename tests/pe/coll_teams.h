/* The teams the collective tests run on: the world, strided subsets (also
 * reversed, nested and of non-power-of-two size), the rows and columns of a
 * 2-D split, and a team of one. A PE outside a team holds
 * SHMEM_TEAM_INVALID for it; the tests check that such PEs' buffers stay
 * untouched. */
#ifndef SHMEM_TEST_COLL_TEAMS_H
#define SHMEM_TEST_COLL_TEAMS_H

#include <shmem.h>

#include "check.h"

#define MAX_TEST_TEAMS 8

typedef struct {
  const char *name;
  shmem_team_t team; /* SHMEM_TEAM_INVALID on PEs outside it */
  int destroy;       /* made by a split */
} test_team;

static int test_team_count;
static test_team test_teams[MAX_TEST_TEAMS];

static void add_test_team(const char *name, shmem_team_t team, int destroy) {
  test_teams[test_team_count].name = name;
  test_teams[test_team_count].team = team;
  test_teams[test_team_count].destroy = destroy;
  ++test_team_count;
}

static shmem_team_t split_or_fail(shmem_team_t parent, int start, int stride, int size) {
  shmem_team_t t = SHMEM_TEAM_INVALID;
  int rc = shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
  CHECK_MSG(rc == 0, "split (%d, %d, %d) returned %d", start, stride, size, rc);
  return t;
}

/* Collective over the world team. */
static void make_test_teams(void) {
  const int n = shmem_n_pes();
  shmem_team_t evens = split_or_fail(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2);
  shmem_team_t row = SHMEM_TEAM_INVALID, col = SHMEM_TEAM_INVALID;
  shmem_team_t one = SHMEM_TEAM_INVALID, all = SHMEM_TEAM_INVALID;
  add_test_team("world", SHMEM_TEAM_WORLD, 0);
  add_test_team("evens", evens, 1);
  add_test_team("reversed", split_or_fail(SHMEM_TEAM_WORLD, n - 1, -1, n), 1);
  if (n > 1) add_test_team("tail", split_or_fail(SHMEM_TEAM_WORLD, 1, 1, n - 1), 1);
  /* Nested: the even PEs in reverse order (world stride -2). Only members
   * of evens take part in its split. */
  if (evens != SHMEM_TEAM_INVALID) {
    const int m = shmem_team_n_pes(evens);
    add_test_team("evens_reversed", split_or_fail(evens, m - 1, -1, m), 1);
  } else {
    add_test_team("evens_reversed", SHMEM_TEAM_INVALID, 0);
  }
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col) == 0);
  add_test_team("row_of_2", row, 1);
  add_test_team("column_of_2", col, 1);
  /* xrange 1: every row is a team of one; the column is the world again. */
  CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, 0, &one, NULL, 0, &all) == 0);
  shmem_team_destroy(all);
  add_test_team("one", one, 1);
}

static void destroy_test_teams(void) {
  for (int i = test_team_count - 1; i >= 0; --i)
    if (test_teams[i].destroy) shmem_team_destroy(test_teams[i].team);
  test_team_count = 0;
}

/* World PE of team PE i, through the translation routine. */
static int world_pe_of(shmem_team_t team, int i) {
  return shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD);
}

#endif
