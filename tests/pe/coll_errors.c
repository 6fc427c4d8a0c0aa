/* Bad input to team and collective routines: each case (argv[1]) makes one
 * erroneous call on every PE. The library must print a message naming the
 * routine, the argument and what is allowed, and end the job with a
 * non-zero status; reaching the end of main means it did not. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static long psync[SHMEM_BARRIER_SYNC_SIZE];
static int ibuf[16], obuf[64];

static void sync_invalid_team(void) { shmem_team_sync(SHMEM_TEAM_INVALID); }

static void destroyed_team(void) {
  shmem_team_t t;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t);
  shmem_team_destroy(t);
  shmem_int_sum_reduce(t, obuf, ibuf, 1);
}

static void destroy_world(void) { shmem_team_destroy(SHMEM_TEAM_WORLD); }

static void broadcast_root(void) {
  shmem_int_broadcast(SHMEM_TEAM_WORLD, obuf, ibuf, 1, shmem_n_pes());
}

static void active_set_size(void) { shmem_barrier(0, 0, shmem_n_pes() + 1, psync); }

static void active_set_start(void) { shmem_broadcast64(obuf, ibuf, 1, 0, -1, 0, 1, psync); }

static void active_set_stride(void) { shmem_sync(0, -1, 1, psync); }

/* Every PE names the set {PE 0}; PE 1 is not in it. */
static void not_in_active_set(void) { shmem_int_sum_to_all(obuf, ibuf, 1, 0, 0, 1, obuf, psync); }

static void alltoalls_stride(void) { shmem_int_alltoalls(SHMEM_TEAM_WORLD, obuf, ibuf, 0, 1, 1); }

static void reduce_overlap(void) { shmem_int_sum_reduce(SHMEM_TEAM_WORLD, ibuf + 1, ibuf, 4); }

/* Exact in place is honoured for broadcasts only. */
static void broadcast_overlap(void) {
  shmem_broadcast64(obuf + 1, obuf, 4, 0, 0, 0, shmem_n_pes(), psync);
}

static void collect_in_place(void) { shmem_int_fcollect(SHMEM_TEAM_WORLD, obuf, obuf, 4); }

static void alltoall_in_place(void) { shmem_int_alltoall(SHMEM_TEAM_WORLD, obuf, obuf, 2); }

static void collect_stack(void) {
  int on_stack[4] = {0};
  shmem_int_fcollect(SHMEM_TEAM_WORLD, obuf, on_stack, 4);
}

static void split_mask(void) {
  shmem_team_t t;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0x100, &t);
}

static void split_null_config(void) {
  shmem_team_t x, y;
  shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, SHMEM_TEAM_NUM_CONTEXTS, &x, NULL, 0, &y);
}

static void to_all_negative(void) {
  shmem_long_max_to_all((long *)obuf, (long *)ibuf, -1, 0, 0, shmem_n_pes(), (long *)obuf, psync);
}

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {
    {"sync_invalid_team", sync_invalid_team},
    {"destroyed_team", destroyed_team},
    {"destroy_world", destroy_world},
    {"broadcast_root", broadcast_root},
    {"active_set_size", active_set_size},
    {"active_set_start", active_set_start},
    {"active_set_stride", active_set_stride},
    {"not_in_active_set", not_in_active_set},
    {"alltoalls_stride", alltoalls_stride},
    {"reduce_overlap", reduce_overlap},
    {"broadcast_overlap", broadcast_overlap},
    {"collect_in_place", collect_in_place},
    {"alltoall_in_place", alltoall_in_place},
    {"collect_stack", collect_stack},
    {"split_mask", split_mask},
    {"split_null_config", split_null_config},
    {"to_all_negative", to_all_negative},
};

int main(int argc, char **argv) {
  for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; ++i) psync[i] = SHMEM_SYNC_VALUE;
  shmem_init();
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k)
    if (argc > 1 && strcmp(argv[1], cases[k].name) == 0) cases[k].run();
  shmem_finalize();
  fprintf(stderr, "coll_errors %s: the library accepted the bad call\n", argc > 1 ? argv[1] : "");
  return 0;
}
