/* Every atomic memory operation of section 9.7 for every row of its type
 * table (standard, extended, bitwise), on a symmetric heap target (on PE 0)
 * and a static target (on the last PE), in each of its forms: the plain
 * name, the shmem_ctx_ name on SHMEM_CTX_DEFAULT, the deprecated 1.3 name,
 * and the fetching _nbi names (plain and ctx) completed by shmem_quiet.
 *
 * All PEs operate on the same target at once and every PE checks the
 * outcome exactly: fetch_add/fetch_inc must hand out a gap-free chain of
 * old values ending at the final sum; swap must hand every token out
 * exactly once; compare_swap must elect exactly one winner; and/or/xor with
 * one bit per PE must show each PE the bits of exactly the PEs before it.
 *
 * amo_generic.c and amo_generic.cpp include this file with AMO_GENERIC
 * defined: the same checks with every call made through the C11 generic
 * or C++ template names (the type is then deduced from the pointer). */
/* The deprecated names are tested on purpose (in C++ the warning points
 * into the header's templates, hence before the include). */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

enum { REPS = 3, MAX_PES = 30, SLOTS = MAX_PES + 2 };
/* Bit 30 is never an operand bit: it must survive and/or/xor untouched. */
#define HIGH_BIT (1L << 30)

/* The forms of a routine. Non-fetching routines have no _nbi form, the
 * bitwise ones no deprecated name. */
enum { V_PLAIN, V_CTX, V_OLD, V_NBI, V_CTX_NBI, N_VARIANTS };
static const char *const variant_names[N_VARIANTS] = {"plain", "ctx", "deprecated", "nbi",
                                                      "ctx nbi"};

/* The generic names expand to the type tables themselves, and the
 * preprocessor does not expand a macro again inside its own expansion. So
 * the stamped code names them through LATER(x), which keeps them from being
 * expanded while a table is, and the tables are expanded as the argument of
 * AGAIN(), whose rescan then expands the generic calls. Calls must appear
 * in the replacement lists below, never in a macro argument (which would be
 * rescanned once too early). */
#define NOTHING()
#define LATER(name) shmem_##name NOTHING()
#define AGAIN(...) __VA_ARGS__
#define OLD_NAMES 1
#ifdef AMO_GENERIC
#define CALL(N, OP, ...) LATER(atomic_##OP)(__VA_ARGS__)
#define CALL_CTX(N, OP, ...) LATER(atomic_##OP)(SHMEM_CTX_DEFAULT, __VA_ARGS__)
#define CALL_OLD(N, OLD, ...) LATER(OLD)(__VA_ARGS__)
#else
#define CALL(N, OP, ...) shmem_##N##_atomic_##OP(__VA_ARGS__)
#define CALL_CTX(N, OP, ...) shmem_ctx_##N##_atomic_##OP(SHMEM_CTX_DEFAULT, __VA_ARGS__)
#define CALL_OLD(N, OLD, ...) shmem_##N##_##OLD(__VA_ARGS__)
#endif

/* Every routine is wrapped as an amo_fn: variant v, fetch buffer f (the old
 * value lands there: at once for blocking forms, at the next quiet for
 * _nbi forms), dest d, operands a and b, target pe. */
typedef void amo_fn(int v, void *f, void *d, long a, long b, int pe);
#define AMO_FN(K, NAME) static void K##_##NAME(int v, void *f, void *d, long a, long b, int pe)
#define UNUSED (void)f, (void)d, (void)a, (void)b;

