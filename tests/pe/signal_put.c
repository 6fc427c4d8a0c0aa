/* Put-with-signal (section 9.8): every typed (table), SIZE and mem routine,
 * blocking and _nbi, plain and ctx (and for typed ones also the C11
 * generic name, plain and ctx), with SHMEM_SIGNAL_SET and SHMEM_SIGNAL_ADD.
 *
 * Every PE sends to its right neighbour, round after round, sizes from one
 * element to 1 MiB, into heap or static buffers, with the signal in heap or
 * static memory. The receiver waits with shmem_signal_wait_until for the
 * signal of that round, then every byte of the round's data must be there
 * (data is delivered before the signal), the returned and fetched signal
 * must be the round's, and it acknowledges with shmem_signal_add or
 * shmem_signal_set (plain or ctx) before the sender may reuse the buffer.
 * Then all PEs shmem_signal_add and shmem_signal_set one signal at once. */
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define MAX_BYTES (1u << 20)

enum {
  F_PLAIN,
  F_NBI,
  F_CTX,
  F_CTX_NBI,
  F_GENERIC,
  F_GENERIC_NBI,
  F_GENERIC_CTX,
  F_GENERIC_CTX_NBI,
  N_FORMS
};
static const char *const form_names[N_FORMS] = {"put_signal",
                                                "put_signal_nbi",
                                                "ctx put_signal",
                                                "ctx put_signal_nbi",
                                                "generic put_signal",
                                                "generic put_signal_nbi",
                                                "generic ctx put_signal",
                                                "generic ctx put_signal_nbi"};

typedef void send_fn(int form, void *d, const void *s, size_t n, uint64_t *sig, uint64_t value,
                     int op, int pe);

/* One kind of element: a type of the table, a SIZE, or bytes. */
typedef struct {
  const char *name;
  size_t size;
  int forms; /* F_CTX_NBI + 1, or N_FORMS with the generic names */
  send_fn *send;
} kind;

#define SIG_ARGS sig, value, op, pe
#define SEND_CASES(NAME, T)                                                                        \
  case F_PLAIN: shmem_##NAME##_signal((T *)d, (const T *)s, n, SIG_ARGS); break;                   \
  case F_NBI: shmem_##NAME##_signal_nbi((T *)d, (const T *)s, n, SIG_ARGS); break;                 \
  case F_CTX:                                                                                      \
    shmem_ctx_##NAME##_signal(SHMEM_CTX_DEFAULT, (T *)d, (const T *)s, n, SIG_ARGS);               \
    break;                                                                                         \
  case F_CTX_NBI:                                                                                  \
    shmem_ctx_##NAME##_signal_nbi(SHMEM_CTX_DEFAULT, (T *)d, (const T *)s, n, SIG_ARGS);           \
    break;

/* The generic names expand to SHMEMI_RMA_TYPES themselves, so inside the
 * table's expansion they are named through LATER() and expanded by the
 * rescan of AGAIN() (see rma_generic.c). */
#define NOTHING()
#define LATER(name) shmem_##name NOTHING()
#define AGAIN(...) __VA_ARGS__

