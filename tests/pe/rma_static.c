/* RMA on symmetric data at awkward places: global and static variables in
 * the data and bss sections at odd byte offsets (1, 3, 7), through the
 * byte, char and SIZE routines (whose void * arguments carry no alignment);
 * the fields of a packed struct and a strided walk over an array of them;
 * a static variable inside a function; a large bss array and its last
 * byte; and odd offsets into the symmetric heap. Each transfer goes to the
 * right neighbour and to this PE itself, and every byte it must not touch
 * is checked to be untouched. */
#include <shmem.h>
#include <stddef.h>
#include <string.h>

#include "check.h"

enum { AREA = 96, SPAN = 32 }; /* SPAN: bytes per transfer, a multiple of 16 */

char g_data[AREA] = {1};    /* initialized: .data, external linkage */
char g_bss[AREA];           /* .bss, external linkage */
static char s_bss[AREA];    /* .bss, internal linkage */
static char s_big[4 << 20]; /* 4 MiB of .bss */

struct __attribute__((packed)) record {
  char c;
  int i;        /* offset 1 */
  double d;     /* offset 5 */
  short s;      /* offset 13 */
  long long ll; /* offset 15 */
};
struct record g_rec;
struct record g_recs[7];

static int me, npes;

static unsigned char pattern(int pe, size_t i, int salt) {
  return (unsigned char)(pe * 41 + (int)i * 3 + salt * 7 + 1) | 1; /* never 0 */
}

static void fill(void *buf, size_t n, int pe, int salt) {
  for (size_t i = 0; i < n; ++i) ((unsigned char *)buf)[i] = pattern(pe, i, salt);
}

/* area[0..len) must hold pattern(pe, i - off) in [off, off + n) and 0
 * elsewhere. */
static void expect_span(const char *what, const void *area, size_t len, size_t off, size_t n,
                        int pe, int salt) {
  const unsigned char *a = area;
  for (size_t i = 0; i < len; ++i) {
    const unsigned char want = i >= off && i < off + n ? pattern(pe, i - off, salt) : 0;
    CHECK_MSG(a[i] == want, "%s: byte %zu is %d, expected %d", what, i, a[i], want);
    if (a[i] != want) return;
  }
}

/* Ways to move n bytes (n a multiple of 16) to or from `pe`. */
typedef void (*mover)(void *d, const void *s, size_t n, int pe);
static void m_putmem(void *d, const void *s, size_t n, int pe) { shmem_putmem(d, s, n, pe); }
static void m_ctx_putmem(void *d, const void *s, size_t n, int pe) {
  shmem_ctx_putmem(SHMEM_CTX_DEFAULT, d, s, n, pe);
}
static void m_putmem_nbi(void *d, const void *s, size_t n, int pe) {
  shmem_putmem_nbi(d, s, n, pe);
  shmem_quiet();
}
static void m_char_put(void *d, const void *s, size_t n, int pe) { shmem_char_put(d, s, n, pe); }
static void m_char_p(void *d, const void *s, size_t n, int pe) {
  for (size_t i = 0; i < n; ++i) shmem_char_p((char *)d + i, ((const char *)s)[i], pe);
}
static void m_put8(void *d, const void *s, size_t n, int pe) { shmem_put8(d, s, n, pe); }
static void m_put16(void *d, const void *s, size_t n, int pe) { shmem_put16(d, s, n / 2, pe); }
static void m_put32(void *d, const void *s, size_t n, int pe) { shmem_put32(d, s, n / 4, pe); }
static void m_put64(void *d, const void *s, size_t n, int pe) { shmem_put64(d, s, n / 8, pe); }
static void m_put128(void *d, const void *s, size_t n, int pe) { shmem_put128(d, s, n / 16, pe); }
static void m_iput32(void *d, const void *s, size_t n, int pe) {
  shmem_iput32(d, s, 1, 1, n / 4, pe); /* stride 1: contiguous */
}
static void m_getmem(void *d, const void *s, size_t n, int pe) { shmem_getmem(d, s, n, pe); }
static void m_getmem_nbi(void *d, const void *s, size_t n, int pe) {
  shmem_getmem_nbi(d, s, n, pe);
  shmem_quiet();
}
static void m_char_g(void *d, const void *s, size_t n, int pe) {
  for (size_t i = 0; i < n; ++i) ((char *)d)[i] = shmem_char_g((const char *)s + i, pe);
}
static void m_get16(void *d, const void *s, size_t n, int pe) { shmem_get16(d, s, n / 2, pe); }
static void m_get32(void *d, const void *s, size_t n, int pe) { shmem_get32(d, s, n / 4, pe); }
static void m_get64(void *d, const void *s, size_t n, int pe) { shmem_get64(d, s, n / 8, pe); }
static void m_ibget8(void *d, const void *s, size_t n, int pe) {
  shmem_ibget8(d, s, 4, 4, 4, n / 4, pe); /* blocks of 4, contiguous */
}

