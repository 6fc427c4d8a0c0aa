/* Randomized stress: every PE performs a seeded random mix of puts, gets and
 * AMOs, with collectives at round boundaries, and the result is checked
 * against a model that every PE computes alike.
 *
 * Writer w owns region w (REGION bytes) of the heap buffer and of the static
 * buffer on every PE, and slot w of the swap slots; only w writes there, so
 * the expected contents are deterministic. Every PE replays every writer's
 * random stream (rng[w]) in the same order, executing only its own ops, so
 * it knows what each region, slot and shared counter must hold. Counters
 * are shared by all writers: only their final sums are exact.
 *
 * Usage: stress_random [seed [rounds]]. The seed is printed on failure. */
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_PES 8
#define REGION 384
#define OPS_PER_ROUND 16
#define CHECK_EVERY 8
#define BCAST_N 4

static unsigned char sbuf[MAX_PES * REGION];
static long static_counter;
static long bcast_src[BCAST_N], bcast_dst[BCAST_N];
static long red_src, red_dst;

typedef struct {
  unsigned char heap[MAX_PES * REGION]; /* expected heap buffer of one PE */
  unsigned char stat[MAX_PES * REGION]; /* expected static buffer */
  long slots[MAX_PES];                  /* expected swap slots */
  long heap_counter, static_counter;    /* expected final counters */
} pe_model;

static uint64_t seed = 20261121;
static int me, npes;
static uint64_t rng[MAX_PES];
static pe_model model[MAX_PES];
static unsigned char *hbuf;     /* symmetric heap: npes regions */
static long *hslots, *hcounter; /* symmetric heap */

static uint64_t next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t below(uint64_t *s, uint64_t n) { return next(s) % n; }

/* A value every PE can compute for (pe, round, i): collective inputs. */
static long value_of(int pe, int round, int i) {
  uint64_t s = seed ^ ((uint64_t)pe << 40) ^ ((uint64_t)round << 16) ^ (uint64_t)i;
  return (long)(next(&s) & 0xffff);
}

static void fill(unsigned char *p, size_t len, uint64_t x) {
  for (size_t i = 0; i < len; ++i) p[i] = (unsigned char)(x + 31 * i + (x >> 17) * i * i);
}

/* One random region access by writer w: target, offset, length. */
typedef struct {
  int target;
  size_t off, len;
  uint64_t data;
} access_t;

static access_t pick_access(uint64_t *s) {
  access_t a;
  a.target = (int)below(s, (uint64_t)npes);
  a.off = below(s, REGION);
  a.len = 1 + below(s, REGION - a.off);
  a.data = next(s);
  return a;
}

static void op_put(int w, uint64_t *s, int on_heap) {
  access_t a = pick_access(s);
  unsigned char *m = (on_heap ? model[a.target].heap : model[a.target].stat) + w * REGION + a.off;
  fill(m, a.len, a.data);
  if (w != me) return;
  unsigned char *dest = (on_heap ? hbuf : sbuf) + w * REGION + a.off;
  int how = (int)(a.data % 3);
  if (how == 0) {
    shmem_putmem(dest, m, a.len, a.target);
  } else if (how == 1) {
    shmem_putmem_nbi(dest, m, a.len, a.target);
    shmem_quiet(); /* m is the model: never changes before completion here */
  } else {
    for (size_t i = 0; i < a.len && i < 8; ++i)
      shmem_char_p((char *)dest + i, (char)m[i], a.target);
    if (a.len > 8) shmem_putmem(dest + 8, m + 8, a.len - 8, a.target);
  }
  shmem_fence(); /* a later put by w to the same bytes must land after this one */
}

static void op_get(int w, uint64_t *s, int on_heap, int round) {
  access_t a = pick_access(s);
  if (w != me) return;
  const unsigned char *m =
      (on_heap ? model[a.target].heap : model[a.target].stat) + w * REGION + a.off;
  const unsigned char *src = (on_heap ? hbuf : sbuf) + w * REGION + a.off;
  unsigned char got[REGION];
  shmem_quiet();
  shmem_getmem(got, src, a.len, a.target);
  CHECK_MSG(memcmp(got, m, a.len) == 0,
            "round %d: get of %zu bytes at %zu of region %d from PE %d (%s)", round, a.len, a.off,
            w, a.target, on_heap ? "heap" : "static");
}

static void op_counter(int w, uint64_t *s) {
  int target = (int)below(s, (uint64_t)npes);
  int kind = (int)below(s, 3);
  int on_heap = (int)below(s, 2);
  long add = 1 + (long)below(s, 100);
  pe_model *t = &model[target];
  long *mc = on_heap ? &t->heap_counter : &t->static_counter;
  *mc += add;
  if (w != me) return;
  long *c = on_heap ? hcounter : &static_counter;
  if (kind == 0) {
    long old = shmem_long_atomic_fetch_add(c, add, target);
    CHECK_MSG(old >= 0, "fetch_add returned %ld", old); /* others add concurrently */
  } else if (kind == 1) {
    shmem_long_atomic_add(c, add, target);
  } else { /* compare-and-swap loop adding exactly add */
    long seen = shmem_long_atomic_fetch(c, target);
    for (;;) {
      long old = shmem_long_atomic_compare_swap(c, seen, seen + add, target);
      if (old == seen) break;
      seen = old;
    }
  }
}

