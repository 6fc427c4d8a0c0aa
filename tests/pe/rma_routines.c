/* Every RMA routine of section 9.6 by its typed name: shmem_TYPENAME_* for
 * each row of the standard RMA type table, the SIZE forms (8 to 128 bits)
 * and the mem forms, each also as shmem_ctx_* on SHMEM_CTX_DEFAULT.
 *
 * Each case writes into and reads from a symmetric heap buffer and a static
 * array, on the right neighbour and on this PE itself. Puts land in slices
 * of a zeroed destination (one slice per put routine) and every element
 * outside what a routine should write must stay zero, so strides are
 * checked as well as values. */
#include <shmem.h>
#include <stdalign.h>
#include <string.h>

#include "check.h"

enum { LEN = 32, MAX_ELEM = 16 }; /* elements per slice; bytes of the largest element */
enum { S_PUT, S_P, S_IPUT, S_IBPUT, S_PUT_NBI, N_SLICES };

/* Element accessors and the routines of one kind of element (a type of
 * the table, a SIZE, or bytes). The routines take `ctx`: 0 calls the plain
 * name, 1 the shmem_ctx_ name on SHMEM_CTX_DEFAULT. Kinds without p/g or
 * strided forms leave those NULL. */
typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *buf, size_t i, long v);
  long (*at)(const void *buf, size_t i);
  void (*put)(int ctx, void *d, const void *s, size_t n, int pe);
  void (*get)(int ctx, void *d, const void *s, size_t n, int pe);
  void (*put_nbi)(int ctx, void *d, const void *s, size_t n, int pe);
  void (*get_nbi)(int ctx, void *d, const void *s, size_t n, int pe);
  void (*iput)(int ctx, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe);
  void (*iget)(int ctx, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe);
  void (*ibput)(int ctx, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                size_t nblocks, int pe);
  void (*ibget)(int ctx, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                size_t nblocks, int pe);
  void (*p)(int ctx, void *d, long v, int pe);
  long (*g)(int ctx, const void *s, int pe);
  void *static_src; /* LEN elements */
  void *static_dst; /* N_SLICES * LEN elements */
} kind;

#define PAIR(NAME, ctx, ...)                                                                       \
  ((ctx) ? shmem_ctx_##NAME(SHMEM_CTX_DEFAULT, __VA_ARGS__) : shmem_##NAME(__VA_ARGS__))

/* Wrappers with the kind's signatures around shmem_NAME / shmem_ctx_NAME. */
#define CONTIG_WRAPPERS(K, PUT, GET, PUT_NBI, GET_NBI)                                             \
  static void K##_put(int c, void *d, const void *s, size_t n, int pe) {                           \
    PAIR(PUT, c, d, s, n, pe);                                                                     \
  }                                                                                                \
  static void K##_get(int c, void *d, const void *s, size_t n, int pe) {                           \
    PAIR(GET, c, d, s, n, pe);                                                                     \
  }                                                                                                \
  static void K##_put_nbi(int c, void *d, const void *s, size_t n, int pe) {                       \
    PAIR(PUT_NBI, c, d, s, n, pe);                                                                 \
  }                                                                                                \
  static void K##_get_nbi(int c, void *d, const void *s, size_t n, int pe) {                       \
    PAIR(GET_NBI, c, d, s, n, pe);                                                                 \
  }
#define STRIDED_WRAPPERS(K, IPUT, IGET, IBPUT, IBGET)                                              \
  static void K##_iput(int c, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss, size_t n,        \
                       int pe) {                                                                   \
    PAIR(IPUT, c, d, s, ds, ss, n, pe);                                                            \
  }                                                                                                \
  static void K##_iget(int c, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss, size_t n,        \
                       int pe) {                                                                   \
    PAIR(IGET, c, d, s, ds, ss, n, pe);                                                            \
  }                                                                                                \
  static void K##_ibput(int c, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss, size_t bs,      \
                        size_t nb, int pe) {                                                       \
    PAIR(IBPUT, c, d, s, ds, ss, bs, nb, pe);                                                      \
  }                                                                                                \
  static void K##_ibget(int c, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss, size_t bs,      \
                        size_t nb, int pe) {                                                       \
    PAIR(IBGET, c, d, s, ds, ss, bs, nb, pe);                                                      \
  }

