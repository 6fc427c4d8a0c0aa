/* Bad input to the nonblocking team collectives of shmemx.h: each case
 * (argv[1]) makes one erroneous call on every PE. The routine checks its
 * arguments as its blocking routine does, before it starts anything, so the
 * library must print a message naming the nbi routine, the argument and
 * what is allowed, and end the job with a non-zero status; reaching the end
 * of main means it did not. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static int ibuf[16], obuf[64];
static long lbuf[16], lout[64];

static void nbi_root_range(void) {
  shmemx_int_broadcast_nbi(SHMEM_TEAM_WORLD, obuf, ibuf, 1, shmem_n_pes());
}

static void nbi_root_negative(void) {
  shmemx_broadcastmem_nbi(SHMEM_TEAM_WORLD, obuf, ibuf, 4, -1);
}

static void nbi_invalid_team(void) {
  shmemx_long_sum_reduce_nbi(SHMEM_TEAM_INVALID, lout, lbuf, 1);
}

static void nbi_invalid_team_mem(void) {
  shmemx_alltoallmem_nbi(SHMEM_TEAM_INVALID, obuf, ibuf, 4);
}

static void nbi_destroyed_team(void) {
  shmem_team_t t;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t);
  shmem_team_destroy(t);
  shmemx_int_fcollect_nbi(t, obuf, ibuf, 1);
}

/* Reductions and scans take the same array or disjoint ones. */
static void nbi_overlap(void) { shmemx_int_sum_reduce_nbi(SHMEM_TEAM_WORLD, ibuf + 1, ibuf, 4); }

static void nbi_scan_overlap(void) {
  shmemx_long_sum_exscan_nbi(SHMEM_TEAM_WORLD, lbuf, lbuf + 2, 4);
}

/* Exact in place is honoured for broadcasts only. */
static void nbi_broadcast_overlap(void) {
  shmemx_long_broadcast_nbi(SHMEM_TEAM_WORLD, lout + 1, lout, 4, 0);
}

static void nbi_collect_in_place(void) { shmemx_int_fcollect_nbi(SHMEM_TEAM_WORLD, obuf, obuf, 4); }

static void nbi_alltoall_in_place(void) {
  shmemx_long_alltoall_nbi(SHMEM_TEAM_WORLD, lout, lout, 2);
}

static void nbi_alltoalls_stride(void) {
  shmemx_int_alltoalls_nbi(SHMEM_TEAM_WORLD, obuf, ibuf, 0, 1, 1);
}

static void nbi_collect_stack(void) {
  int on_stack[4] = {0};
  shmemx_int_collect_nbi(SHMEM_TEAM_WORLD, obuf, on_stack, 4);
}

static void nbi_null_dest(void) { shmemx_long_broadcast_nbi(SHMEM_TEAM_WORLD, NULL, lbuf, 2, 0); }

/* The error comes after other nbi collectives were started and before they
 * complete: the job must still end with the message, not hang. */
static void nbi_outstanding_then_bad(void) {
  shmemx_long_sum_reduce_nbi(SHMEM_TEAM_WORLD, lout, lbuf, 4);
  shmemx_int_fcollect_nbi(SHMEM_TEAM_WORLD, obuf, ibuf, 2);
  shmemx_int_broadcast_nbi(SHMEM_TEAM_WORLD, obuf + 32, ibuf, 1, shmem_n_pes());
}

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {
    {"nbi_root_range", nbi_root_range},
    {"nbi_root_negative", nbi_root_negative},
    {"nbi_invalid_team", nbi_invalid_team},
    {"nbi_invalid_team_mem", nbi_invalid_team_mem},
    {"nbi_destroyed_team", nbi_destroyed_team},
    {"nbi_overlap", nbi_overlap},
    {"nbi_scan_overlap", nbi_scan_overlap},
    {"nbi_broadcast_overlap", nbi_broadcast_overlap},
    {"nbi_collect_in_place", nbi_collect_in_place},
    {"nbi_alltoall_in_place", nbi_alltoall_in_place},
    {"nbi_alltoalls_stride", nbi_alltoalls_stride},
    {"nbi_collect_stack", nbi_collect_stack},
    {"nbi_null_dest", nbi_null_dest},
    {"nbi_outstanding_then_bad", nbi_outstanding_then_bad},
};

int main(int argc, char **argv) {
  shmem_init();
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k)
    if (argc > 1 && strcmp(argv[1], cases[k].name) == 0) cases[k].run();
  shmem_quiet();
  shmem_finalize();
  fprintf(stderr, "coll_nbi_errors %s: the library accepted the bad call\n",
          argc > 1 ? argv[1] : "");
  return 0;
}
