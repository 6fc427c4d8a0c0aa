/* A program written to the draft's own names (OpenSHMEM pull request #456)
 * through the opt-in macro, including only shmem.h: shmem_req_h,
 * SHMEM_REQ_INVALID, shmem_TYPENAME_broadcast_nb, shmem_broadcastmem_nb,
 * shmem_alltoall_nb (generic), shmem_TYPENAME_alltoall_nb,
 * shmem_alltoallmem_nb, a reduction, shmem_sync_nb, shmem_team_sync_nb,
 * shmem_req_test and shmem_req_wait. Strict C11. */
#define SHMEM_NB_COLLECTIVES_DRAFT
#include <shmem.h>

#include "check.h"

#define NMAX 8
static int me, npes;

int main(void) {
  static long lsrc[NMAX], ldst[NMAX], sum;
  static unsigned char msrc[NMAX], mdst[NMAX];
  static int isrc[NMAX], idst[NMAX];
  shmem_req_h r[7];
  CHECK_INIT();
  CHECK_PES_AT_MOST(NMAX);
  for (int i = 0; i < NMAX; ++i) {
    lsrc[i] = me * 100 + i;
    msrc[i] = (unsigned char)(me * 10 + i);
    isrc[i] = me * 1000 + i;
  }
  CHECK(shmem_long_broadcast_nb(SHMEM_TEAM_WORLD, ldst, lsrc, 2, npes - 1, &r[0]) == 0);
  CHECK(shmem_broadcastmem_nb(SHMEM_TEAM_WORLD, mdst, msrc, 2, 0, &r[1]) == 0);
  CHECK(shmem_req_wait(&r[0]) == 0 && r[0] == SHMEM_REQ_INVALID);
  while (!shmem_req_test(&r[1])) {
  }
  CHECK(ldst[1] == (npes - 1) * 100 + 1 && mdst[1] == 1);
  CHECK(shmem_sync_nb(SHMEM_TEAM_WORLD, &r[2]) == 0);
  CHECK(shmem_req_wait(&r[2]) == 0);
  CHECK(shmem_alltoall_nb(SHMEM_TEAM_WORLD, idst, isrc, 1, &r[3]) == 0);
  CHECK(shmem_long_alltoall_nb(SHMEM_TEAM_WORLD, ldst, lsrc, 1, &r[4]) == 0);
  CHECK(shmem_alltoallmem_nb(SHMEM_TEAM_WORLD, mdst, msrc, 1, &r[5]) == 0);
  CHECK(shmem_long_sum_reduce_nb(SHMEM_TEAM_WORLD, &sum, &lsrc[0], 1, &r[6]) == 0);
  for (int k = 6; k >= 3; --k) CHECK(shmem_req_wait(&r[k]) == 0 && r[k] == SHMEM_REQ_INVALID);
  for (int pe = 0; pe < npes; ++pe)
    CHECK_MSG(idst[pe] == pe * 1000 + me && ldst[pe] == pe * 100 + me &&
                  mdst[pe] == (unsigned char)(pe * 10 + me),
              "alltoall from PE %d", pe);
  CHECK(sum == 100L * npes * (npes - 1) / 2);
  CHECK(shmem_team_sync_nb(SHMEM_TEAM_WORLD, &r[0]) == 0);
  CHECK(shmem_req_wait(&r[0]) == 0 && shmem_req_test(&r[0]) == 1);
  CHECK_DONE();
}
