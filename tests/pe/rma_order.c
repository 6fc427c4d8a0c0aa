/* Ordering and completion of puts (sections 9.6 and 9.11).
 *
 * Fence: a writer puts the data of round r (by put, put_nbi or p) into a
 * slot of its own, calls shmem_fence (or quiet), then sets a flag to r + 1;
 * its reader polls the flag in its own memory and checks that the data of
 * every round up to the flag is already there. Data and flag each live in
 * the heap or in static memory.
 * nbi: many put_nbi and get_nbi, then quiet (and a barrier for the puts);
 * then everything must be in place.
 * Blocking puts: the source buffer is overwritten as soon as the put
 * returns; the target must receive the original contents. */
#include <sched.h>
#include <shmem.h>
#include <string.h>

#include "check.h"

static int me, npes;

/* ---- fence / quiet ordering, observed by a polling PE ---- */

enum { ROUNDS = 200, WORDS = 4 };
/* Polls without seeing the flag move before the reader gives up: far more
 * than a healthy run needs, and finite so a lost put cannot hang the test. */
static const unsigned long IDLE_LIMIT = 400000000UL;

static long s_data[ROUNDS][WORDS];
static long s_flag;
static long round_src[ROUNDS][WORDS]; /* never changes: fine for put_nbi */

static long word(long round, int j) { return round * 16 + j + 1; }

typedef enum { BY_FENCE, BY_CTX_FENCE, BY_QUIET, BY_CTX_QUIET, N_ORDERS } order_by;
static const char *const order_names[N_ORDERS] = {"fence", "ctx_fence", "quiet", "ctx_quiet"};

static void order(order_by how) {
  switch (how) {
  case BY_FENCE: shmem_fence(); break;
  case BY_CTX_FENCE: shmem_ctx_fence(SHMEM_CTX_DEFAULT); break;
  case BY_QUIET: shmem_quiet(); break;
  default: shmem_ctx_quiet(SHMEM_CTX_DEFAULT); break;
  }
}

static void write_rounds(long (*data)[WORDS], long *flag, order_by how, int reader) {
  for (int r = 0; r < ROUNDS; ++r) {
    switch (r % 3) {
    case 0: shmem_long_put(data[r], round_src[r], WORDS, reader); break;
    case 1: shmem_long_put_nbi(data[r], round_src[r], WORDS, reader); break;
    default:
      for (int j = 0; j < WORDS; ++j) shmem_long_p(&data[r][j], round_src[r][j], reader);
    }
    order(how);
    shmem_long_p(flag, r + 1, reader);
  }
}

/* Checks rounds [from, to) of data; returns 0 at the first wrong word. */
static int rounds_ok(long (*data)[WORDS], long from, long to, const char *what) {
  for (long r = from; r < to; ++r)
    for (int j = 0; j < WORDS; ++j) {
      const long got = ((volatile long *)data[r])[j];
      CHECK_MSG(got == word(r, j), "%s: flag was %ld but round %ld word %d is %ld, expected %ld",
                what, to, r, j, got, word(r, j));
      if (got != word(r, j)) return 0;
    }
  return 1;
}

static void read_rounds(long (*data)[WORDS], long *flag, const char *what) {
  long seen = 0;
  unsigned long idle = 0;
  while (seen < ROUNDS && idle < IDLE_LIMIT) {
    const long f = *(volatile long *)flag;
    if (f == seen) {
      /* A progress poke: shmem_test polls MPI where data arrives through it
       * (a quiet with nothing issued makes no MPI call, and across hosts the
       * flag then waited for the progress thread: seen stopped at 27-29 of
       * 200 in 2 of ~10 cross-host runs). */
      (void)shmem_long_test(flag, SHMEM_CMP_NE, seen);
      if (++idle % 256 == 0) sched_yield();
      continue;
    }
    CHECK_MSG(f > seen && f <= ROUNDS, "%s: flag went from %ld to %ld", what, seen, f);
    if (!(f > seen && f <= ROUNDS) || !rounds_ok(data, seen, f, what)) return;
    seen = f;
    idle = 0;
  }
  CHECK_MSG(seen == ROUNDS, "%s: the flag stopped at %ld of %d", what, seen, ROUNDS);
}

static void ordering(long (*heap_data)[WORDS], long *heap_flag) {
  const int writer = me % 2 == 0 && (me + 1 < npes || npes == 1);
  const int reader_pe = npes == 1 ? me : me + 1;
  const int reader = me % 2 == 1 || npes == 1;
  for (int r = 0; r < ROUNDS; ++r)
    for (int j = 0; j < WORDS; ++j) round_src[r][j] = word(r, j);
  /* Every pairing of data and flag places, each twice, with a different
   * way of ordering each time. */
  for (int c = 0; c < 8; ++c) {
    long(*data)[WORDS] = c & 1 ? heap_data : s_data;
    long *flag = c & 2 ? heap_flag : &s_flag;
    const order_by how = (order_by)((c + c / 4) % N_ORDERS);
    char what[96];
    snprintf(what, sizeof what, "%s data, %s flag, %s", c & 1 ? "heap" : "static",
             c & 2 ? "heap" : "static", order_names[how]);
    memset(data, 0, sizeof s_data);
    *flag = 0;
    shmem_barrier_all();
    if (writer) write_rounds(data, flag, how, reader_pe);
    if (reader) read_rounds(data, flag, what);
    shmem_barrier_all();
  }
}

/* ---- many nbi operations, then quiet ---- */

enum { NBI = 2048 };
static long s_nbi_dst[NBI], s_nbi_src[NBI];

static long nbi_value(int pe, int i) { return pe * 1000000L + i; }