typedef struct {
  const char *name;
  mover move;
} named_mover;

static const named_mover puts_[] = {
    {"putmem", m_putmem},     {"ctx_putmem", m_ctx_putmem}, {"putmem_nbi", m_putmem_nbi},
    {"char_put", m_char_put}, {"char_p", m_char_p},         {"put8", m_put8},
    {"put16", m_put16},       {"put32", m_put32},           {"put64", m_put64},
    {"put128", m_put128},     {"iput32", m_iput32}};
static const named_mover gets_[] = {
    {"getmem", m_getmem}, {"getmem_nbi", m_getmem_nbi}, {"char_g", m_char_g}, {"get16", m_get16},
    {"get32", m_get32},   {"get64", m_get64},           {"ibget8", m_ibget8}};

typedef struct {
  const char *name;
  char *area; /* AREA bytes, symmetric */
} place;

/* A put of SPAN bytes to area + off on `target`; the PE `from` put here. */
static void put_at(const place *pl, const named_mover *m, size_t off, int target, int from,
                   int salt) {
  unsigned char local[SPAN + 8];
  memset(pl->area, 0, AREA);
  fill(local + off % 8, SPAN, me, salt); /* an odd source address too */
  shmem_barrier_all();
  m->move(pl->area + off, local + off % 8, SPAN, target);
  shmem_barrier_all();
  char what[128];
  snprintf(what, sizeof what, "%s to %s+%zu from pe %d", m->name, pl->name, off, from);
  expect_span(what, pl->area, AREA, off, SPAN, from, salt);
}

/* A get of SPAN bytes from area + off on `target` into an odd local address. */
static void get_at(const place *pl, const named_mover *m, size_t off, int target, int salt) {
  unsigned char local[AREA];
  fill(pl->area, AREA, me, salt);
  memset(local, 0, sizeof local);
  shmem_barrier_all();
  m->move(local + 3, pl->area + off, SPAN, target);
  char what[128];
  snprintf(what, sizeof what, "%s from %s+%zu on pe %d", m->name, pl->name, off, target);
  for (size_t i = 0; i < AREA; ++i) {
    const unsigned char want = i >= 3 && i < 3 + SPAN ? pattern(target, i - 3 + off, salt) : 0;
    CHECK_MSG(local[i] == want, "%s: byte %zu is %d, expected %d", what, i, local[i], want);
    if (local[i] != want) break;
  }
  shmem_barrier_all();
}

static void odd_offsets(const place *pl, int target, int from, int *salt) {
  static const size_t offsets[] = {1, 3, 7, 0};
  for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; ++o) {
    for (size_t m = 0; m < sizeof puts_ / sizeof puts_[0]; ++m)
      put_at(pl, &puts_[m], offsets[o], target, from, ++*salt);
    for (size_t m = 0; m < sizeof gets_ / sizeof gets_[0]; ++m)
      get_at(pl, &gets_[m], offsets[o], target, ++*salt);
  }
}

/* The fields of a packed struct, each at an unaligned offset, and a
 * blocked walk over the int field of an array of them (stride 23 bytes). */
