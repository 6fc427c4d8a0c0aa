// The C++17 template forms of the nonblocking team collectives (shmemx.h):
// shmemx_broadcast_nbi, collect, fcollect, alltoall, alltoalls and the
// reductions and scans, each template reaching the routine of its T (max
// and min mix negative and positive values, so a signed/unsigned mix-up
// fails), all outstanding at once on the world team and on a reversed split,
// completed by shmem_quiet and by shmem_ctx_quiet on a context of the team.
#include <shmem.h>
#include <shmemx.h>

#include <cstdint>
#include <cstring>

#include "check.h"

namespace {

constexpr int N = 4;
constexpr int MAX_PES = 64;
int me, npes;

long val(int pe, int i) { return (pe * 13 + i * 7 + 3) % 101; }
long mixed(int pe, int i) { return (pe * 37 + i * 11) % 23 - 11; }

// Buffers in global variables and on the heap.
int g_isrc[N * MAX_PES], g_idst[N * MAX_PES];
double g_dsrc[N], g_ddst[N * MAX_PES];

struct Heap {
  long *lsrc, *ldst;          // N * MAX_PES each
  unsigned char *usrc, *umax; // N
  unsigned char *uand, *uor, *uxor;
  int *imin, *isum, *iprod, *iin, *iex;
  double *dsum;
};

template <class T> T *alloc(size_t n) { return static_cast<T *>(shmem_malloc(n * sizeof(T))); }

void run(shmem_team_t team, Heap &h, bool by_ctx, const char *what) {
  const int tme = shmem_team_my_pe(team), tn = shmem_team_n_pes(team);
  int world[MAX_PES];
  for (int k = 0; k < tn; ++k) world[k] = shmem_team_translate_pe(team, k, SHMEM_TEAM_WORLD);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  if (by_ctx) CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0);

  for (int i = 0; i < N; ++i) {
    g_dsrc[i] = static_cast<double>(val(me, i)) + 0.25;
    h.usrc[i] = static_cast<unsigned char>(mixed(me, i));
    g_isrc[i] = static_cast<int>(mixed(me, i));
    h.lsrc[i] = val(me, i);
  }
  for (int to = 0; to < tn; ++to)
    for (int i = 0; i < N; ++i) h.lsrc[N + to * N + i] = val(me, i) * 100 + to;
  std::memset(g_ddst, 0, sizeof g_ddst);
  std::memset(g_idst, 0, sizeof g_idst);
  std::memset(h.ldst, 0, N * MAX_PES * sizeof(long));
  shmem_barrier_all();

  const int root = tn - 1;
  CHECK(shmemx_broadcast_nbi(team, g_ddst, g_dsrc, N, root) == 0);
  CHECK(shmemx_fcollect_nbi(team, g_ddst + N, g_dsrc, 1) == 0);
  CHECK(shmemx_collect_nbi(team, g_idst, g_isrc, static_cast<size_t>(tme % 2 ? 2 : 0)) == 0);
  CHECK(shmemx_alltoall_nbi(team, h.ldst, h.lsrc + N, N) == 0);
  CHECK(shmemx_alltoalls_nbi(team, h.ldst + N * MAX_PES / 2, h.lsrc + N, 2, N,
                             static_cast<size_t>(1)) == 0);
  CHECK(shmemx_max_reduce_nbi(team, h.umax, h.usrc, N) == 0);
  CHECK(shmemx_and_reduce_nbi(team, h.uand, h.usrc, N) == 0);
  CHECK(shmemx_or_reduce_nbi(team, h.uor, h.usrc, N) == 0);
  CHECK(shmemx_xor_reduce_nbi(team, h.uxor, h.usrc, N) == 0);
  CHECK(shmemx_min_reduce_nbi(team, h.imin, g_isrc, N) == 0);
  CHECK(shmemx_sum_reduce_nbi(team, h.isum, g_isrc, N) == 0);
  CHECK(shmemx_prod_reduce_nbi(team, h.iprod, g_isrc, 2) == 0);
  CHECK(shmemx_sum_inscan_nbi(team, h.iin, g_isrc, N) == 0);
  CHECK(shmemx_sum_exscan_nbi(team, h.iex, g_isrc, N) == 0);
  CHECK(shmemx_sum_reduce_nbi(team, h.dsum, g_dsrc, N) == 0);
  if (by_ctx)
    shmem_ctx_quiet(ctx);
  else
    shmem_quiet();

