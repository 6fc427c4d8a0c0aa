// The C++17 template forms of the collectives (section 9.9): shmem_broadcast,
// collect, fcollect, alltoall, alltoalls for every standard RMA type, the
// reductions and scans for every type of their table column, and
// shmem_sync(team) beside the active-set shmem_sync. The template must call
// the routine of its T: max/min mix negative and positive values, so a
// signed/unsigned mix-up fails.
#include <shmem.h>

#include <cstring>
#include <type_traits>

#include "check.h"

namespace {

constexpr int N = 4;
int me, npes;

template <class T>
constexpr bool is_complex =
    std::is_same_v<T, SHMEMI_COMPLEXD> || std::is_same_v<T, SHMEMI_COMPLEXF>;

// An element from integer parts; integers convert directly (negative
// values wrap in unsigned types, as in MPI).
template <class T> T make(int re, int im) {
  if constexpr (is_complex<T>) {
    T v = re;
    __imag__ v = im;
    return v;
  } else {
    return static_cast<T>(re);
  }
}

enum class Op { band, bor, bxor, max, min, sum, prod };

template <class T> T value(Op op, int pe, int i) {
  switch (op) {
  case Op::band:
  case Op::bor:
  case Op::bxor: return make<T>((pe * 37 + i * 11) % 127 + 1, 0);
  case Op::max:
  case Op::min: return make<T>((pe * 37 + i * 11) % 23 - 11, 0);
  case Op::sum: return make<T>((pe + i) % 5 - 2, (pe + 2 * i) % 3);
  case Op::prod: return make<T>((pe + i) % 3 == 0 ? 1 : (pe + i) % 3 == 1 ? 2 : -1, i % 2);
  }
  return T{};
}

template <class T> T combine(Op op, T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (op == Op::band) return a & b;
    if (op == Op::bor) return a | b;
    if (op == Op::bxor) return a ^ b;
  }
  if constexpr (!is_complex<T>) {
    if (op == Op::max) return a > b ? a : b;
    if (op == Op::min) return a < b ? a : b;
  }
  return op == Op::sum ? T(a + b) : T(a * b);
}

// The generic reduction of OP: instantiated only for the types of its column.
template <Op op, class T> int call(T *dest, const T *source) {
  if constexpr (op == Op::band) return shmem_and_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::bor) return shmem_or_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::bxor) return shmem_xor_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::max) return shmem_max_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::min) return shmem_min_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::sum) return shmem_sum_reduce(SHMEM_TEAM_WORLD, dest, source, N);
  if constexpr (op == Op::prod) return shmem_prod_reduce(SHMEM_TEAM_WORLD, dest, source, N);
}

template <class T> struct Buffers { static T src[N * 4 * 3], dst[N * 4 * 2 * 4]; };
template <class T> T Buffers<T>::src[N * 4 * 3];
template <class T> T Buffers<T>::dst[N * 4 * 2 * 4];

// A barrier before each call: dest must be free on every PE (spec).
template <class T> void test_move(const char *type) {
  T *src = Buffers<T>::src, *dst = Buffers<T>::dst;
  for (int i = 0; i < N * 4 * 3; ++i) src[i] = static_cast<T>(me * 20 + i % 20);
  std::memset(static_cast<void *>(dst), 0, sizeof Buffers<T>::dst);
  shmem_barrier_all();
  CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, dst, src, N, npes - 1) == 0);
  for (int i = 0; i < N; ++i) CHECK_MSG(dst[i] == T((npes - 1) * 20 + i), "broadcast<%s>", type);
  shmem_barrier_all();
  CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, dst, src, N) == 0);
  for (int i = 0; i < N * npes; ++i)
    CHECK_MSG(dst[i] == T(i / N * 20 + i % N), "fcollect<%s>", type);
  shmem_barrier_all();
  CHECK(shmem_collect(SHMEM_TEAM_WORLD, dst, src, 1) == 0);
  for (int i = 0; i < npes; ++i) CHECK_MSG(dst[i] == T(i * 20), "collect<%s>", type);
  shmem_barrier_all();
  CHECK(shmem_alltoall(SHMEM_TEAM_WORLD, dst, src, 1) == 0);
  for (int i = 0; i < npes; ++i) CHECK_MSG(dst[i] == T(i * 20 + me), "alltoall<%s>", type);
  shmem_barrier_all();
  CHECK(shmem_alltoalls(SHMEM_TEAM_WORLD, dst, src, 2, 3, 1) == 0);
  for (int i = 0; i < npes; ++i) CHECK_MSG(dst[2 * i] == T(i * 20 + 3 * me), "alltoalls<%s>", type);
  shmem_barrier_all();
}

template <Op op, class T> void test_reduce(const char *type) {
  static T src[N], dst[N];
  for (int i = 0; i < N; ++i) src[i] = value<T>(op, me, i);
  CHECK((call<op, T>(dst, src)) == 0);
  for (int i = 0; i < N; ++i) {
    T expect = value<T>(op, 0, i);
    for (int pe = 1; pe < npes; ++pe) expect = combine(op, expect, value<T>(op, pe, i));
    CHECK_MSG(dst[i] == expect, "reduce %d on %s: element %d", static_cast<int>(op), type, i);
  }
}

template <class T> void test_scan(const char *type) {
  static T src[N], in[N], ex[N];
  for (int i = 0; i < N; ++i) src[i] = value<T>(Op::sum, me, i);
  CHECK(shmem_sum_inscan(SHMEM_TEAM_WORLD, in, src, N) == 0);
  CHECK(shmem_sum_exscan(SHMEM_TEAM_WORLD, ex, src, N) == 0);
  for (int i = 0; i < N; ++i) {
    T before = make<T>(0, 0);
    for (int pe = 0; pe < me; ++pe) before = T(before + value<T>(Op::sum, pe, i));
    CHECK_MSG(ex[i] == before && in[i] == T(before + src[i]), "scans on %s: element %d", type, i);
  }
}

long psync[SHMEM_SYNC_SIZE];

} // namespace

#define MOVE(A, T, NAME) test_move<T>(#NAME);
#define REDUCE(OP, T, NAME) test_reduce<Op::OP, T>(#NAME);
#define SCAN(A, T, NAME) test_scan<T>(#NAME);

int main() {
  for (long &p : psync) p = SHMEM_SYNC_VALUE;
  shmem_init();
  me = shmem_my_pe();
  npes = shmem_n_pes();
  SHMEMI_RMA_TYPES(MOVE, ~)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE, band)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE, bor)
  SHMEMI_TEAM_REDUCE_BITWISE_TYPES(REDUCE, bxor)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(REDUCE, max)
  SHMEMI_TEAM_REDUCE_MINMAX_TYPES(REDUCE, min)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(REDUCE, sum)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(REDUCE, prod)
  SHMEMI_TEAM_REDUCE_ARITH_TYPES(SCAN, ~)
  CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  shmem_sync(0, 0, npes, psync); // the active-set routine, same name
#pragma GCC diagnostic pop
  for (long p : psync) CHECK(p == SHMEM_SYNC_VALUE);
  CHECK_DONE();
}
