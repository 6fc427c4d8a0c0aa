/* The C11 type-generic RMA names of section 9.6 (shmem_put, shmem_p,
 * shmem_iput, shmem_ibget, ...), plain and with a ctx argument, for every
 * type of the standard RMA type table. Each call must select the routine of
 * its pointer's type: a wrong selection moves the wrong number of bytes or
 * converts the values, which the checks see. Compiled as C11. */
#include <shmem.h>
#include <string.h>

#include "check.h"

#if !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "this test is about the C11 generic interfaces: compile it as C11"
#endif

enum { GLEN = 24 };
/* One destination slot per put call, one local slot per get call. */
enum {
  P_PUT,
  P_PUT_CTX,
  P_P,
  P_P_CTX,
  P_IPUT,
  P_IPUT_CTX,
  P_IBPUT,
  P_IBPUT_CTX,
  P_NBI,
  P_NBI_CTX,
  N_PUTS
};
enum {
  G_GET,
  G_GET_CTX,
  G_G,
  G_G_CTX,
  G_IGET,
  G_IGET_CTX,
  G_IBGET,
  G_IBGET_CTX,
  G_NBI,
  G_NBI_CTX,
  N_GETS
};

typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *buf, size_t i, long v);
  long (*at)(const void *buf, size_t i);
  void (*puts)(void *local, int pe); /* every put form, from local */
  void (*gets)(void *local, int pe); /* every get form, into local[N_GETS][GLEN] */
  void *src;                         /* static T[GLEN] */
  void *dst;                         /* static T[N_PUTS][GLEN] */
} generic_kind;

/* Only the calls are stamped per type; what they must do is checked by the
 * functions below, once for all types.
 *
 * The generic names expand to SHMEMI_RMA_TYPES themselves, and the
 * preprocessor does not expand a macro again inside its own expansion. So
 * the stamped code names them through LATER(x), which keeps them from being
 * expanded while the table is, and the table is expanded as the argument of
 * AGAIN(), whose rescan then expands the generic calls. */
#define NOTHING()
#define LATER(name) shmem_##name NOTHING()
#define AGAIN(...) __VA_ARGS__

#define GENERIC_KIND(A, T, N)                                                                      \
  static T N##_src[GLEN], N##_dst[N_PUTS][GLEN];                                                   \
  static void N##_set(void *b, size_t i, long v) { ((T *)b)[i] = (T)v; }                           \
  static long N##_at(const void *b, size_t i) { return (long)((const T *)b)[i]; }                  \
  static void N##_puts(void *local, int pe) {                                                      \
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                                     \
    const T *s = local;                                                                            \
    T(*d)[GLEN] = N##_dst;                                                                         \
    LATER(put)(d[P_PUT], s, GLEN, pe);                                                             \
    LATER(put)(ctx, d[P_PUT_CTX], s, GLEN, pe);                                                    \
    for (size_t i = 0; i < GLEN; ++i) {                                                            \
      LATER(p)(&d[P_P][i], s[i], pe);                                                              \
      LATER(p)(ctx, &d[P_P_CTX][i], s[i], pe);                                                     \
    }                                                                                              \
    LATER(iput)(d[P_IPUT], s, 2, 3, GLEN / 3, pe);                                                 \
    LATER(iput)(ctx, d[P_IPUT_CTX], s, 2, 3, GLEN / 3, pe);                                        \
    LATER(ibput)(d[P_IBPUT], s, 4, 3, 2, GLEN / 4, pe);                                            \
    LATER(ibput)(ctx, d[P_IBPUT_CTX], s, 4, 3, 2, GLEN / 4, pe);                                   \
    LATER(put_nbi)(d[P_NBI], s, GLEN, pe);                                                         \
    LATER(put_nbi)(ctx, d[P_NBI_CTX], s, GLEN, pe);                                                \
  }                                                                                                \
  static void N##_gets(void *local, int pe) {                                                      \
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                                     \
    const T *s = N##_src;                                                                          \
    T(*d)[GLEN] = local;                                                                           \
    LATER(get)(d[G_GET], s, GLEN, pe);                                                             \
    LATER(get)(ctx, d[G_GET_CTX], s, GLEN, pe);                                                    \
    for (size_t i = 0; i < GLEN; ++i) {                                                            \
      d[G_G][i] = LATER(g)(&s[i], pe);                                                             \
      d[G_G_CTX][i] = LATER(g)(ctx, &s[i], pe);                                                    \
    }                                                                                              \
    LATER(iget)(d[G_IGET], s, 3, 2, GLEN / 3, pe);                                                 \
    LATER(iget)(ctx, d[G_IGET_CTX], s, 3, 2, GLEN / 3, pe);                                        \
    LATER(ibget)(d[G_IBGET], s, 3, 4, 2, GLEN / 4, pe);                                            \
    LATER(ibget)(ctx, d[G_IBGET_CTX], s, 3, 4, 2, GLEN / 4, pe);                                   \
    LATER(get_nbi)(d[G_NBI], s, GLEN, pe);                                                         \
    LATER(get_nbi)(ctx, d[G_NBI_CTX], s, GLEN, pe);                                                \
    shmem_quiet();                                                                                 \
  }
