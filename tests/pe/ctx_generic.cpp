// Sections 9.5-9.8 through the C++ overloads that take a context first:
// ctx_generic.c's checks (every generic RMA, AMO and signal routine with a
// ctx, on a private world context and on a context of a team numbered
// backwards, where passing its own world number as the team PE reaches
// world PE n-1-me), here on the symmetric heap (ctx_generic.c uses static
// data), so on one node the load/store path is taken. Every call deduces T.
#include <shmem.h>

#include <cstdint>

#include "check.h"

namespace {

constexpr int LEN = 12;

enum { P_PUT, P_NBI, P_P, P_IPUT, P_IBPUT, P_SIG, P_SIG_NBI, N_PUTS };
enum { G_GET, G_NBI, G_G, G_IGET, G_IBGET, N_GETS };
const char *const put_names[N_PUTS] = {"put",        "put_nbi",       "p", "iput", "ibput",
                                       "put_signal", "put_signal_nbi"};
const char *const get_names[N_GETS] = {"get", "get_nbi", "g", "iget", "ibget"};

long val(int pe, int i) { return 16L * pe + i + 1; }
// iput/iget: LEN/2 elements, source stride 1, row stride 2; ibput/ibget:
// LEN/3 blocks of 2, source stride 2, row stride 3.
long expected(bool strided, bool blocked, int pe, int i) {
  if (strided) return i % 2 == 0 ? val(pe, i / 2) : 0;
  if (blocked) return i % 3 < 2 ? val(pe, i / 3 * 2 + i % 3) : 0;
  return val(pe, i);
}

struct Signals {
  uint64_t puts, puts_nbi, add, set;
};

struct Peers {
  shmem_ctx_t ctx;
  int target;       // PE number in the context's team
  int from;         // world PE that targets this one
  int target_world; // world PE of target
  Signals *sig;     // symmetric
};

// The symmetric data of one RMA type for one round.
template <class T> struct RmaData {
  T src[LEN];
  T rows[N_PUTS][LEN];
};

template <class T> void rma_puts(const Peers &p, RmaData<T> *d) {
  T s[LEN];
  for (int i = 0; i < LEN; ++i) s[i] = static_cast<T>(val(shmem_my_pe(), i));
  shmem_put(p.ctx, d->rows[P_PUT], s, LEN, p.target);
  shmem_put_nbi(p.ctx, d->rows[P_NBI], s, LEN, p.target);
  for (int i = 0; i < LEN; ++i) shmem_p(p.ctx, &d->rows[P_P][i], s[i], p.target);
  shmem_iput(p.ctx, d->rows[P_IPUT], s, 2, 1, LEN / 2, p.target);
  shmem_ibput(p.ctx, d->rows[P_IBPUT], s, 3, 2, 2, LEN / 3, p.target);
  shmem_put_signal_nbi(p.ctx, d->rows[P_SIG_NBI], s, LEN, &p.sig->puts_nbi,
                       1000u + static_cast<uint64_t>(shmem_my_pe()), SHMEM_SIGNAL_SET, p.target);
  shmem_put_signal(p.ctx, d->rows[P_SIG], s, LEN, &p.sig->puts, 1, SHMEM_SIGNAL_ADD, p.target);
}

// signalled: only the put_signal rows, which the signal announces.
template <class T>
void check_puts(const Peers &p, const RmaData<T> *d, const char *type, bool signalled) {
  for (int f = signalled ? P_SIG : 0; f < (signalled ? P_SIG + 1 : N_PUTS); ++f) {
    int bad = 0;
    for (int i = 0; i < LEN; ++i)
      bad += static_cast<long>(d->rows[f][i]) != expected(f == P_IPUT, f == P_IBPUT, p.from, i);
    CHECK_MSG(bad == 0, "shmem_%s(ctx, %s *): %d wrong elements from PE %d", put_names[f], type,
              bad, p.from);
  }
}

template <class T> void rma_gets(const Peers &p, const RmaData<T> *d, const char *type) {
  T got[N_GETS][LEN] = {};
  shmem_get(p.ctx, got[G_GET], d->src, LEN, p.target);
  shmem_get_nbi(p.ctx, got[G_NBI], d->src, LEN, p.target);
  for (int i = 0; i < LEN; ++i) got[G_G][i] = shmem_g(p.ctx, &d->src[i], p.target);
  shmem_iget(p.ctx, got[G_IGET], d->src, 2, 1, LEN / 2, p.target);
  shmem_ibget(p.ctx, got[G_IBGET], d->src, 3, 2, 2, LEN / 3, p.target);
  shmem_ctx_quiet(p.ctx); // completes get_nbi
  for (int f = 0; f < N_GETS; ++f) {
    int bad = 0;
    for (int i = 0; i < LEN; ++i)
      bad += static_cast<long>(got[f][i]) != expected(f == G_IGET, f == G_IBGET, p.target_world, i);
    CHECK_MSG(bad == 0, "shmem_%s(ctx, %s *): %d wrong elements from PE %d", get_names[f], type,
              bad, p.target_world);
  }
}

// Standard table routines and the extended ones every standard type has;
// only this PE's sender touches the target words.
template <class T> void amo_standard(const Peers &p, T *a, const char *type) {
  const shmem_ctx_t c = p.ctx;
  const int pe = p.target;
  T f1 = 0, f2 = 0;
  CHECK_MSG(shmem_atomic_fetch_add(c, &a[0], 5, pe) == 0, "%s fetch_add", type);
  shmem_atomic_add(c, &a[0], 3, pe);
  shmem_atomic_inc(c, &a[0], pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(shmem_atomic_fetch_inc(c, &a[0], pe) == 9, "%s fetch_inc", type);
  shmem_atomic_fetch_add_nbi(c, &f1, &a[0], 10, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_fetch_inc_nbi(c, &f2, &a[0], pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(f1 == 10 && f2 == 20, "%s fetch_add_nbi %ld, fetch_inc_nbi %ld", type,
            static_cast<long>(f1), static_cast<long>(f2));
  CHECK_MSG(shmem_atomic_compare_swap(c, &a[1], 0, 7, pe) == 0, "%s compare_swap", type);
  CHECK_MSG(shmem_atomic_compare_swap(c, &a[1], 0, 9, pe) == 7, "%s failing compare_swap", type);
  shmem_atomic_compare_swap_nbi(c, &f1, &a[1], 7, 11, pe);
  shmem_atomic_set(c, &a[2], 40, pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(f1 == 7, "%s compare_swap_nbi fetched %ld", type, static_cast<long>(f1));
  CHECK_MSG(shmem_atomic_fetch(c, &a[2], pe) == 40, "%s set/fetch", type);
  CHECK_MSG(shmem_atomic_swap(c, &a[2], 41, pe) == 40, "%s swap", type);
  shmem_atomic_swap_nbi(c, &f1, &a[2], 42, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_fetch_nbi(c, &f2, &a[2], pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(f1 == 41 && f2 == 42, "%s swap_nbi %ld, fetch_nbi %ld", type, static_cast<long>(f1),
            static_cast<long>(f2));
}
template <class T> void check_standard(const Peers &p, const T *a, const char *type) {
  CHECK_MSG(a[0] == 21 && a[1] == 11 && a[2] == 42, "%s words %ld %ld %ld after PE %d", type,
            static_cast<long>(a[0]), static_cast<long>(a[1]), static_cast<long>(a[2]), p.from);
}

// Extended-only types: set, fetch, swap and their nbi forms.
template <class T> void amo_extended(const Peers &p, T *a, const char *type) {
  T f1 = 0, f2 = 0;
  shmem_atomic_set(p.ctx, a, T(1.5), p.target);
  shmem_ctx_quiet(p.ctx);
  CHECK_MSG(shmem_atomic_fetch(p.ctx, a, p.target) == T(1.5), "%s set/fetch", type);
  CHECK_MSG(shmem_atomic_swap(p.ctx, a, T(2.5), p.target) == T(1.5), "%s swap", type);
  shmem_atomic_swap_nbi(p.ctx, &f1, a, T(3.5), p.target);
  shmem_ctx_quiet(p.ctx);
  shmem_atomic_fetch_nbi(p.ctx, &f2, a, p.target);
  shmem_ctx_quiet(p.ctx);
  CHECK_MSG(f1 == T(2.5) && f2 == T(3.5), "%s swap_nbi %g, fetch_nbi %g", type,
            static_cast<double>(f1), static_cast<double>(f2));
}
template <class T> void check_extended(const Peers &p, const T *a, const char *type) {
  CHECK_MSG(*a == T(3.5), "%s word %g after PE %d", type, static_cast<double>(*a), p.from);
}

// Bitwise table: fetch_and/or/xor, and/or/xor and the fetching nbi forms.
template <class T> void amo_bitwise(const Peers &p, T *a, const char *type) {
  const shmem_ctx_t c = p.ctx;
  const int pe = p.target;
  T f1 = 0, f2 = 0, f3 = 0;
  shmem_atomic_or(c, a, 0xF0, pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(shmem_atomic_fetch_or(c, a, 0x0F, pe) == 0xF0, "%s fetch_or", type);
  CHECK_MSG(shmem_atomic_fetch_and(c, a, 0x3C, pe) == 0xFF, "%s fetch_and", type);
  CHECK_MSG(shmem_atomic_fetch_xor(c, a, 0x01, pe) == 0x3C, "%s fetch_xor", type);
  shmem_atomic_and(c, a, 0x3F, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_xor(c, a, 0x80, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_fetch_or_nbi(c, &f1, a, 0x100, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_fetch_and_nbi(c, &f2, a, 0x1FE, pe);
  shmem_ctx_quiet(c);
  shmem_atomic_fetch_xor_nbi(c, &f3, a, 0x2, pe);
  shmem_ctx_quiet(c);
  CHECK_MSG(f1 == 0xBD && f2 == 0x1BD && f3 == 0x1BC, "%s nbi fetched %#lx %#lx %#lx", type,
            static_cast<unsigned long>(f1), static_cast<unsigned long>(f2),
            static_cast<unsigned long>(f3));
}
template <class T> void check_bitwise(const Peers &p, const T *a, const char *type) {
  CHECK_MSG(*a == 0x1BE, "%s bits %#lx after PE %d", type, static_cast<unsigned long>(*a), p.from);
}

// The symmetric data of a round, from shmem_calloc (zeroed).
struct Round {
  RmaData<long> r_long;
  RmaData<double> r_double;
  RmaData<short> r_short;
  RmaData<uint8_t> r_uint8;
  int s_int[3];
  unsigned long long s_ullong[3];
  int64_t s_int64[3];
  float e_float;
  double e_double;
  unsigned int b_uint;
  uint64_t b_uint64;
  Signals sig;
};
constexpr uint64_t RMA_TYPES = 4;

template <class T> void init_src(RmaData<T> &d) {
  for (int i = 0; i < LEN; ++i) d.src[i] = static_cast<T>(val(shmem_my_pe(), i));
}

void send(const Peers &p, Round *r) {
  rma_puts(p, &r->r_long), rma_puts(p, &r->r_double), rma_puts(p, &r->r_short);
  rma_puts(p, &r->r_uint8);
  amo_standard(p, r->s_int, "int"), amo_standard(p, r->s_ullong, "unsigned long long");
  amo_standard(p, r->s_int64, "int64_t");
  amo_extended(p, &r->e_float, "float"), amo_extended(p, &r->e_double, "double");
  amo_bitwise(p, &r->b_uint, "unsigned int"), amo_bitwise(p, &r->b_uint64, "uint64_t");
  shmem_signal_add(p.ctx, &r->sig.add, 5 + static_cast<uint64_t>(shmem_my_pe()), p.target);
  shmem_signal_set(p.ctx, &r->sig.set, 7 + static_cast<uint64_t>(shmem_my_pe()), p.target);
  rma_gets(p, &r->r_long, "long"), rma_gets(p, &r->r_double, "double");
  rma_gets(p, &r->r_short, "short"), rma_gets(p, &r->r_uint8, "uint8_t");
  shmem_ctx_quiet(p.ctx);
}

void check_rows(const Peers &p, const Round *r, bool signalled) {
  check_puts(p, &r->r_long, "long", signalled), check_puts(p, &r->r_double, "double", signalled);
  check_puts(p, &r->r_short, "short", signalled), check_puts(p, &r->r_uint8, "uint8_t", signalled);
}

void receive(const Peers &p, Round *r) {
  shmem_signal_wait_until(&r->sig.puts, SHMEM_CMP_EQ, RMA_TYPES);
  check_rows(p, r, true);
  shmem_barrier_all(); // the sender's quiet is done
  check_rows(p, r, false);
  const auto from = static_cast<uint64_t>(p.from);
  CHECK_MSG(r->sig.puts_nbi == 1000 + from, "put_signal_nbi SET gave %lu",
            static_cast<unsigned long>(r->sig.puts_nbi));
  CHECK_MSG(r->sig.add == 5 + from, "signal_add gave %lu", static_cast<unsigned long>(r->sig.add));
  CHECK_MSG(r->sig.set == 7 + from, "signal_set gave %lu", static_cast<unsigned long>(r->sig.set));
  check_standard(p, r->s_int, "int"), check_standard(p, r->s_ullong, "unsigned long long");
  check_standard(p, r->s_int64, "int64_t");
  check_extended(p, &r->e_float, "float"), check_extended(p, &r->e_double, "double");
  check_bitwise(p, &r->b_uint, "unsigned int"), check_bitwise(p, &r->b_uint64, "uint64_t");
}

void run(Peers p) {
  auto *r = static_cast<Round *>(shmem_calloc(1, sizeof(Round)));
  CHECK(r != nullptr);
  p.sig = &r->sig;
  init_src(r->r_long), init_src(r->r_double), init_src(r->r_short), init_src(r->r_uint8);
  shmem_barrier_all();
  send(p, r);
  receive(p, r);
  shmem_ctx_destroy(p.ctx);
  shmem_free(r);
}

} // namespace

int main() {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();

  Peers world{SHMEM_CTX_INVALID, (me + 1) % n, (me + n - 1) % n, (me + 1) % n, nullptr};
  CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &world.ctx) == 0);
  run(world);

  shmem_team_t backwards = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &backwards) == 0);
  CHECK_MSG(shmem_team_my_pe(backwards) == n - 1 - me, "team PE %d", shmem_team_my_pe(backwards));
  Peers team{SHMEM_CTX_INVALID, me, n - 1 - me, n - 1 - me, nullptr};
  CHECK(shmem_team_create_ctx(backwards, SHMEM_CTX_SERIALIZED, &team.ctx) == 0);
  run(team);
  shmem_team_destroy(backwards);
  CHECK_DONE();
}
