/* Sections 9.5-9.8: the type-generic routines whose first argument is a
 * context (shmem_put(ctx, ...), shmem_p, shmem_g, shmem_iput, shmem_ibget,
 * every shmem_atomic_*, shmem_put_signal[_nbi], shmem_signal_add/set),
 * called on created contexts rather than SHMEM_CTX_DEFAULT:
 *   round 0: a private context of the world team; each PE targets its
 *            right neighbour;
 *   round 1: a context of the world team numbered backwards (team PE i is
 *            world PE n-1-i); each PE passes its own world number as the
 *            team PE, which reaches world PE n-1-me, so a call that dropped
 *            the context (or its team) would hit the wrong PE.
 * Each PE checks, exactly, what its sender wrote and what it fetched.
 * Compiled as strict C11; ctx_generic.cpp does the same through the C++
 * overloads. A few types per type table: the other rows of the tables are
 * covered on SHMEM_CTX_DEFAULT by rma_generic.c and amo_generic.c. */
#include <shmem.h>
#include <stdint.h>

#include "check.h"

enum { LEN = 12, ROUNDS = 2 };

/* Rows written by one put form each, and read by one get form each. */
enum { P_PUT, P_NBI, P_P, P_IPUT, P_IBPUT, P_SIG, P_SIG_NBI, N_PUTS };
enum { G_GET, G_NBI, G_G, G_IGET, G_IBGET, N_GETS };
static const char *const put_names[N_PUTS] = {"put",        "put_nbi",       "p", "iput", "ibput",
                                              "put_signal", "put_signal_nbi"};
static const char *const get_names[N_GETS] = {"get", "get_nbi", "g", "iget", "ibget"};

/* iput/iget move LEN/2 elements, source stride 1, the row stride 2; ibput
 * and ibget move LEN/3 blocks of 2, source stride 2, the row stride 3. */
static long val(int pe, int i) { return 16L * pe + i + 1; }
static long expected(int form_is_strided, int form_is_blocked, int pe, int i) {
  if (form_is_strided) return i % 2 == 0 ? val(pe, i / 2) : 0;
  if (form_is_blocked) return i % 3 < 2 ? val(pe, i / 3 * 2 + i % 3) : 0;
  return val(pe, i);
}

/* Signals: put_signal ADDs 1 per RMA type, put_signal_nbi SETs, and the
 * plain signal_add/signal_set. */
static uint64_t sig_puts[ROUNDS], sig_puts_nbi[ROUNDS], sig_add[ROUNDS], sig_set[ROUNDS];

struct peers {
  shmem_ctx_t ctx;
  int target; /* PE number in the context's team */
  int from;   /* world PE that targets this one */
  int target_world;
  int round;
};