static void op_slot(int w, uint64_t *s, int round) {
  int target = (int)below(s, (uint64_t)npes);
  int kind = (int)below(s, 3);
  long value = (long)(next(s) >> 2);
  long *m = &model[target].slots[w];
  long before = *m;
  if (kind == 0)
    *m = value; /* swap */
  else if (kind == 1)
    *m = value; /* successful compare-swap */
  /* kind 2: compare-swap whose condition does not match: no change */
  if (w != me) return;
  long old;
  if (kind == 0)
    old = shmem_long_atomic_swap(&hslots[w], value, target);
  else if (kind == 1)
    old = shmem_long_atomic_compare_swap(&hslots[w], before, value, target);
  else
    old = shmem_long_atomic_compare_swap(&hslots[w], before + 1, value, target);
  CHECK_MSG(old == before, "round %d: slot %d on PE %d: AMO kind %d returned %ld, expected %ld",
            round, w, target, kind, old, before);
}

static void one_op(int w, int round) {
  uint64_t *s = &rng[w];
  switch (below(s, 7)) {
  case 0: op_put(w, s, 1); break;
  case 1: op_put(w, s, 0); break;
  case 2: op_get(w, s, 1, round); break;
  case 3: op_get(w, s, 0, round); break;
  case 4:
  case 5: op_counter(w, s); break;
  default: op_slot(w, s, round); break;
  }
}

static void collectives(int round) {
  red_src = value_of(me, round, 0);
  long sum = 0;
  for (int p = 0; p < npes; ++p) sum += value_of(p, round, 0);
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &red_dst, &red_src, 1);
  CHECK_MSG(red_dst == sum, "round %d: sum_reduce gave %ld, expected %ld", round, red_dst, sum);
  int root = round % npes;
  for (int i = 0; i < BCAST_N; ++i) bcast_src[i] = value_of(me, round, i + 1);
  shmem_barrier_all(); /* bcast_src ready everywhere; bcast_dst free */
  shmem_long_broadcast(SHMEM_TEAM_WORLD, bcast_dst, bcast_src, BCAST_N, root);
  for (int i = 0; i < BCAST_N; ++i)
    CHECK_MSG(bcast_dst[i] == value_of(root, round, i + 1),
              "round %d: broadcast[%d] from %d gave %ld", round, i, root, bcast_dst[i]);
}

/* After a barrier: this PE's buffers must match the model exactly. */
static void check_local(int round, int final) {
  const pe_model *m = &model[me];
  for (int w = 0; w < npes; ++w) {
    CHECK_MSG(memcmp(hbuf + w * REGION, m->heap + w * REGION, REGION) == 0,
              "round %d: heap region of PE %d differs from the model", round, w);
    CHECK_MSG(memcmp(sbuf + w * REGION, m->stat + w * REGION, REGION) == 0,
              "round %d: static region of PE %d differs from the model", round, w);
    CHECK_MSG(hslots[w] == m->slots[w], "round %d: slot %d is %ld, expected %ld", round, w,
              hslots[w], m->slots[w]);
  }
  if (final) {
    CHECK_MSG(*hcounter == m->heap_counter, "heap counter %ld, expected %ld", *hcounter,
              m->heap_counter);
    CHECK_MSG(static_counter == m->static_counter, "static counter %ld, expected %ld",
              static_counter, m->static_counter);
  }
}

int main(int argc, char **argv) {
  int rounds = 300;
  if (argc > 1) seed = strtoull(argv[1], NULL, 0);
  if (argc > 2) rounds = atoi(argv[2]);
  CHECK_INIT();
  if (npes > MAX_PES) {
    if (me == 0) fprintf(stderr, "stress_random: at most %d PEs\n", MAX_PES);
    shmem_global_exit(1);
  }
  hbuf = shmem_calloc((size_t)npes * REGION, 1);
  hslots = shmem_calloc((size_t)npes, sizeof(long));
  hcounter = shmem_calloc(1, sizeof(long));
  for (int w = 0; w < npes; ++w) rng[w] = seed * 0x100000001b3ull + (uint64_t)w;
  shmem_barrier_all();
  for (int round = 0; round < rounds; ++round) {
    for (int k = 0; k < OPS_PER_ROUND; ++k)
      for (int w = 0; w < npes; ++w) one_op(w, round);
    shmem_barrier_all();
    if (round % CHECK_EVERY == CHECK_EVERY - 1) check_local(round, 0);
    collectives(round);
    shmem_barrier_all(); /* the next round's puts must not overtake the checks */
  }
  check_local(rounds, 1);
  if (check_failures)
    fprintf(stderr, "[PE %d] stress_random failed with seed %llu\n", me, (unsigned long long)seed);
  shmem_free(hcounter);
  shmem_free(hslots);
  shmem_free(hbuf);
  CHECK_DONE();
}