  for (int i = 0; i < N; ++i)
    CHECK_MSG(g_ddst[i] == static_cast<double>(val(world[root], i)) + 0.25, "%s: broadcast [%d]",
              what, i);
  for (int k = 0; k < tn; ++k)
    CHECK_MSG(g_ddst[N + k] == static_cast<double>(val(world[k], 0)) + 0.25, "%s: fcollect [%d]",
              what, k);
  int at = 0;
  for (int k = 0; k < tn; ++k)
    for (int i = 0; i < (k % 2 ? 2 : 0); ++i)
      CHECK_MSG(g_idst[at++] == static_cast<int>(mixed(world[k], i)), "%s: collect block %d", what,
                k);
  CHECK_MSG(g_idst[at] == 0, "%s: collect wrote past its result", what);
  for (int k = 0; k < tn; ++k)
    for (int i = 0; i < N; ++i) {
      CHECK_MSG(h.ldst[k * N + i] == val(world[k], i) * 100 + tme, "%s: alltoall block %d [%d]",
                what, k, i);
    }
  for (int k = 0; k < tn; ++k)
    CHECK_MSG(h.ldst[N * MAX_PES / 2 + 2 * k] == val(world[k], 0) * 100 + tme &&
                  h.ldst[N * MAX_PES / 2 + 2 * k + 1] == 0,
              "%s: alltoalls block %d", what, k);
  for (int i = 0; i < N; ++i) {
    unsigned char umax = 0, uand = 0xff, uor = 0, uxor = 0;
    int imin = static_cast<int>(mixed(world[0], i)), isum = 0, iprod = 1, iin = 0, iex = 0;
    double dsum = 0;
    for (int k = 0; k < tn; ++k) {
      const auto u = static_cast<unsigned char>(mixed(world[k], i));
      const int v = static_cast<int>(mixed(world[k], i));
      umax = u > umax ? u : umax;
      uand &= u;
      uor |= u;
      uxor ^= u;
      imin = v < imin ? v : imin;
      isum += v;
      iprod *= v;
      if (k <= tme) iin += v;
      if (k < tme) iex += v;
      dsum += static_cast<double>(val(world[k], i)) + 0.25;
    }
    CHECK_MSG(h.umax[i] == umax, "%s: unsigned char max [%d] = %u, expected %u", what, i, h.umax[i],
              umax);
    CHECK_MSG(h.uand[i] == uand && h.uor[i] == uor && h.uxor[i] == uxor, "%s: and/or/xor [%d]",
              what, i);
    CHECK_MSG(h.imin[i] == imin, "%s: int min [%d] = %d, expected %d", what, i, h.imin[i], imin);
    CHECK_MSG(h.isum[i] == isum, "%s: int sum [%d] = %d, expected %d", what, i, h.isum[i], isum);
    if (i < 2) CHECK_MSG(h.iprod[i] == iprod, "%s: int prod [%d] = %d", what, i, h.iprod[i]);
    CHECK_MSG(h.iin[i] == iin && h.iex[i] == iex, "%s: scans [%d] = %d, %d, expected %d, %d", what,
              i, h.iin[i], h.iex[i], iin, iex);
    CHECK_MSG(h.dsum[i] == dsum, "%s: double sum [%d] = %g, expected %g", what, i, h.dsum[i], dsum);
  }
  if (by_ctx) shmem_ctx_destroy(ctx);
  shmem_barrier_all();
}

} // namespace

int main() {
  shmem_init();
  me = shmem_my_pe();
  npes = shmem_n_pes();
  if (npes > MAX_PES) return 1;
  Heap h{};
  h.lsrc = alloc<long>(N * MAX_PES);
  h.ldst = alloc<long>(N * MAX_PES);
  h.usrc = alloc<unsigned char>(N);
  h.umax = alloc<unsigned char>(N);
  h.uand = alloc<unsigned char>(N);
  h.uor = alloc<unsigned char>(N);
  h.uxor = alloc<unsigned char>(N);
  h.imin = alloc<int>(N);
  h.isum = alloc<int>(N);
  h.iprod = alloc<int>(N);
  h.iin = alloc<int>(N);
  h.iex = alloc<int>(N);
  h.dsum = alloc<double>(N);
  CHECK(h.lsrc && h.ldst && h.usrc && h.umax && h.uand && h.uor && h.uxor && h.imin && h.isum &&
        h.iprod && h.iin && h.iex && h.dsum);
  shmem_team_t reversed = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, nullptr, 0, &reversed) == 0);
  run(SHMEM_TEAM_WORLD, h, false, "world, shmem_quiet");
  run(SHMEM_TEAM_WORLD, h, true, "world, shmem_ctx_quiet");
  run(reversed, h, false, "reversed, shmem_quiet");
  run(reversed, h, true, "reversed, shmem_ctx_quiet");
  shmem_team_destroy(reversed);
  CHECK_DONE();
}