/* ---- RMA: every generic RMA routine with a ctx, for type T ---- */
#define RMA_TYPE(T, N)                                                                             \
  static T N##_src[LEN];                                                                           \
  static T N##_rows[ROUNDS][N_PUTS][LEN];                                                          \
  static void N##_puts(const struct peers *p) {                                                    \
    T s[LEN];                                                                                      \
    for (int i = 0; i < LEN; ++i) s[i] = (T)val(shmem_my_pe(), i);                                 \
    T(*row)[LEN] = N##_rows[p->round];                                                             \
    shmem_put(p->ctx, row[P_PUT], s, LEN, p->target);                                              \
    shmem_put_nbi(p->ctx, row[P_NBI], s, LEN, p->target);                                          \
    for (int i = 0; i < LEN; ++i) shmem_p(p->ctx, &row[P_P][i], s[i], p->target);                  \
    shmem_iput(p->ctx, row[P_IPUT], s, 2, 1, LEN / 2, p->target);                                  \
    shmem_ibput(p->ctx, row[P_IBPUT], s, 3, 2, 2, LEN / 3, p->target);                             \
    shmem_put_signal_nbi(p->ctx, row[P_SIG_NBI], s, LEN, &sig_puts_nbi[p->round],                  \
                         1000u + (uint64_t)shmem_my_pe(), SHMEM_SIGNAL_SET, p->target);            \
    shmem_put_signal(p->ctx, row[P_SIG], s, LEN, &sig_puts[p->round], 1, SHMEM_SIGNAL_ADD,         \
                     p->target);                                                                   \
  }                                                                                                \
  /* signalled: only the rows of put_signal, which the signal announces */                         \
  static void N##_check_puts(const struct peers *p, int signalled) {                               \
    for (int f = signalled ? P_SIG : 0; f < (signalled ? P_SIG + 1 : N_PUTS); ++f) {               \
      int bad = 0;                                                                                 \
      for (int i = 0; i < LEN; ++i)                                                                \
        bad += (long)N##_rows[p->round][f][i] != expected(f == P_IPUT, f == P_IBPUT, p->from, i);  \
      CHECK_MSG(bad == 0, "round %d: shmem_%s(ctx, " #T " *): %d wrong elements from PE %d",       \
                p->round, put_names[f], bad, p->from);                                             \
    }                                                                                              \
  }                                                                                                \
  static void N##_gets(const struct peers *p) {                                                    \
    T d[N_GETS][LEN] = {{0}};                                                                      \
    shmem_get(p->ctx, d[G_GET], N##_src, LEN, p->target);                                          \
    shmem_get_nbi(p->ctx, d[G_NBI], N##_src, LEN, p->target);                                      \
    for (int i = 0; i < LEN; ++i) d[G_G][i] = shmem_g(p->ctx, &N##_src[i], p->target);             \
    shmem_iget(p->ctx, d[G_IGET], N##_src, 2, 1, LEN / 2, p->target);                              \
    shmem_ibget(p->ctx, d[G_IBGET], N##_src, 3, 2, 2, LEN / 3, p->target);                         \
    shmem_ctx_quiet(p->ctx); /* completes get_nbi */                                               \
    for (int f = 0; f < N_GETS; ++f) {                                                             \
      int bad = 0;                                                                                 \
      for (int i = 0; i < LEN; ++i)                                                                \
        bad += (long)d[f][i] != expected(f == G_IGET, f == G_IBGET, p->target_world, i);           \
      CHECK_MSG(bad == 0, "round %d: shmem_%s(ctx, " #T " *): %d wrong elements from PE %d",       \
                p->round, get_names[f], bad, p->target_world);                                     \
    }                                                                                              \
  }                                                                                                \
  static void N##_init(void) {                                                                     \
    for (int i = 0; i < LEN; ++i) N##_src[i] = (T)val(shmem_my_pe(), i);                           \
  }
RMA_TYPE(long, long)
RMA_TYPE(double, double)
RMA_TYPE(short, short)
RMA_TYPE(uint8_t, uint8)
enum { RMA_TYPES = 4 };

/* ---- AMOs: each PE works on its target's words; only it touches them ---- */
/* Standard table (fetch_add, add, inc, fetch_inc, compare_swap and their
 * nbi forms) plus the extended routines (set, fetch, swap, fetch_nbi,
 * swap_nbi) that every standard type also has. */
#define AMO_STANDARD(T, N)                                                                         \
  static T N##_amo[ROUNDS][3];                                                                     \
  static void N##_amos(const struct peers *p) {                                                    \
    T *a = N##_amo[p->round], f1 = 0, f2 = 0;                                                      \
    shmem_ctx_t c = p->ctx;                                                                        \
    const int pe = p->target;                                                                      \
    CHECK_MSG(shmem_atomic_fetch_add(c, &a[0], 5, pe) == 0, #T " fetch_add");                      \
    shmem_atomic_add(c, &a[0], 3, pe);                                                             \
    shmem_atomic_inc(c, &a[0], pe);                                                                \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(shmem_atomic_fetch_inc(c, &a[0], pe) == 9, #T " fetch_inc");                         \
    shmem_atomic_fetch_add_nbi(c, &f1, &a[0], 10, pe);                                             \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_fetch_inc_nbi(c, &f2, &a[0], pe);                                                 \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(f1 == 10 && f2 == 20, #T " fetch_add_nbi %ld, fetch_inc_nbi %ld", (long)f1,          \
              (long)f2);                                                                           \
    CHECK_MSG(shmem_atomic_compare_swap(c, &a[1], 0, 7, pe) == 0, #T " compare_swap");             \
    CHECK_MSG(shmem_atomic_compare_swap(c, &a[1], 0, 9, pe) == 7, #T " failing compare_swap");     \
    shmem_atomic_compare_swap_nbi(c, &f1, &a[1], 7, 11, pe);                                       \
    shmem_atomic_set(c, &a[2], 40, pe);                                                            \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(f1 == 7, #T " compare_swap_nbi fetched %ld", (long)f1);                              \
    CHECK_MSG(shmem_atomic_fetch(c, &a[2], pe) == 40, #T " set/fetch");                            \
    CHECK_MSG(shmem_atomic_swap(c, &a[2], 41, pe) == 40, #T " swap");                              \
    shmem_atomic_swap_nbi(c, &f1, &a[2], 42, pe);                                                  \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_fetch_nbi(c, &f2, &a[2], pe);                                                     \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(f1 == 41 && f2 == 42, #T " swap_nbi %ld, fetch_nbi %ld", (long)f1, (long)f2);        \
  }                                                                                                \
  static void N##_check_amos(const struct peers *p) {                                              \
    const T *a = N##_amo[p->round];                                                                \
    CHECK_MSG(a[0] == 21 && a[1] == 11 && a[2] == 42,                                              \
              "round %d: " #T " words %ld %ld %ld after PE %d", p->round, (long)a[0], (long)a[1],  \
              (long)a[2], p->from);                                                                \
  }
AMO_STANDARD(int, int)
AMO_STANDARD(unsigned long long, ullong)
AMO_STANDARD(int64_t, int64)

/* Extended-only types: set, fetch, swap and their nbi forms. */
#define AMO_EXTENDED(T, N)                                                                         \
  static T N##_amo[ROUNDS];                                                                        \
  static void N##_amos(const struct peers *p) {                                                    \
    T *a = &N##_amo[p->round], f1 = 0, f2 = 0;                                                     \
    shmem_atomic_set(p->ctx, a, (T)1.5, p->target);                                                \
    shmem_ctx_quiet(p->ctx);                                                                       \
    CHECK_MSG(shmem_atomic_fetch(p->ctx, a, p->target) == (T)1.5, #T " set/fetch");                \
    CHECK_MSG(shmem_atomic_swap(p->ctx, a, (T)2.5, p->target) == (T)1.5, #T " swap");              \
    shmem_atomic_swap_nbi(p->ctx, &f1, a, (T)3.5, p->target);                                      \
    shmem_ctx_quiet(p->ctx);                                                                       \
    shmem_atomic_fetch_nbi(p->ctx, &f2, a, p->target);                                             \
    shmem_ctx_quiet(p->ctx);                                                                       \
    CHECK_MSG(f1 == (T)2.5 && f2 == (T)3.5, #T " swap_nbi %g fetch_nbi %g", (double)f1,            \
              (double)f2);                                                                         \
  }                                                                                                \
  static void N##_check_amos(const struct peers *p) {                                              \
    CHECK_MSG(N##_amo[p->round] == (T)3.5, "round %d: " #T " word %g after PE %d", p->round,       \
              (double)N##_amo[p->round], p->from);                                                 \
  }
AMO_EXTENDED(float, float)
AMO_EXTENDED(double, double)

/* Bitwise table: fetch_and/or/xor, and/or/xor and the fetching nbi forms. */
#define AMO_BITWISE(T, N)                                                                          \
  static T N##_bits[ROUNDS];                                                                       \
  static void N##_amos(const struct peers *p) {                                                    \
    T *a = &N##_bits[p->round], f1 = 0, f2 = 0, f3 = 0;                                            \
    shmem_ctx_t c = p->ctx;                                                                        \
    const int pe = p->target;                                                                      \
    shmem_atomic_or(c, a, 0xF0, pe);                                                               \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(shmem_atomic_fetch_or(c, a, 0x0F, pe) == 0xF0, #T " fetch_or");                      \
    CHECK_MSG(shmem_atomic_fetch_and(c, a, 0x3C, pe) == 0xFF, #T " fetch_and");                    \
    CHECK_MSG(shmem_atomic_fetch_xor(c, a, 0x01, pe) == 0x3C, #T " fetch_xor");                    \
    shmem_atomic_and(c, a, 0x3F, pe);                                                              \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_xor(c, a, 0x80, pe);                                                              \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_fetch_or_nbi(c, &f1, a, 0x100, pe);                                               \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_fetch_and_nbi(c, &f2, a, 0x1FE, pe);                                              \
    shmem_ctx_quiet(c);                                                                            \
    shmem_atomic_fetch_xor_nbi(c, &f3, a, 0x2, pe);                                                \
    shmem_ctx_quiet(c);                                                                            \
    CHECK_MSG(f1 == 0xBD && f2 == 0x1BD && f3 == 0x1BC, #T " nbi fetched %#lx %#lx %#lx",          \
              (unsigned long)f1, (unsigned long)f2, (unsigned long)f3);                            \
  }                                                                                                \
  static void N##_check_amos(const struct peers *p) {                                              \
    CHECK_MSG(N##_bits[p->round] == 0x1BE, "round %d: " #T " bits %#lx after PE %d", p->round,     \
              (unsigned long)N##_bits[p->round], p->from);                                         \
  }
AMO_BITWISE(unsigned int, uint)
AMO_BITWISE(uint64_t, uint64)

static void send(const struct peers *p) {
  long_puts(p), double_puts(p), short_puts(p), uint8_puts(p);
  int_amos(p), ullong_amos(p), int64_amos(p), float_amos(p), double_amos(p);
  uint_amos(p), uint64_amos(p);
  shmem_signal_add(p->ctx, &sig_add[p->round], 5 + (uint64_t)shmem_my_pe(), p->target);
  shmem_signal_set(p->ctx, &sig_set[p->round], 7 + (uint64_t)shmem_my_pe(), p->target);
  long_gets(p), double_gets(p), short_gets(p), uint8_gets(p);
  shmem_ctx_quiet(p->ctx);
}

static void receive(const struct peers *p) {
  /* put_signal: the data of each put is complete when its signal is seen. */
  shmem_signal_wait_until(&sig_puts[p->round], SHMEM_CMP_EQ, RMA_TYPES);
  long_check_puts(p, 1), double_check_puts(p, 1), short_check_puts(p, 1), uint8_check_puts(p, 1);
  shmem_barrier_all(); /* the sender's quiet is done */
  long_check_puts(p, 0), double_check_puts(p, 0), short_check_puts(p, 0), uint8_check_puts(p, 0);
  const uint64_t from = (uint64_t)p->from;
  CHECK_MSG(sig_puts_nbi[p->round] == 1000 + from, "put_signal_nbi SET gave %lu",
            (unsigned long)sig_puts_nbi[p->round]);
  CHECK_MSG(sig_add[p->round] == 5 + from, "signal_add gave %lu", (unsigned long)sig_add[p->round]);
  CHECK_MSG(sig_set[p->round] == 7 + from, "signal_set gave %lu", (unsigned long)sig_set[p->round]);
  int_check_amos(p), ullong_check_amos(p), int64_check_amos(p);
  float_check_amos(p), double_check_amos(p), uint_check_amos(p), uint64_check_amos(p);
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  long_init(), double_init(), short_init(), uint8_init();
  shmem_barrier_all();

  struct peers world = {SHMEM_CTX_INVALID, (me + 1) % n, (me + n - 1) % n, (me + 1) % n, 0};
  CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &world.ctx) == 0);
  send(&world);
  receive(&world);
  shmem_ctx_destroy(world.ctx);

  shmem_team_t backwards = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &backwards) == 0);
  struct peers team = {SHMEM_CTX_INVALID, me, n - 1 - me, n - 1 - me, 1};
  CHECK(shmem_team_create_ctx(backwards, SHMEM_CTX_SERIALIZED, &team.ctx) == 0);
  CHECK_MSG(shmem_team_my_pe(backwards) == n - 1 - me, "team PE %d", shmem_team_my_pe(backwards));
  send(&team);
  receive(&team);
  shmem_ctx_destroy(team.ctx);
  shmem_team_destroy(backwards);
  CHECK_DONE();
}
