/* Bad input to the nonblocking collectives with requests: each case
 * (argv[1]) makes one erroneous call on every PE; the job must end with a
 * message naming the routine, the argument and what is allowed, and a
 * non-zero status. Reaching the end of main means the call was accepted.
 * The draft's names are the shmemx_ routines: their messages name those. */
#define SHMEM_NB_COLLECTIVES_DRAFT
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static int ibuf[16], obuf[64];
static long lbuf[16], lout[64];

static void nb_null_request(void) {
  shmemx_long_broadcast_nb(SHMEM_TEAM_WORLD, lout, lbuf, 1, 0, NULL);
}

static void nb_null_request_reduce(void) {
  shmemx_int_sum_reduce_nb(SHMEM_TEAM_WORLD, obuf, ibuf, 1, NULL);
}

static void nb_null_request_sync(void) { shmemx_sync_nb(SHMEM_TEAM_WORLD, NULL); }

static void nb_wait_null(void) { shmemx_req_wait(NULL); }

static void nb_test_null(void) { shmemx_req_test(NULL); }

static void nb_root_range(void) {
  shmemx_req_h r;
  shmemx_long_broadcast_nb(SHMEM_TEAM_WORLD, lout, lbuf, 1, shmem_n_pes(), &r);
}

static void nb_invalid_team(void) {
  shmemx_req_h r;
  shmemx_team_sync_nb(SHMEM_TEAM_INVALID, &r);
}

static void nb_overlap(void) {
  shmemx_req_h r;
  shmemx_int_sum_reduce_nb(SHMEM_TEAM_WORLD, ibuf + 1, ibuf, 4, &r);
}

static void nb_alltoall_in_place(void) {
  shmemx_req_h r;
  shmemx_alltoallmem_nb(SHMEM_TEAM_WORLD, obuf, obuf, 2, &r);
}

static void nb_draft_root(void) {
  shmem_req_h r;
  shmem_int_broadcast_nb(SHMEM_TEAM_WORLD, obuf, ibuf, 1, -1, &r);
}

/* After requests are in flight: the job must still end, not hang. */
static void nb_outstanding_then_bad(void) {
  shmemx_req_h r[2];
  shmemx_long_sum_reduce_nb(SHMEM_TEAM_WORLD, lout, lbuf, 4, &r[0]);
  shmemx_int_fcollect_nb(SHMEM_TEAM_WORLD, obuf, ibuf, 2, &r[1]);
  shmemx_int_collect_nb(SHMEM_TEAM_WORLD, obuf + 32, ibuf, 1, NULL);
}

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {
    {"nb_null_request", nb_null_request},
    {"nb_null_request_reduce", nb_null_request_reduce},
    {"nb_null_request_sync", nb_null_request_sync},
    {"nb_wait_null", nb_wait_null},
    {"nb_test_null", nb_test_null},
    {"nb_root_range", nb_root_range},
    {"nb_invalid_team", nb_invalid_team},
    {"nb_overlap", nb_overlap},
    {"nb_alltoall_in_place", nb_alltoall_in_place},
    {"nb_draft_root", nb_draft_root},
    {"nb_outstanding_then_bad", nb_outstanding_then_bad},
};

int main(int argc, char **argv) {
  shmem_init();
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k)
    if (argc > 1 && strcmp(argv[1], cases[k].name) == 0) cases[k].run();
  shmem_quiet();
  shmem_finalize();
  fprintf(stderr, "coll_nb_errors %s: the library accepted the bad call\n",
          argc > 1 ? argv[1] : "");
  return 0;
}