static void packed_struct(int target, int from) {
  const struct record mine = {(char)('a' + me), 100000 + me, 0.5 + me, (short)(-7 - me),
                              (1LL << 40) + me};
  memset(&g_rec, 0, sizeof g_rec);
  memset(g_recs, 0, sizeof g_recs);
  shmem_barrier_all();
  char *rec = (char *)&g_rec;
  const char *src = (const char *)&mine;
  shmem_put8(rec + offsetof(struct record, c), src + offsetof(struct record, c), 1, target);
  shmem_put32(rec + offsetof(struct record, i), src + offsetof(struct record, i), 1, target);
  shmem_put64(rec + offsetof(struct record, d), src + offsetof(struct record, d), 1, target);
  shmem_put16(rec + offsetof(struct record, s), src + offsetof(struct record, s), 1, target);
  shmem_put64(rec + offsetof(struct record, ll), src + offsetof(struct record, ll), 1, target);
  int ints[7];
  for (int k = 0; k < 7; ++k) ints[k] = me * 1000 + k;
  shmem_ibput8((char *)g_recs + offsetof(struct record, i), ints, sizeof(struct record),
               sizeof(int), sizeof(int), 7, target);
  shmem_barrier_all();
  const struct record got = g_rec;
  CHECK_MSG(got.c == 'a' + from && got.i == 100000 + from && got.d == 0.5 + from &&
                got.s == -7 - from && got.ll == (1LL << 40) + from,
            "packed record from pe %d: %c %d %g %d %lld", from, got.c, got.i, got.d, got.s, got.ll);
  for (int k = 0; k < 7; ++k) {
    const struct record r = g_recs[k];
    CHECK_MSG(r.i == from * 1000 + k && r.c == 0 && r.d == 0 && r.s == 0 && r.ll == 0,
              "g_recs[%d] from pe %d: i = %d", k, from, r.i);
  }
  struct record back;
  memset(&back, 0, sizeof back);
  shmem_getmem(&back, &g_rec, sizeof back, target);
  int i_back = 0;
  shmem_get32(&i_back, rec + offsetof(struct record, i), 1, target);
  int fields[7] = {0};
  shmem_ibget8(fields, (char *)g_recs + offsetof(struct record, i), sizeof(int),
               sizeof(struct record), sizeof(int), 7, target);
  /* target's copies are the ones this PE wrote */
  CHECK(back.i == 100000 + me && back.ll == (1LL << 40) + me && i_back == back.i);
  for (int k = 0; k < 7; ++k) CHECK(fields[k] == me * 1000 + k);
  shmem_barrier_all();
}

static long *function_static(void) {
  static long counter;
  return &counter;
}

/* A static variable inside a function, the whole of a 4 MiB bss array,
 * and that array's last byte. */
static void statics_elsewhere(int target, int from) {
  long *counter = function_static();
  *counter = 0;
  memset(s_big, 0, sizeof s_big);
  shmem_barrier_all();
  shmem_long_p(counter, 1000 + me, target);
  static char big_local[sizeof s_big];
  fill(big_local, sizeof big_local, me, 5);
  shmem_putmem(s_big, big_local, sizeof s_big - 1, target);
  shmem_char_p(&s_big[sizeof s_big - 1], 'z', target);
  shmem_barrier_all();
  CHECK_MSG(*counter == 1000 + from, "function static: %ld", *counter);
  CHECK_MSG(shmem_long_g(counter, target) == 1000 + me, "function static on pe %d", target);
  for (size_t i = 0; i < sizeof s_big - 1; ++i)
    if ((unsigned char)s_big[i] != pattern(from, i, 5)) {
      CHECK_MSG(0, "s_big[%zu] is %d, expected %d", i, s_big[i], pattern(from, i, 5));
      break;
    }
  CHECK(s_big[sizeof s_big - 1] == 'z');
  shmem_barrier_all();
}

int main(void) {
  CHECK_INIT();
  char *heap = shmem_malloc(AREA);
  CHECK(heap != NULL);
  const place places[] = {{"g_data", g_data}, {"g_bss", g_bss}, {"s_bss", s_bss}, {"heap", heap}};
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  int salt = 0;
  for (size_t p = 0; p < sizeof places / sizeof places[0]; ++p) {
    odd_offsets(&places[p], right, left, &salt);
    odd_offsets(&places[p], me, me, &salt);
  }
  packed_struct(right, left);
  packed_struct(me, me);
  statics_elsewhere(right, left);
  statics_elsewhere(me, me);
  shmem_free(heap);
  CHECK_DONE();
}