AGAIN(SHMEMI_RMA_TYPES(GENERIC_KIND, ~))

#define GENERIC_ROW(A, T, N) {#N, sizeof(T), N##_set, N##_at, N##_puts, N##_gets, N##_src, N##_dst},
static const generic_kind kinds[] = {SHMEMI_RMA_TYPES(GENERIC_ROW, ~)};

static long val(int pe, size_t i) { return (pe * 13 + (long)i * 5) % 89 + 1; }

/* What a slot holds after a call with these strides: nblocks blocks of
 * bsize, dst apart in the slot and sst apart in the source. Zero elsewhere. */
typedef struct {
  const char *form;
  size_t dst, sst, bsize, nblocks;
} shape;

static const shape put_shapes[N_PUTS] = {
    {"put", GLEN, GLEN, GLEN, 1},     {"put(ctx)", GLEN, GLEN, GLEN, 1},
    {"p", GLEN, GLEN, GLEN, 1},       {"p(ctx)", GLEN, GLEN, GLEN, 1},
    {"iput", 2, 3, 1, GLEN / 3},      {"iput(ctx)", 2, 3, 1, GLEN / 3},
    {"ibput", 4, 3, 2, GLEN / 4},     {"ibput(ctx)", 4, 3, 2, GLEN / 4},
    {"put_nbi", GLEN, GLEN, GLEN, 1}, {"put_nbi(ctx)", GLEN, GLEN, GLEN, 1}};
static const shape get_shapes[N_GETS] = {
    {"get", GLEN, GLEN, GLEN, 1},     {"get(ctx)", GLEN, GLEN, GLEN, 1},
    {"g", GLEN, GLEN, GLEN, 1},       {"g(ctx)", GLEN, GLEN, GLEN, 1},
    {"iget", 3, 2, 1, GLEN / 3},      {"iget(ctx)", 3, 2, 1, GLEN / 3},
    {"ibget", 3, 4, 2, GLEN / 4},     {"ibget(ctx)", 3, 4, 2, GLEN / 4},
    {"get_nbi", GLEN, GLEN, GLEN, 1}, {"get_nbi(ctx)", GLEN, GLEN, GLEN, 1}};

static void expect_slot(const generic_kind *k, const shape *s, const char *slot, int pe) {
  for (size_t i = 0; i < GLEN; ++i) {
    const size_t b = i / s->dst, j = i % s->dst;
    const long want = b < s->nblocks && j < s->bsize ? val(pe, b * s->sst + j) : 0;
    const long got = k->at(slot, i);
    CHECK_MSG(got == want, "shmem_%s on %s (pe %d): element %zu is %ld, expected %ld", s->form,
              k->name, pe, i, got, want);
    if (got != want) return;
  }
}

static void run_kind(const generic_kind *k, int target, int from) {
  enum { MAX_ELEM = 16 };
  /* The puts' source stays untouched until the barrier completes them: a
   * nonblocking put may read it until then. */
  _Alignas(16) unsigned char source[GLEN * MAX_ELEM], local[N_GETS * GLEN * MAX_ELEM];
  const size_t slot = GLEN * k->size;
  memset(k->dst, 0, N_PUTS * slot);
  memset(local, 0, sizeof local);
  for (size_t i = 0; i < GLEN; ++i) {
    k->set(k->src, i, val(shmem_my_pe(), i));
    k->set(source, i, val(shmem_my_pe(), i));
  }
  shmem_barrier_all();
  k->puts(source, target);
  k->gets(local, target);
  for (int g = 0; g < N_GETS; ++g) expect_slot(k, &get_shapes[g], (char *)local + g * slot, target);
  shmem_barrier_all();
  for (int p = 0; p < N_PUTS; ++p) expect_slot(k, &put_shapes[p], (char *)k->dst + p * slot, from);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i) {
    run_kind(&kinds[i], (me + 1) % npes, (me + npes - 1) % npes);
    run_kind(&kinds[i], me, me);
  }
  CHECK_DONE();
}