#define TYPED_KIND(A, T, N)                                                                        \
  static void N##_send(int f, void *d, const void *s, size_t n, uint64_t *sig, uint64_t value,     \
                       int op, int pe) {                                                           \
    T *dt = (T *)d;                                                                                \
    const T *st = (const T *)s;                                                                    \
    switch (f) {                                                                                   \
      SEND_CASES(N##_put, T)                                                                       \
    case F_GENERIC: LATER(put_signal)(dt, st, n, SIG_ARGS); break;                                 \
    case F_GENERIC_NBI: LATER(put_signal_nbi)(dt, st, n, SIG_ARGS); break;                         \
    case F_GENERIC_CTX: LATER(put_signal)(SHMEM_CTX_DEFAULT, dt, st, n, SIG_ARGS); break;          \
    default: LATER(put_signal_nbi)(SHMEM_CTX_DEFAULT, dt, st, n, SIG_ARGS); break;                 \
    }                                                                                              \
  }
AGAIN(SHMEMI_RMA_TYPES(TYPED_KIND, ~))
#define TYPED_ROW(A, T, N) {#N, sizeof(T), N_FORMS, N##_send},

#define SIZED_KIND(A, BITS, BYTES)                                                                 \
  static void size##BITS##_send(int f, void *d, const void *s, size_t n, uint64_t *sig,            \
                                uint64_t value, int op, int pe) {                                  \
    switch (f) { SEND_CASES(put##BITS, void) }                                                     \
  }
SHMEMI_RMA_SIZES(SIZED_KIND, ~)
#define SIZED_ROW(A, BITS, BYTES) {"put" #BITS, BYTES, F_CTX_NBI + 1, size##BITS##_send},

static void mem_send(int f, void *d, const void *s, size_t n, uint64_t *sig, uint64_t value, int op,
                     int pe) {
  switch (f) { SEND_CASES(putmem, void) }
}

static const kind kinds[] = {SHMEMI_RMA_TYPES(TYPED_ROW, ~) SHMEMI_RMA_SIZES(SIZED_ROW, ~){
    "putmem", 1, F_CTX_NBI + 1, mem_send}};
enum { N_KINDS = sizeof(kinds) / sizeof(kinds[0]) };

static const size_t sizes[] = {0 /* one element */, 40, 1000, 4096 + 48, 65536 + 16, MAX_BYTES};
enum { N_SIZES = sizeof(sizes) / sizeof(sizes[0]) };

static _Alignas(16) unsigned char static_dst[MAX_BYTES];
static uint64_t static_sig, ack;
static int me, npes;

static unsigned char pattern(size_t k, int round, int from) {
  return (unsigned char)(k * 7 + (k >> 9) + (size_t)round * 13 + (size_t)from * 29);
}

/* Round r: its route (kind and form), size, buffers and signal. */
typedef struct {
  const kind *k;
  int form, op;
  size_t nelems, bytes;
  unsigned char *dst;
  uint64_t *sig;
  uint64_t expect; /* the signal's value once this round's signal landed */
} round_t;

typedef struct {
  int kind, form;
} route;

static round_t plan_round(int r, const route *routes, int nroutes, unsigned char *heap_dst,
                          uint64_t *heap_sig) {
  const route *rt = &routes[r % nroutes];
  round_t c;
  c.k = &kinds[rt->kind];
  c.form = rt->form;
  c.op = (r + r / nroutes) % 2 ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
  const size_t want = sizes[(size_t)(r * 7 + r / nroutes) % N_SIZES];
  c.nelems = want < c.k->size ? 1 : want / c.k->size;
  c.bytes = c.nelems * c.k->size;
  c.dst = (r / 2) % 2 ? static_dst : heap_dst;
  c.sig = r % 2 ? &static_sig : heap_sig;
  c.expect = (uint64_t)(r / 2) + 1; /* each signal word serves every other round */
  return c;
}

#define ROUND_FAIL(c, r, cond, fmt, ...)                                                           \
  CHECK_MSG(!(cond), "round %d, %s %s (%s, %zu bytes): " fmt, r, (c)->k->name,                     \
            form_names[(c)->form], (c)->op == SHMEM_SIGNAL_SET ? "SET" : "ADD", (c)->bytes,        \
            __VA_ARGS__)

static void receive(const round_t *c, int r, int left) {
  const uint64_t got = shmem_signal_wait_until(c->sig, SHMEM_CMP_GE, c->expect);
  ROUND_FAIL(c, r, got != c->expect, "signal_wait_until returned %llu, expected %llu",
             (unsigned long long)got, (unsigned long long)c->expect);
  for (size_t k = 0; k < c->bytes; ++k)
    if (c->dst[k] != pattern(k, r, left)) {
      ROUND_FAIL(c, r, 1, "byte %zu is %u, expected %u when the signal came", k, c->dst[k],
                 pattern(k, r, left));
      break;
    }
  const uint64_t fetched = shmem_signal_fetch(c->sig);
  ROUND_FAIL(c, r, fetched != c->expect, "signal_fetch returned %llu", (unsigned long long)fetched);
  switch (r % 4) { /* acknowledge: the sender's count of rounds done */
  case 0: shmem_signal_add(&ack, 1, left); break;
  case 1: shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, &ack, 1, left); break;
  case 2: shmem_signal_set(&ack, (uint64_t)r + 1, left); break;
  default: shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, &ack, (uint64_t)r + 1, left); break;
  }
}

static void ping_rounds(unsigned char *heap_dst, uint64_t *heap_sig) {
  const int left = (me + npes - 1) % npes, right = (me + 1) % npes;
  route routes[N_KINDS * N_FORMS];
  int nroutes = 0;
  for (int k = 0; k < N_KINDS; ++k)
    for (int f = 0; f < kinds[k].forms; ++f) routes[nroutes++] = (route){k, f};
  unsigned char *src = (unsigned char *)malloc(MAX_BYTES);
  const int rounds = 2 * nroutes;
  for (int r = 0; r < rounds; ++r) {
    const round_t c = plan_round(r, routes, nroutes, heap_dst, heap_sig);
    shmem_signal_wait_until(&ack, SHMEM_CMP_GE, (uint64_t)r); /* right is done with round r-1 */
    for (size_t k = 0; k < c.bytes; ++k) src[k] = pattern(k, r, me);
    const uint64_t value = c.op == SHMEM_SIGNAL_SET ? c.expect : 1;
    c.k->send(c.form, c.dst, src, c.nelems, c.sig, value, c.op, right);
    receive(&c, r, left);
    shmem_quiet(); /* src may be refilled */
  }
  free(src);
}

/* Every PE adds to, then sets, signals on every PE at once. */
static void contend(uint64_t *sigs) {
  uint64_t *sum = &sigs[0], *slots = &sigs[1]; /* slots[npes] */
  shmem_barrier_all();
  for (int pe = 0; pe < npes; ++pe) {
    shmem_signal_add(sum, (uint64_t)me + 1, pe);
    shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, sum, 100 * ((uint64_t)me + 1), pe);
    if ((me + pe) % 2)
      shmem_signal_set(&slots[me], 7 + (uint64_t)me, pe);
    else
      shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, &slots[me], 7 + (uint64_t)me, pe);
  }
  shmem_barrier_all();
  const uint64_t want = 101 * (uint64_t)npes * ((uint64_t)npes + 1) / 2;
  CHECK_MSG(shmem_signal_fetch(sum) == want, "signal_add from all PEs: %llu, expected %llu",
            (unsigned long long)shmem_signal_fetch(sum), (unsigned long long)want);
  for (int pe = 0; pe < npes; ++pe)
    CHECK_MSG(shmem_signal_fetch(&slots[pe]) == 7 + (uint64_t)pe, "signal_set slot %d: %llu", pe,
              (unsigned long long)shmem_signal_fetch(&slots[pe]));
}

int main(void) {
  CHECK_INIT();
  unsigned char *heap_dst = (unsigned char *)shmem_malloc(MAX_BYTES);
  uint64_t *sigs = (uint64_t *)shmem_calloc((size_t)npes + 2, sizeof(uint64_t));
  ping_rounds(heap_dst, &sigs[(size_t)npes + 1]);
  contend(sigs);
  shmem_barrier_all();
  shmem_free(sigs);
  shmem_free(heap_dst);
  CHECK_DONE();
}