/* Typed kinds: one per row of the standard RMA type table. */
#define TYPED_KIND(A, T, N)                                                                        \
  static T N##_static_src[LEN], N##_static_dst[N_SLICES * LEN];                                    \
  static void N##_set(void *b, size_t i, long v) { ((T *)b)[i] = (T)v; }                           \
  static long N##_at(const void *b, size_t i) { return (long)((const T *)b)[i]; }                  \
  CONTIG_WRAPPERS(N, N##_put, N##_get, N##_put_nbi, N##_get_nbi)                                   \
  STRIDED_WRAPPERS(N, N##_iput, N##_iget, N##_ibput, N##_ibget)                                    \
  static void N##_p(int c, void *d, long v, int pe) { PAIR(N##_p, c, d, (T)v, pe); }               \
  static long N##_g(int c, const void *s, int pe) { return (long)PAIR(N##_g, c, s, pe); }
SHMEMI_RMA_TYPES(TYPED_KIND, ~)

#define TYPED_ROW(A, T, N)                                                                         \
  {#N,       sizeof(T), N##_set,   N##_at,    N##_put, N##_get, N##_put_nbi,    N##_get_nbi,       \
   N##_iput, N##_iget,  N##_ibput, N##_ibget, N##_p,   N##_g,   N##_static_src, N##_static_dst},

/* SIZE and mem kinds: an element of B bytes holds v as the bytes v, v+3,
 * v+6, ... so that a misplaced or partial element reads back as -1. */
static void bytes_set(void *b, size_t i, long v, size_t size) {
  unsigned char *e = (unsigned char *)b + i * size;
  for (size_t k = 0; k < size; ++k) e[k] = (unsigned char)(v + 3 * (long)k);
}
static long bytes_at(const void *b, size_t i, size_t size) {
  const unsigned char *e = (const unsigned char *)b + i * size;
  for (size_t k = 1; k < size; ++k)
    if (e[k] != (unsigned char)(e[0] + 3 * k)) return -1;
  return e[0];
}

#define SIZED_KIND(A, BITS, BYTES)                                                                 \
  static alignas(16) unsigned char size##BITS##_static_src[LEN * BYTES],                           \
      size##BITS##_static_dst[N_SLICES * LEN * BYTES];                                             \
  static void size##BITS##_set(void *b, size_t i, long v) { bytes_set(b, i, v, BYTES); }           \
  static long size##BITS##_at(const void *b, size_t i) { return bytes_at(b, i, BYTES); }           \
  CONTIG_WRAPPERS(size##BITS, put##BITS, get##BITS, put##BITS##_nbi, get##BITS##_nbi)              \
  STRIDED_WRAPPERS(size##BITS, iput##BITS, iget##BITS, ibput##BITS, ibget##BITS)
SHMEMI_RMA_SIZES(SIZED_KIND, ~)

#define SIZED_ROW(A, BITS, BYTES)                                                                  \
  {"size" #BITS,                                                                                   \
   BYTES,                                                                                          \
   size##BITS##_set,                                                                               \
   size##BITS##_at,                                                                                \
   size##BITS##_put,                                                                               \
   size##BITS##_get,                                                                               \
   size##BITS##_put_nbi,                                                                           \
   size##BITS##_get_nbi,                                                                           \
   size##BITS##_iput,                                                                              \
   size##BITS##_iget,                                                                              \
   size##BITS##_ibput,                                                                             \
   size##BITS##_ibget,                                                                             \
   NULL,                                                                                           \
   NULL,                                                                                           \
   size##BITS##_static_src,                                                                        \
   size##BITS##_static_dst},

static unsigned char mem_static_src[LEN], mem_static_dst[N_SLICES * LEN];
static void mem_set(void *b, size_t i, long v) { bytes_set(b, i, v, 1); }
static long mem_at(const void *b, size_t i) { return bytes_at(b, i, 1); }
CONTIG_WRAPPERS(mem, putmem, getmem, putmem_nbi, getmem_nbi)

static const kind kinds[] = {
    SHMEMI_RMA_TYPES(TYPED_ROW, ~) SHMEMI_RMA_SIZES(SIZED_ROW, ~){
        "mem", 1, mem_set, mem_at, mem_put, mem_get, mem_put_nbi, mem_get_nbi, NULL, NULL, NULL,
        NULL, NULL, NULL, mem_static_src, mem_static_dst},
};

/* One case: a kind, where the symmetric buffers are, whom to talk to, and
 * whether to use the ctx names. */
typedef struct {
  const kind *k;
  void *src, *dst;
  const char *space;
  int target; /* PE the routines are called with */
  int from;   /* PE whose puts land here */
  int ctx;
  int salt; /* makes every case's values differ from the last one's */
} rma_case;

/* Small values (1..97) that every type of the table holds exactly. */
static long val(int pe, size_t i, int salt) { return (pe * 31 + (long)i * 7 + salt) % 97 + 1; }

static void fill(const kind *k, void *buf, size_t n, int pe, int salt) {
  for (size_t i = 0; i < n; ++i) k->set(buf, i, val(pe, i, salt));
}

static int all_zero(const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; ++i)
    if (b[i]) return 0;
  return 1;
}

/* buf[0..LEN) must hold a blocked copy of val(pe, ., salt): nblocks blocks
 * of bsize elements, dst apart in buf and sst apart in the source. Every
 * other element must still be zero. Reports the first wrong element. */
static void expect_blocks(const rma_case *c, const char *routine, const void *buf, size_t dst,
                          size_t sst, size_t bsize, size_t nblocks, int pe) {
  const kind *k = c->k;
  for (size_t i = 0; i < LEN; ++i) {
    const size_t b = i / dst, j = i % dst;
    const int written = b < nblocks && j < bsize;
    const long want = written ? val(pe, b * sst + j, c->salt) : 0;
    const long got = k->at(buf, i);
    const int ok = written ? got == want : all_zero((const char *)buf + i * k->size, k->size);
    CHECK_MSG(ok, "%s%s_%s (%s, pe %d): element %zu is %ld, expected %ld", c->ctx ? "ctx_" : "",
              k->name, routine, c->space, c->target, i, got, want);
    if (!ok) return;
  }
}

static void expect_contig(const rma_case *c, const char *routine, const void *buf, size_t n,
                          int pe) {
  expect_blocks(c, routine, buf, LEN, LEN, n, 1, pe);
}

static char *slice(const rma_case *c, int s) {
  return (char *)c->dst + (size_t)s * LEN * c->k->size;
}

/* The put routines, each into its own slice. nbi puts go in two halves. */
static void issue_puts(const rma_case *c, const void *local) {
  const kind *k = c->k;
  const size_t half = LEN / 2 * k->size;
  k->put(c->ctx, slice(c, S_PUT), local, LEN, c->target);
  k->put_nbi(c->ctx, slice(c, S_PUT_NBI), local, LEN / 2, c->target);
  k->put_nbi(c->ctx, slice(c, S_PUT_NBI) + half, (const char *)local + half, LEN / 2, c->target);
  if (k->p)
    for (size_t i = 0; i < LEN; ++i)
      k->p(c->ctx, slice(c, S_P) + i * k->size, val(shmem_my_pe(), i, c->salt), c->target);
  if (k->iput) {
    k->iput(c->ctx, slice(c, S_IPUT), local, 3, 2, 8, c->target);
    k->ibput(c->ctx, slice(c, S_IBPUT), local, 5, 4, 3, 4, c->target);
  }
}

static void expect_puts(const rma_case *c) {
  expect_contig(c, "put", slice(c, S_PUT), LEN, c->from);
  expect_contig(c, "put_nbi", slice(c, S_PUT_NBI), LEN, c->from);
  if (c->k->p)
    expect_contig(c, "p", slice(c, S_P), LEN, c->from);
  else
    CHECK(all_zero(slice(c, S_P), LEN * c->k->size));
  if (c->k->iput) {
    expect_blocks(c, "iput", slice(c, S_IPUT), 3, 2, 1, 8, c->from);
    expect_blocks(c, "ibput", slice(c, S_IBPUT), 5, 4, 3, 4, c->from);
  }
}

/* The get routines from the target's source array; each is checked as
 * soon as it returns (get_nbi after a quiet). */
static void run_gets(const rma_case *c) {
  const kind *k = c->k;
  alignas(16) unsigned char local[LEN * MAX_ELEM];
  memset(local, 0, sizeof local);
  k->get(c->ctx, local, c->src, LEN, c->target);
  expect_contig(c, "get", local, LEN, c->target);
  memset(local, 0, sizeof local);
  k->get_nbi(c->ctx, local, c->src, LEN / 2, c->target);
  shmem_quiet();
  expect_contig(c, "get_nbi", local, LEN / 2, c->target);
  if (k->g)
    for (size_t i = 0; i < LEN; ++i)
      CHECK_MSG(
          k->g(c->ctx, (const char *)c->src + i * k->size, c->target) == val(c->target, i, c->salt),
          "%s%s_g (%s, pe %d) element %zu", c->ctx ? "ctx_" : "", k->name, c->space, c->target, i);
  if (!k->iget) return;
  memset(local, 0, sizeof local);
  k->iget(c->ctx, local, c->src, 2, 3, 8, c->target);
  expect_blocks(c, "iget", local, 2, 3, 1, 8, c->target);
  memset(local, 0, sizeof local);
  k->ibget(c->ctx, local, c->src, 3, 5, 2, 5, c->target);
  expect_blocks(c, "ibget", local, 3, 5, 2, 5, c->target);
}

static void run_case(const rma_case *c) {
  const kind *k = c->k;
  alignas(16) unsigned char local[LEN * MAX_ELEM];
  memset(c->dst, 0, N_SLICES * LEN * k->size);
  fill(k, c->src, LEN, shmem_my_pe(), c->salt);
  fill(k, local, LEN, shmem_my_pe(), c->salt);
  shmem_barrier_all();
  issue_puts(c, local);
  run_gets(c);
  shmem_barrier_all(); /* completes the puts */
  expect_puts(c);
  shmem_barrier_all(); /* before the next case overwrites the buffers */
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  void *heap_src = shmem_malloc(LEN * MAX_ELEM);
  void *heap_dst = shmem_malloc(N_SLICES * LEN * MAX_ELEM);
  CHECK(heap_src && heap_dst);
  int salt = 0;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    for (int on_heap = 0; on_heap < 2; ++on_heap)
      for (int self = 0; self < 2; ++self)
        for (int ctx = 0; ctx < 2; ++ctx) {
          const kind *k = &kinds[i];
          rma_case c = {k,
                        on_heap ? heap_src : k->static_src,
                        on_heap ? heap_dst : k->static_dst,
                        on_heap ? "heap" : "static",
                        self ? me : (me + 1) % npes,
                        self ? me : (me + npes - 1) % npes,
                        ctx,
                        ++salt};
          run_case(&c);
        }
  shmem_free(heap_dst);
  shmem_free(heap_src);
  CHECK_DONE();
}