/* The cases of the switch on v in an amo_fn. */
#define FETCHING(N, T, OP, ...)                                                                    \
  case V_PLAIN: *(T *)f = CALL(N, OP, __VA_ARGS__); break;                                         \
  case V_CTX: *(T *)f = CALL_CTX(N, OP, __VA_ARGS__); break;                                       \
  case V_NBI: CALL(N, OP##_nbi, (T *)f, __VA_ARGS__); break;                                       \
  case V_CTX_NBI:                                                                                  \
    CALL_CTX(N, OP##_nbi, (T *)f, __VA_ARGS__);                                                    \
    break;
#define POSTING(N, OP, ...)                                                                        \
  case V_PLAIN: CALL(N, OP, __VA_ARGS__); break;                                                   \
  case V_CTX:                                                                                      \
    CALL_CTX(N, OP, __VA_ARGS__);                                                                  \
    break;
#if OLD_NAMES
#define FETCHING_OLD(N, T, OLD, ...)                                                               \
  case V_OLD:                                                                                      \
    *(T *)f = CALL_OLD(N, OLD, __VA_ARGS__);                                                       \
    break;
#define POSTING_OLD(N, OLD, ...)                                                                   \
  case V_OLD:                                                                                      \
    CALL_OLD(N, OLD, __VA_ARGS__);                                                                 \
    break;
#else
#define FETCHING_OLD(N, T, OLD, ...)
#define POSTING_OLD(N, OLD, ...)
#endif

enum {
  OP_FETCH,
  OP_SET,
  OP_SWAP,
  OP_CSWAP,
  OP_FINC,
  OP_INC,
  OP_FADD,
  OP_ADD,
  OP_FAND,
  OP_AND,
  OP_FOR,
  OP_OR,
  OP_FXOR,
  OP_XOR,
  N_OPS
};
static const char *const op_names[N_OPS] = {
    "atomic_fetch",     "atomic_set", "atomic_swap",      "atomic_compare_swap",
    "atomic_fetch_inc", "atomic_inc", "atomic_fetch_add", "atomic_add",
    "atomic_fetch_and", "atomic_and", "atomic_fetch_or",  "atomic_or",
    "atomic_fetch_xor", "atomic_xor"};

/* One row of one table: its element accessors, a static target of SLOTS
 * elements and its routines (NULL where the table has none). */
typedef struct {
  const char *name;
  size_t size;
  long (*at)(const void *buf, size_t i);
  void (*store)(void *buf, size_t i, long v);
  void *statics;
  amo_fn *op[N_OPS];
} kind;

#define ACCESSORS(K, T)                                                                            \
  static T K##_statics[SLOTS];                                                                     \
  static long K##_at(const void *b, size_t i) { return (long)((const T *)b)[i]; }                  \
  static void K##_store(void *b, size_t i, long v) { ((T *)b)[i] = (T)v; }

/* Extended table: fetch, set, swap. */
#define EXT_KIND(A, T, N)                                                                          \
  ACCESSORS(ext_##N, T)                                                                            \
  AMO_FN(ext_##N, fetch) {                                                                         \
    UNUSED switch (v) {                                                                            \
      FETCHING(N, T, fetch, (const T *)d, pe) FETCHING_OLD(N, T, fetch, (const T *)d, pe)          \
    }                                                                                              \
  }                                                                                                \
  AMO_FN(ext_##N, set) {                                                                           \
    UNUSED switch (v) { POSTING(N, set, (T *)d, (T)a, pe) POSTING_OLD(N, set, (T *)d, (T)a, pe) }  \
  }                                                                                                \
  AMO_FN(ext_##N, swap) {                                                                          \
    UNUSED switch (v) {                                                                            \
      FETCHING(N, T, swap, (T *)d, (T)a, pe) FETCHING_OLD(N, T, swap, (T *)d, (T)a, pe)            \
    }                                                                                              \
  }
AGAIN(SHMEMI_AMO_EXTENDED_TYPES(EXT_KIND, ~))
#define EXT_ROW(A, T, N)                                                                           \
  {#N,                                                                                             \
   sizeof(T),                                                                                      \
   ext_##N##_at,                                                                                   \
   ext_##N##_store,                                                                                \
   ext_##N##_statics,                                                                              \
   {ext_##N##_fetch, ext_##N##_set, ext_##N##_swap}},
static const kind ext_kinds[] = {SHMEMI_AMO_EXTENDED_TYPES(EXT_ROW, ~)};

/* Standard table: compare_swap, fetch_inc, inc, fetch_add, add. */
#define STD_KIND(A, T, N)                                                                          \
  ACCESSORS(std_##N, T)                                                                            \
  AMO_FN(std_##N, cswap) {                                                                         \
    UNUSED switch (v) {                                                                            \
      FETCHING(N, T, compare_swap, (T *)d, (T)a, (T)b, pe)                                         \
      FETCHING_OLD(N, T, cswap, (T *)d, (T)a, (T)b, pe)                                            \
    }                                                                                              \
  }                                                                                                \
  AMO_FN(std_##N, finc) {                                                                          \
    UNUSED switch (v) {                                                                            \
      FETCHING(N, T, fetch_inc, (T *)d, pe) FETCHING_OLD(N, T, finc, (T *)d, pe)                   \
    }                                                                                              \
  }                                                                                                \
  AMO_FN(std_##N, inc) {                                                                           \
    UNUSED switch (v) { POSTING(N, inc, (T *)d, pe) POSTING_OLD(N, inc, (T *)d, pe) }              \
  }                                                                                                \
  AMO_FN(std_##N, fadd) {                                                                          \
    UNUSED switch (v) {                                                                            \
      FETCHING(N, T, fetch_add, (T *)d, (T)a, pe) FETCHING_OLD(N, T, fadd, (T *)d, (T)a, pe)       \
    }                                                                                              \
  }                                                                                                \
  AMO_FN(std_##N, add) {                                                                           \
    UNUSED switch (v) { POSTING(N, add, (T *)d, (T)a, pe) POSTING_OLD(N, add, (T *)d, (T)a, pe) }  \
  }
AGAIN(SHMEMI_AMO_STANDARD_TYPES(STD_KIND, ~))
#define STD_ROW(A, T, N)                                                                           \
  {#N,                                                                                             \
   sizeof(T),                                                                                      \
   std_##N##_at,                                                                                   \
   std_##N##_store,                                                                                \
   std_##N##_statics,                                                                              \
   {NULL, NULL, NULL, std_##N##_cswap, std_##N##_finc, std_##N##_inc, std_##N##_fadd,              \
    std_##N##_add}},
static const kind std_kinds[] = {SHMEMI_AMO_STANDARD_TYPES(STD_ROW, ~)};

/* Bitwise table: and, or, xor, fetching and not. */
#define BIT_FNS(K, N, T, OP)                                                                       \
  AMO_FN(K, f##OP) {                                                                               \
    UNUSED switch (v) { FETCHING(N, T, fetch_##OP, (T *)d, (T)a, pe) }                             \
  }                                                                                                \
  AMO_FN(K, OP) {                                                                                  \
    UNUSED switch (v) { POSTING(N, OP, (T *)d, (T)a, pe) }                                         \
  }
#define BIT_KIND(A, T, N)                                                                          \
  ACCESSORS(bit_##N, T)                                                                            \
  BIT_FNS(bit_##N, N, T, and) BIT_FNS(bit_##N, N, T, or) BIT_FNS(bit_##N, N, T, xor)
AGAIN(SHMEMI_AMO_BITWISE_TYPES(BIT_KIND, ~))
#define BIT_ROW(A, T, N)                                                                           \
  {#N,                                                                                             \
   sizeof(T),                                                                                      \
   bit_##N##_at,                                                                                   \
   bit_##N##_store,                                                                                \
   bit_##N##_statics,                                                                              \
   {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, bit_##N##_fand, bit_##N##_and, bit_##N##_for,  \
    bit_##N##_or, bit_##N##_fxor, bit_##N##_xor}},
static const kind bit_kinds[] = {SHMEMI_AMO_BITWISE_TYPES(BIT_ROW, ~)};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* One case: a routine of a kind in one form, on one target. */
typedef struct {
  const kind *k;
  int op, v;
  void *dest; /* symmetric, SLOTS elements */
  const char *space;
  int target;
} amo_case;

static int me, npes;
static long *shared;  /* symmetric: REPS values from every PE */
static void *fetched; /* local: REPS * SLOTS elements of any kind */

#define FAIL_IF(c, cond, fmt, ...)                                                                 \
  CHECK_MSG(!(cond), "%s_%s (%s, %s, pe %d): " fmt, (c)->k->name, op_names[(c)->op],               \
            variant_names[(c)->v], (c)->space, (c)->target, __VA_ARGS__)

static void call(const amo_case *c, size_t i, long a, long b, int slot) {
  c->k->op[c->op](c->v, (char *)fetched + i * c->k->size,
                  (char *)c->dest + (size_t)slot * c->k->size, a, b, c->target);
}
static long fetched_at(const amo_case *c, size_t i) { return c->k->at(fetched, i); }

/* Every target slot holds `value` when all PEs start. */
static void init_target(const amo_case *c, long value) {
  shmem_barrier_all();
  if (me == c->target)
    for (size_t i = 0; i < SLOTS; ++i) c->k->store(c->dest, i, value);
  shmem_barrier_all();
}

static long read_slot(const amo_case *c, int slot) {
  long buf[2];
  shmem_getmem(buf, (char *)c->dest + (size_t)slot * c->k->size, c->k->size, c->target);
  return c->k->at(buf, 0);
}

/* After the ops: every PE's REPS fetched values into shared[pe * REPS + r]. */
static void share_fetched(const amo_case *c) {
  shmem_quiet();
  long mine[REPS];
  for (size_t r = 0; r < REPS; ++r) mine[r] = fetched_at(c, r);
  for (int pe = 0; pe < npes; ++pe) shmem_long_put(shared + (size_t)me * REPS, mine, REPS, pe);
  shmem_barrier_all();
}

/* fetch_add / fetch_inc: the old values, sorted, must form a chain from
 * the initial value, each the previous plus the previous amount, and end
 * at the final value. */
typedef struct {
  long old, amount;
} step;
static int by_old(const void *x, const void *y) {
  const step *a = (const step *)x, *b = (const step *)y;
  return (a->old > b->old) - (a->old < b->old);
}
static long amount(const amo_case *c, int pe, size_t r) {
  return c->op == OP_FINC || c->op == OP_INC ? 1 : pe + 1 + (long)r;
}

static void check_chain(const amo_case *c) {
  const long init = 5;
  init_target(c, init);
  for (size_t r = 0; r < REPS; ++r) call(c, r, amount(c, me, r), 0, 0);
  share_fetched(c);
  const size_t total = (size_t)npes * REPS;
  step *steps = (step *)malloc(total * sizeof(step));
  for (size_t i = 0; i < total; ++i) {
    steps[i].old = shared[i];
    steps[i].amount = amount(c, (int)(i / REPS), i % REPS);
  }
  qsort(steps, total, sizeof(step), by_old);
  long expect = init;
  for (size_t i = 0; i < total; ++i) {
    FAIL_IF(c, steps[i].old != expect, "old values are not a chain: %ld where %ld was due",
            steps[i].old, expect);
    if (steps[i].old != expect) break;
    expect += steps[i].amount;
  }
  const long final = read_slot(c, 0);
  FAIL_IF(c, final != expect, "final value %ld, expected %ld", final, expect);
  free(steps);
}

/* add / inc: only the final sum. */
static void check_sum(const amo_case *c) {
  const long init = 7;
  init_target(c, init);
  for (size_t r = 0; r < REPS; ++r) call(c, r, amount(c, me, r), 0, 0);
  shmem_barrier_all();
  long expect = init;
  for (int pe = 0; pe < npes; ++pe)
    for (size_t r = 0; r < REPS; ++r) expect += amount(c, pe, r);
  const long final = read_slot(c, 0);
  FAIL_IF(c, final != expect, "final value %ld, expected %ld", final, expect);
}

/* compare_swap: all PEs try 0 -> me+1; exactly one sees 0 and its value
 * stays; the others see it. A compare that cannot match changes nothing. */
static void check_elect(const amo_case *c) {
  init_target(c, 0);
  call(c, 0, 0, me + 1, 0);
  call(c, 1, 1000, 77, 0);  /* no value is ever 1000 */
  call(c, 2, 0, me + 1, 1); /* slot 1: same election, issued later */
  share_fetched(c);
  const long final = read_slot(c, 0), final1 = read_slot(c, 1);
  int winners = 0, winners1 = 0;
  for (int pe = 0; pe < npes; ++pe) {
    const long *got = shared + (size_t)pe * REPS;
    if (got[0] == 0) {
      ++winners;
      FAIL_IF(c, final != pe + 1, "PE %d won but the value is %ld", pe, final);
    } else {
      FAIL_IF(c, got[0] != final, "PE %d lost to %ld but the value is %ld", pe, got[0], final);
    }
    FAIL_IF(c, got[1] != 0 && got[1] != final, "PE %d: failed compare returned %ld", pe, got[1]);
    winners1 += got[2] == 0;
    FAIL_IF(c, got[2] != 0 && got[2] != final1, "PE %d: slot 1 returned %ld, value %ld", pe, got[2],
            final1);
  }
  FAIL_IF(c, winners != 1 || winners1 != 1, "%d and %d winners", winners, winners1);
}

/* compare_swap as the only way to add: retry until it took. */
static void check_cas_counter(const amo_case *c) {
  const long init = 3;
  init_target(c, init);
  for (int r = 0; r < REPS; ++r) {
    long seen = init;
    for (;;) {
      call(c, 0, seen, seen + 1, 0);
      shmem_quiet();
      const long old = fetched_at(c, 0);
      if (old == seen) break;
      seen = old;
    }
  }
  shmem_barrier_all();
  const long final = read_slot(c, 0);
  FAIL_IF(c, final != init + (long)npes * REPS, "final %ld, expected %ld", final,
          init + (long)npes * REPS);
}

/* set each PE's own slot, then fetch every slot (in the case's form). */
static void check_set_fetch(const amo_case *c) {
  init_target(c, 0);
  amo_case set = *c;
  set.op = OP_SET;
  set.v = c->v == V_NBI ? V_PLAIN : c->v == V_CTX_NBI ? V_CTX : c->v;
  call(&set, 0, 3L * me + 1, 0, me);
  shmem_barrier_all();
  for (int pe = 0; pe <= npes && pe < SLOTS; ++pe) call(c, (size_t)pe, 0, 0, pe);
  shmem_quiet();
  for (int pe = 0; pe <= npes && pe < SLOTS; ++pe) {
    const long want = pe < npes ? 3L * pe + 1 : 0;
    FAIL_IF(c, fetched_at(c, (size_t)pe) != want, "slot %d is %ld, expected %ld (set %s)", pe,
            fetched_at(c, (size_t)pe), want, variant_names[set.v]);
  }
}

/* swap: tokens 1 + pe + npes * r; the initial token and every token come
 * out exactly once, counting the one left in the target. */
static void check_swap(const amo_case *c) {
  const long init = 1000;
  init_target(c, init);
  for (size_t r = 0; r < REPS; ++r) call(c, r, 1 + me + (long)npes * (long)r, 0, 0);
  share_fetched(c);
  const size_t total = (size_t)npes * REPS;
  int *seen = (int *)calloc(total + 1, sizeof(int));
  const long final = read_slot(c, 0);
  for (size_t i = 0; i <= total; ++i) {
    const long t = i < total ? shared[i] : final;
    const size_t slot = t == init ? 0 : (size_t)t;
    const int valid = t == init || (t >= 1 && (size_t)t <= total);
    FAIL_IF(c, !valid || seen[slot], "token %ld came out twice or was never put in", t);
    if (valid) seen[slot] = 1;
  }
  free(seen);
}

/* and/or/xor, one bit per PE: the bits changed before a PE's op are those
 * of the PEs before it, one more per step, and the rest stays. */
static long bit_init(int op) {
  const long mask = (1L << npes) - 1;
  return op == OP_FAND || op == OP_AND ? mask | HIGH_BIT
         : op == OP_FOR || op == OP_OR ? HIGH_BIT
                                       : (0x55555555L & mask) | HIGH_BIT;
}
static long bit_operand(int op, int pe) {
  return op == OP_FAND || op == OP_AND ? ~(1L << pe) : 1L << pe;
}
static int popcount(long x) { return __builtin_popcountl((unsigned long)x); }

static void check_bits(const amo_case *c) {
  const long init = bit_init(c->op), mask = (1L << npes) - 1;
  init_target(c, init);
  call(c, 0, bit_operand(c->op, me), 0, 0);
  const int fetching = c->op == OP_FAND || c->op == OP_FOR || c->op == OP_FXOR;
  if (fetching)
    share_fetched(c);
  else
    shmem_barrier_all();
  const long final = read_slot(c, 0);
  FAIL_IF(c, final != (init ^ mask), "final %#lx, expected %#lx", final, init ^ mask);
  if (!fetching) return;
  long *before = (long *)calloc((size_t)npes + 1, sizeof(long)); /* by step */
  int *who = (int *)calloc((size_t)npes + 1, sizeof(int));
  for (int pe = 0; pe < npes; ++pe) {
    const long changed = shared[(size_t)pe * REPS] ^ init;
    const int k = popcount(changed);
    const int bad = (changed & ~mask) || (changed & (1L << pe)) || k >= npes || who[k];
    FAIL_IF(c, bad, "PE %d fetched %#lx (init %#lx)", pe, shared[(size_t)pe * REPS], init);
    if (bad) continue;
    before[k] = changed;
    who[k] = pe + 1;
  }
  for (int k = 0; k + 1 < npes; ++k)
    FAIL_IF(c, who[k] && before[k + 1] != (before[k] | 1L << (who[k] - 1)),
            "step %d saw %#lx after %#lx", k + 1, before[k + 1], before[k]);
  free(before);
  free(who);
}

typedef void checker(const amo_case *c);
typedef struct {
  int op;
  checker *check;
  int first_variant, last_variant;
} plan;

static const plan ext_plan[] = {
    {OP_FETCH, check_set_fetch, V_PLAIN, V_CTX_NBI},
    {OP_SWAP, check_swap, V_PLAIN, V_CTX_NBI},
};
static const plan std_plan[] = {
    {OP_FADD, check_chain, V_PLAIN, V_CTX_NBI},  {OP_FINC, check_chain, V_PLAIN, V_CTX_NBI},
    {OP_ADD, check_sum, V_PLAIN, V_OLD},         {OP_INC, check_sum, V_PLAIN, V_OLD},
    {OP_CSWAP, check_elect, V_PLAIN, V_CTX_NBI}, {OP_CSWAP, check_cas_counter, V_PLAIN, V_CTX_NBI},
};
/* No deprecated names: V_OLD is skipped below. */
static const plan bit_plan[] = {
    {OP_FAND, check_bits, V_PLAIN, V_CTX_NBI}, {OP_AND, check_bits, V_PLAIN, V_CTX},
    {OP_FOR, check_bits, V_PLAIN, V_CTX_NBI},  {OP_OR, check_bits, V_PLAIN, V_CTX},
    {OP_FXOR, check_bits, V_PLAIN, V_CTX_NBI}, {OP_XOR, check_bits, V_PLAIN, V_CTX},
};

static void run_table(const kind *kinds, size_t nkinds, const plan *plans, size_t nplans,
                      int has_old, void *heap) {
  for (size_t i = 0; i < nkinds; ++i)
    for (int s = 0; s < 2; ++s) {
      amo_case c = {&kinds[i],       0, 0, s ? kinds[i].statics : heap, s ? "static" : "heap",
                    s ? npes - 1 : 0};
      for (size_t p = 0; p < nplans; ++p)
        for (int v = plans[p].first_variant; v <= plans[p].last_variant; ++v) {
          if (v == V_OLD && !has_old) continue;
          c.op = plans[p].op;
          c.v = v;
          plans[p].check(&c);
        }
    }
}

#ifndef AMO_GENERIC
/* The untyped SGI swap on long. The name is also a C11 generic macro. */
static long untyped_statics[SLOTS];
static void untyped_swap(int v, void *f, void *d, long a, long b, int pe) {
  (void)v, (void)b;
  *(long *)f = (shmem_swap)((long *)d, a, pe);
}
static long untyped_at(const void *b, size_t i) { return ((const long *)b)[i]; }
static void untyped_store(void *b, size_t i, long v) { ((long *)b)[i] = v; }
static const kind untyped_kind[] = {{"(untyped shmem_swap) long",
                                     sizeof(long),
                                     untyped_at,
                                     untyped_store,
                                     untyped_statics,
                                     {NULL, NULL, untyped_swap}}};
static const plan untyped_plan[] = {{OP_SWAP, check_swap, V_PLAIN, V_PLAIN}};
#endif

int main(void) {
  CHECK_INIT();
  CHECK_PES_AT_MOST(MAX_PES);
  shared = (long *)shmem_malloc((size_t)npes * REPS * sizeof(long));
  void *heap = shmem_calloc(SLOTS, sizeof(long long));
  fetched = malloc(SLOTS * REPS * sizeof(long long));
  run_table(ext_kinds, COUNT(ext_kinds), ext_plan, COUNT(ext_plan), OLD_NAMES, heap);
  run_table(std_kinds, COUNT(std_kinds), std_plan, COUNT(std_plan), OLD_NAMES, heap);
  run_table(bit_kinds, COUNT(bit_kinds), bit_plan, COUNT(bit_plan), 0, heap);
#ifndef AMO_GENERIC
  run_table(untyped_kind, 1, untyped_plan, 1, 1, heap);
#endif
  shmem_barrier_all();
  shmem_free(heap);
  shmem_free(shared);
  free(fetched);
  CHECK_DONE();
}
