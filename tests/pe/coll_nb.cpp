// The C++17 template forms of the nonblocking collectives with requests
// (shmemx.h): shmemx_broadcast_nb, collect, fcollect, alltoall, alltoalls
// and the reductions and scans, each template reaching the routine of its T
// (max on values of both signs, so a signed/unsigned mix-up fails), and the
// draft's names in C++ through the opt-in macro.
#define SHMEM_NB_COLLECTIVES_DRAFT
#include <shmem.h>
#include <shmemx.h>

#include "check.h"

namespace {

constexpr int N = 4;
constexpr int NMAX = 8;
int me, npes;

long mixed(int pe, int i) { return (pe * 37 + i * 11) % 23 - 11; }

template <class T> void moves() {
  static T src[3 * NMAX], bc[N], fc[N * NMAX], co[NMAX], aa[NMAX], as[2 * NMAX];
  for (int i = 0; i < 3 * NMAX; ++i) src[i] = static_cast<T>(me * 20 + i);
  shmemx_req_h r[5];
  CHECK(shmemx_broadcast_nb(SHMEM_TEAM_WORLD, bc, src, N, 0, &r[0]) == 0);
  CHECK(shmemx_fcollect_nb(SHMEM_TEAM_WORLD, fc, src, N, &r[1]) == 0);
  CHECK(shmemx_collect_nb(SHMEM_TEAM_WORLD, co, src, 1, &r[2]) == 0);
  CHECK(shmemx_alltoall_nb(SHMEM_TEAM_WORLD, aa, src, 1, &r[3]) == 0);
  CHECK(shmemx_alltoalls_nb(SHMEM_TEAM_WORLD, as, src, 2, 3, 1, &r[4]) == 0);
  for (int k = 4; k >= 0; --k) CHECK(shmemx_req_wait(&r[k]) == 0 && r[k] == SHMEMX_REQ_INVALID);
  for (int pe = 0; pe < npes; ++pe) {
    if (pe < N) CHECK(bc[pe] == static_cast<T>(pe));
    for (int j = 0; j < N; ++j) CHECK(fc[pe * N + j] == static_cast<T>(pe * 20 + j));
    CHECK(co[pe] == static_cast<T>(pe * 20));
    CHECK(aa[pe] == static_cast<T>(pe * 20 + me));
    CHECK(as[2 * pe] == static_cast<T>(pe * 20 + 3 * me));
  }
  shmem_barrier_all();
}

template <class T> void reductions() {
  static T src[N], mx[N], sum[N], in[N], ex[N];
  for (int i = 0; i < N; ++i) src[i] = static_cast<T>(mixed(me, i));
  shmemx_req_h r[4];
  CHECK(shmemx_max_reduce_nb(SHMEM_TEAM_WORLD, mx, src, N, &r[0]) == 0);
  CHECK(shmemx_sum_reduce_nb(SHMEM_TEAM_WORLD, sum, src, N, &r[1]) == 0);
  CHECK(shmemx_sum_inscan_nb(SHMEM_TEAM_WORLD, in, src, N, &r[2]) == 0);
  CHECK(shmem_sum_exscan_nb(SHMEM_TEAM_WORLD, ex, src, N, &r[3]) == 0); // the draft's name
  for (auto &req : r) CHECK(shmemx_req_wait(&req) == 0);
  for (int i = 0; i < N; ++i) {
    T m = static_cast<T>(mixed(0, i)), s = 0, before = 0;
    for (int pe = 0; pe < npes; ++pe) {
      const T v = static_cast<T>(mixed(pe, i));
      m = v > m ? v : m;
      s = static_cast<T>(s + v);
      if (pe < me) before = static_cast<T>(before + v);
    }
    CHECK(mx[i] == m && sum[i] == s);
    CHECK(ex[i] == before && in[i] == static_cast<T>(before + src[i]));
  }
  shmem_barrier_all();
}

} // namespace

int main() {
  CHECK_INIT();
  CHECK_PES_AT_MOST(NMAX);
  moves<int>();
  moves<double>();
  moves<unsigned char>();
  reductions<int>();
  reductions<long>();
  reductions<unsigned int>();
  reductions<float>();
  shmem_req_h r = SHMEM_REQ_INVALID;
  CHECK(shmem_req_test(&r) == 1);
  CHECK(shmem_team_sync_nb(SHMEM_TEAM_WORLD, &r) == 0 && shmem_req_wait(&r) == 0);
  CHECK_DONE();
}