static void many_nbi(long *dst, long *src, int use_ctx) {
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  static long local[NBI], fetched[NBI];
  memset(dst, 0, NBI * sizeof(long));
  memset(fetched, 0, sizeof fetched);
  for (int i = 0; i < NBI; ++i) src[i] = local[i] = nbi_value(me, i);
  shmem_barrier_all();
  for (int i = 0; i < NBI / 2; ++i) { /* one element at a time, then in blocks */
    if (use_ctx)
      shmem_ctx_long_put_nbi(ctx, &dst[i], &local[i], 1, right);
    else
      shmem_long_put_nbi(&dst[i], &local[i], 1, right);
  }
  for (int i = NBI / 2; i < NBI; i += 64)
    shmem_putmem_nbi(&dst[i], &local[i], 64 * sizeof(long), right);
  for (int i = 0; i < NBI; ++i) {
    if (use_ctx)
      shmem_ctx_long_get_nbi(ctx, &fetched[i], &src[i], 1, right);
    else
      shmem_long_get_nbi(&fetched[i], &src[i], 1, right);
  }
  if (use_ctx)
    shmem_ctx_quiet(ctx);
  else
    shmem_quiet();
  for (int i = 0; i < NBI; ++i) {
    CHECK_MSG(fetched[i] == nbi_value(right, i), "get_nbi %d: %ld, expected %ld", i, fetched[i],
              nbi_value(right, i));
    if (fetched[i] != nbi_value(right, i)) break;
  }
  shmem_barrier_all();
  for (int i = 0; i < NBI; ++i) {
    CHECK_MSG(dst[i] == nbi_value(left, i), "put_nbi %d: %ld, expected %ld", i, dst[i],
              nbi_value(left, i));
    if (dst[i] != nbi_value(left, i)) break;
  }
  shmem_barrier_all();
}

/* ---- blocking puts: the source is reusable when they return ---- */

enum { BIG = 1 << 20 };
static unsigned char s_big_dst[BIG];

static unsigned char byte_of(int pe, size_t i) {
  return (unsigned char)(pe * 41 + i * 3 + (i >> 8) * 5 + (i >> 16) + 1);
}

typedef void (*put_fn)(void *d, const void *s, size_t n, int pe);
static void b_putmem(void *d, const void *s, size_t n, int pe) { shmem_putmem(d, s, n, pe); }
static void b_ctx_putmem(void *d, const void *s, size_t n, int pe) {
  shmem_ctx_putmem(SHMEM_CTX_DEFAULT, d, s, n, pe);
}
static void b_long_put(void *d, const void *s, size_t n, int pe) {
  shmem_long_put(d, s, n / sizeof(long), pe);
}
static void b_put64(void *d, const void *s, size_t n, int pe) { shmem_put64(d, s, n / 8, pe); }
/* The strided ones move the even 8-byte words only. */
static void b_iput64(void *d, const void *s, size_t n, int pe) {
  shmem_iput64(d, s, 2, 2, n / 16, pe);
}
static void b_ibput32(void *d, const void *s, size_t n, int pe) {
  shmem_ibput32(d, s, 4, 4, 2, n / 16, pe);
}

static const struct {
  const char *name;
  put_fn put;
  int even_words_only;
} blocking_puts[] = {{"putmem", b_putmem, 0},     {"ctx_putmem", b_ctx_putmem, 0},
                     {"long_put", b_long_put, 0}, {"put64", b_put64, 0},
                     {"iput64", b_iput64, 1},     {"ibput32", b_ibput32, 1}};

static void reuse_source(unsigned char *dst, const char *space, size_t n, int target, int from) {
  static unsigned char local[BIG];
  for (size_t k = 0; k < sizeof blocking_puts / sizeof blocking_puts[0]; ++k) {
    memset(dst, 0, n);
    shmem_barrier_all();
    for (size_t i = 0; i < n; ++i) local[i] = byte_of(me, i);
    blocking_puts[k].put(dst, local, n, target);
    memset(local, 0xEE, n); /* at once: the put must not read it any more */
    shmem_quiet();
    shmem_barrier_all();
    for (size_t i = 0; i < n; ++i) {
      const int moved = !blocking_puts[k].even_words_only || (i / 8) % 2 == 0;
      const unsigned char want = moved ? byte_of(from, i) : 0;
      CHECK_MSG(dst[i] == want, "%s of %zu bytes to %s on pe %d: byte %zu is 0x%x, expected 0x%x",
                blocking_puts[k].name, n, space, target, i, dst[i], want);
      if (dst[i] != want) break;
    }
    shmem_barrier_all();
  }
}

int main(void) {
  CHECK_INIT();
  long(*heap_data)[WORDS] = shmem_malloc(sizeof s_data);
  long *heap_flag = shmem_malloc(sizeof(long));
  long *heap_nbi = shmem_malloc(2 * NBI * sizeof(long));
  unsigned char *heap_big = shmem_malloc(BIG);
  CHECK(heap_data && heap_flag && heap_nbi && heap_big);

  ordering(heap_data, heap_flag);

  many_nbi(s_nbi_dst, s_nbi_src, 0);
  many_nbi(heap_nbi, heap_nbi + NBI, 1);

  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  static const size_t sizes[] = {16, 4096, BIG};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
    reuse_source(heap_big, "heap", sizes[s], right, left);
    reuse_source(s_big_dst, "static", sizes[s], right, left);
    reuse_source(heap_big, "heap", sizes[s], me, me);
  }

  shmem_free(heap_big);
  shmem_free(heap_nbi);
  shmem_free(heap_flag);
  shmem_free(heap_data);
  CHECK_DONE();
}
