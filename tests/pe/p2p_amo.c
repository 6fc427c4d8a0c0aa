/* Point-to-point synchronization driven by atomics from every PE, through
 * the C11 generic names (shmem_wait_until_some(ivars, ...) and co.), as in
 * the spec's all-to-all examples: each PE marks its arrival in a slot of
 * every PE's array, and every PE consumes the arrivals as they come,
 * masking the slots already seen, until the wait set is empty. Also the
 * deprecated untyped shmem_wait and shmem_wait_until (long) and
 * shmem_long_wait, passing a token around the ring. Compiled as C11. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <shmem.h>
#include <stdint.h>

#include "check.h"

#if !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "this test uses the C11 generic interfaces: compile it as C11"
#endif

enum { MAX_PES = 64 };

static long long_slots[MAX_PES];
static int int_slots[MAX_PES];
static uint64_t u64_slots[MAX_PES];
static size_t size_slots[MAX_PES];
static long counter, token, old_token;

static int me, npes;

/* The arrivals in slots, consumed with wait_until_some until none is left
 * to wait for: each slot i holds i + 1 when it arrives, and is seen once. */
static void consume_some(void) {
  int status[MAX_PES] = {0};
  size_t idx[MAX_PES], seen = 0;
  while (seen < (size_t)npes) {
    const size_t got =
        shmem_wait_until_some(long_slots, (size_t)npes, idx, status, SHMEM_CMP_NE, 0L);
    CHECK_MSG(got >= 1 && seen + got <= (size_t)npes, "wait_until_some returned %zu", got);
    if (got == 0 || seen + got > (size_t)npes) return;
    for (size_t j = 0; j < got; ++j) {
      const size_t i = idx[j];
      CHECK_MSG(i < (size_t)npes && !status[i] && long_slots[i] == (long)i + 1,
                "wait_until_some: index %zu (seen before: %d)", i, i < (size_t)npes && status[i]);
      if (i < (size_t)npes) status[i] = 1;
    }
    seen += got;
  }
  size_t none = shmem_wait_until_some(long_slots, (size_t)npes, idx, status, SHMEM_CMP_NE, 0L);
  CHECK_MSG(none == 0, "wait_until_some with every slot masked returned %zu", none);
}

/* The same with wait_until_any (one at a time), and SIZE_MAX at the end. */
static void consume_any(void) {
  int status[MAX_PES] = {0};
  for (int k = 0; k < npes; ++k) {
    const size_t i = shmem_wait_until_any(int_slots, (size_t)npes, status, SHMEM_CMP_GT, 0);
    CHECK_MSG(i < (size_t)npes && !status[i] && int_slots[i] == (int)i + 1,
              "wait_until_any returned %zu", i);
    if (i >= (size_t)npes) return;
    status[i] = 1;
  }
  const size_t none = shmem_wait_until_any(int_slots, (size_t)npes, status, SHMEM_CMP_GT, 0);
  CHECK_MSG(none == SIZE_MAX, "wait_until_any with every slot masked returned %zu", none);
}

/* The same polling with test_any and test_some, then test_all. */
static void consume_tests(void) {
  int status[MAX_PES] = {0};
  size_t idx[MAX_PES], seen = 0;
  while (seen < (size_t)npes) {
    size_t got = shmem_test_some(u64_slots, (size_t)npes, idx, status, SHMEM_CMP_GE, 1);
    for (size_t j = 0; j < got; ++j) {
      CHECK_MSG(idx[j] < (size_t)npes && !status[idx[j]], "test_some index %zu", idx[j]);
      if (idx[j] < (size_t)npes) status[idx[j]] = 1;
    }
    seen += got;
    const size_t i = shmem_test_any(u64_slots, (size_t)npes, status, SHMEM_CMP_GE, 1);
    if (i != SIZE_MAX) {
      CHECK_MSG(i < (size_t)npes && !status[i], "test_any index %zu", i);
      if (i < (size_t)npes) status[i] = 1;
      ++seen;
    }
  }
  CHECK(shmem_test_any(u64_slots, (size_t)npes, status, SHMEM_CMP_GE, 1) == SIZE_MAX);
  CHECK(shmem_test_some(u64_slots, (size_t)npes, idx, status, SHMEM_CMP_GE, 1) == 0);
  CHECK(shmem_test_all(u64_slots, (size_t)npes, NULL, SHMEM_CMP_GE, 1) == 1);
  for (int i = 0; i < npes; ++i) CHECK(u64_slots[i] == (uint64_t)i + 1);
}

/* Every PE bumps every slot by 1 per PE: wait_until_all_vector for n each. */
static void await_all(void) {
  size_t want[MAX_PES];
  for (int i = 0; i < npes; ++i) want[i] = (size_t)npes;
  shmem_wait_until_all_vector(size_slots, (size_t)npes, NULL, SHMEM_CMP_EQ, want);
  for (int i = 0; i < npes; ++i)
    CHECK_MSG(size_slots[i] == (size_t)npes, "slot %d is %zu", i, size_slots[i]);
}

/* A token goes around the ring twice: once with the untyped shmem_wait,
 * once with shmem_long_wait. Each hop adds one. */
static void pass_token(long *t, int typed) {
  const int right = (me + 1) % npes;
  if (me == 0) shmem_long_atomic_set(t, 1, right);
  if (typed)
    shmem_long_wait(t, 0);
  else
    (shmem_wait)(t, 0);
  const long got = shmem_long_atomic_fetch(t, me);
  CHECK_MSG(got == (me == 0 ? npes : me), "token %ld arrived", got);
  if (me != 0) shmem_long_atomic_set(t, got + 1, right);
}

int main(void) {
  CHECK_INIT();
  CHECK_PES_AT_MOST(MAX_PES);
  shmem_barrier_all();
  for (int k = 0; k < npes; ++k) {
    const int pe = (me + k) % npes; /* spread the arrivals */
    shmem_atomic_set(&long_slots[me], (long)me + 1, pe);
    shmem_atomic_fetch_add(&int_slots[me], me + 1, pe);
    shmem_atomic_add(&u64_slots[me], (uint64_t)me + 1, pe);
    for (int i = 0; i < npes; ++i) shmem_atomic_inc(&size_slots[i], pe);
    shmem_atomic_add(&counter, (long)me + 1, pe);
  }
  consume_some();
  consume_any();
  consume_tests();
  await_all();
  const long sum = (long)npes * (npes + 1) / 2;
  (shmem_wait_until)(&counter, SHMEM_CMP_EQ, sum); /* the deprecated function on long */
  shmem_wait_until(&counter, SHMEM_CMP_GE, sum);   /* the C11 generic */
  CHECK_MSG(counter == sum, "counter %ld, expected %ld", counter, sum);
  pass_token(&token, 0);
  pass_token(&old_token, 1);
  CHECK_DONE();
}
