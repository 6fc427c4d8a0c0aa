/* The scenarios of the spec's examples for every wait and test routine
 * (section 9.10) and for shmem_signal_wait_until, written for this suite:
 * PEs raise flags on each other with atomics or put-with-signal, and every
 * PE consumes them with the routine under test. Among them the test_any
 * example of the spec: flags from shmem_calloc, each PE sets its flag on
 * every PE, then spins on shmem_int_test_any, masking what it saw.
 *
 * Then the fairness the spec asks of the _any routines ("a series of calls
 * ... must eventually return i"): with every flag raised and nothing
 * masked, repeated test_any, test_any_vector, wait_until_any and
 * wait_until_any_vector calls must name every index. A bounded number of
 * calls, so that a routine that always answers the lowest index fails a
 * check instead of hanging. */
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

enum { DATA = 64, TRIES_PER_PE = 1000 };

static int me, npes;
static int ring_ivar; /* static: reached through MPI even on a node */

/* Every PE's arrays start at zero: the allocation ends with a barrier. */
static int *flags_alloc(void) { return shmem_calloc((size_t)npes, sizeof(int)); }
static int *status_alloc(void) { return calloc((size_t)npes, sizeof(int)); }

/* Odd PEs announce themselves with 2, even ones with 1. */
static int mark_of(int pe) { return pe % 2 + 1; }

static void raise_everywhere(int *flags, int value) {
  for (int pe = 0; pe < npes; ++pe) shmem_int_atomic_set(&flags[me], value, pe);
}

/* wait_until: the left neighbour stores its number + 1 into a static ivar. */
static void example_wait_until(void) {
  const int left = (me + npes - 1) % npes;
  shmem_int_atomic_set(&ring_ivar, me + 1, (me + 1) % npes);
  shmem_int_wait_until(&ring_ivar, SHMEM_CMP_NE, 0);
  CHECK_MSG(ring_ivar == left + 1, "wait_until: ivar %d, expected %d", ring_ivar, left + 1);
  shmem_barrier_all();
  ring_ivar = 0;
  shmem_barrier_all();
}

/* wait_until_all: every other PE's flag, this PE's own masked out. */
static void example_wait_until_all(void) {
  int *flags = flags_alloc(), *status = status_alloc();
  status[me] = 1;
  for (int pe = 0; pe < npes; ++pe)
    if (pe != me) shmem_int_atomic_set(&flags[me], 1, pe);
  shmem_int_wait_until_all(flags, (size_t)npes, status, SHMEM_CMP_EQ, 1);
  for (int pe = 0; pe < npes; ++pe)
    CHECK_MSG(flags[pe] == (pe != me), "wait_until_all: flag %d is %d", pe, flags[pe]);
  free(status);
  shmem_free(flags);
}

/* wait_until_any and wait_until_some: the arrivals one or several at a
 * time, each seen once, adding up the PEs' marks. */
static void example_wait_until_any_some(int some) {
  int *flags = flags_alloc(), *status = status_alloc();
  size_t *indices = malloc((size_t)npes * sizeof(size_t));
  raise_everywhere(flags, me + 1);
  int seen = 0, sum = 0;
  while (seen < npes) {
    size_t got = 1;
    if (some)
      got = shmem_int_wait_until_some(flags, (size_t)npes, indices, status, SHMEM_CMP_NE, 0);
    else
      indices[0] = shmem_int_wait_until_any(flags, (size_t)npes, status, SHMEM_CMP_NE, 0);
    for (size_t k = 0; k < got; ++k) {
      const size_t i = indices[k];
      if (i >= (size_t)npes || status[i]) {
        CHECK_MSG(0, "wait_until_%s: index %zu", some ? "some" : "any", i);
        seen = npes;
        break;
      }
      status[i] = 1;
      sum += flags[i];
      ++seen;
    }
  }
  CHECK_MSG(sum == npes * (npes + 1) / 2, "wait_until_%s: sum %d", some ? "some" : "any", sum);
  CHECK(shmem_int_wait_until_any(flags, (size_t)npes, status, SHMEM_CMP_NE, 0) == SIZE_MAX);
  CHECK(shmem_int_wait_until_some(flags, (size_t)npes, indices, status, SHMEM_CMP_NE, 0) == 0);
  free(indices);
  free(status);
  shmem_free(flags);
}

/* The _vector waits: each PE's expected mark in cmp_values; all, then any
 * and some one after the other over the same arrivals, adding up marks. */
static void example_wait_until_vector(void) {
  int *flags = flags_alloc(), *status = status_alloc(), *cmp_values = status_alloc();
  size_t *indices = malloc((size_t)npes * sizeof(size_t));
  for (int pe = 0; pe < npes; ++pe) cmp_values[pe] = mark_of(pe);
  raise_everywhere(flags, mark_of(me));
  int total = 0, seen = 0;
  while (seen < npes) {
    const size_t i =
        shmem_int_wait_until_any_vector(flags, (size_t)npes, status, SHMEM_CMP_EQ, cmp_values);
    if (i >= (size_t)npes || status[i]) {
      CHECK_MSG(0, "wait_until_any_vector: index %zu", i);
      break;
    }
    status[i] = 1;
    total += flags[i];
    ++seen;
  }
  CHECK_MSG(total == npes + npes / 2, "wait_until_any_vector: total %d", total);
  shmem_int_wait_until_all_vector(flags, (size_t)npes, NULL, SHMEM_CMP_EQ, cmp_values);
  for (int pe = 0; pe < npes; ++pe) status[pe] = 0;
  const size_t got = shmem_int_wait_until_some_vector(flags, (size_t)npes, indices, status,
                                                      SHMEM_CMP_EQ, cmp_values);
  CHECK_MSG(got == (size_t)npes, "wait_until_some_vector: %zu of %d", got, npes);
  free(indices);
  free(cmp_values);
  free(status);
  shmem_free(flags);
}

/* test: the left neighbour raises a heap flag while this PE polls. */
static void example_test(void) {
  int *flag = shmem_calloc(1, sizeof(int));
  shmem_int_atomic_set(flag, 1, (me + 1) % npes);
  while (!shmem_int_test(flag, SHMEM_CMP_EQ, 1)) {
    /* computation would go here */
  }
  CHECK(*flag == 1);
  shmem_free(flag);
}

/* test_all: poll until every PE's flag arrived. */
static void example_test_all(void) {
  int *flags = flags_alloc();
  raise_everywhere(flags, 1);
  while (!shmem_int_test_all(flags, (size_t)npes, NULL, SHMEM_CMP_EQ, 1)) {
    /* computation would go here */
  }
  shmem_free(flags);
}

/* test_any, the spec's example: mask each index it returns. */
static void example_test_any(void) {
  int *flags = flags_alloc(), *status = status_alloc();
  raise_everywhere(flags, 1);
  int ncompleted = 0;
  while (ncompleted < npes) {
    const size_t idx = shmem_int_test_any(flags, (size_t)npes, status, SHMEM_CMP_EQ, 1);
    if (idx == SIZE_MAX) continue;
    if (idx >= (size_t)npes || status[idx]) {
      CHECK_MSG(0, "test_any: index %zu", idx);
      break;
    }
    status[idx] = 1;
    ++ncompleted;
  }
  free(status);
  shmem_free(flags);
}

/* test_some: collect the arrivals in batches, each index once. */
static void example_test_some(void) {
  int *flags = flags_alloc(), *status = status_alloc();
  size_t *indices = malloc((size_t)npes * sizeof(size_t));
  raise_everywhere(flags, me + 1);
  int seen = 0, sum = 0;
  while (seen < npes) {
    const size_t got = shmem_int_test_some(flags, (size_t)npes, indices, status, SHMEM_CMP_NE, 0);
    for (size_t k = 0; k < got; ++k) {
      const size_t i = indices[k];
      if (i >= (size_t)npes || status[i]) {
        CHECK_MSG(0, "test_some: index %zu", i);
        seen = npes;
        break;
      }
      status[i] = 1;
      sum += flags[i];
      ++seen;
    }
  }
  CHECK_MSG(sum == npes * (npes + 1) / 2, "test_some: sum %d", sum);
  free(indices);
  free(status);
  shmem_free(flags);
}

/* The _vector tests over the PEs' marks: some and any with masks, then all. */
static void example_test_vector(void) {
  long *flags = shmem_calloc((size_t)npes, sizeof(long));
  long *cmp_values = malloc((size_t)npes * sizeof(long));
  int *status = status_alloc();
  size_t *indices = malloc((size_t)npes * sizeof(size_t));
  for (int pe = 0; pe < npes; ++pe) cmp_values[pe] = mark_of(pe);
  for (int pe = 0; pe < npes; ++pe) shmem_long_atomic_set(&flags[me], mark_of(me), pe);
  int seen = 0;
  while (seen < npes) {
    const size_t got =
        shmem_long_test_some_vector(flags, (size_t)npes, indices, status, SHMEM_CMP_EQ, cmp_values);
    for (size_t k = 0; k < got; ++k) {
      CHECK_MSG(indices[k] < (size_t)npes, "test_some_vector: index %zu", indices[k]);
      if (indices[k] < (size_t)npes) status[indices[k]] = 1;
    }
    seen += (int)got;
    const size_t i =
        shmem_long_test_any_vector(flags, (size_t)npes, status, SHMEM_CMP_EQ, cmp_values);
    if (i == SIZE_MAX) continue;
    if (i >= (size_t)npes || status[i]) {
      CHECK_MSG(0, "test_any_vector: index %zu", i);
      break;
    }
    status[i] = 1;
    ++seen;
  }
  CHECK(seen == npes);
  CHECK(shmem_long_test_all_vector(flags, (size_t)npes, NULL, SHMEM_CMP_EQ, cmp_values));
  CHECK(shmem_long_test_any_vector(flags, (size_t)npes, status, SHMEM_CMP_EQ, cmp_values) ==
        SIZE_MAX);
  free(indices);
  free(status);
  free(cmp_values);
  shmem_free(flags);
}

/* signal_wait_until: a block of data and its signal from the left
 * neighbour; the data is complete once the signal is seen. */
static void example_signal_wait_until(void) {
  long *data = shmem_calloc(DATA, sizeof(long));
  uint64_t *signal = shmem_calloc(1, sizeof(uint64_t));
  long source[DATA];
  const int left = (me + npes - 1) % npes;
  for (int e = 0; e < DATA; ++e) source[e] = 100L * me + e;
  shmem_long_put_signal(data, source, DATA, signal, 1, SHMEM_SIGNAL_SET, (me + 1) % npes);
  const uint64_t got = shmem_signal_wait_until(signal, SHMEM_CMP_EQ, 1);
  CHECK_MSG(got == 1, "signal_wait_until returned %llu", (unsigned long long)got);
  for (int e = 0; e < DATA; ++e)
    if (data[e] != 100L * left + e) {
      CHECK_MSG(0, "signal_wait_until: data[%d] = %ld", e, data[e]);
      break;
    }
  shmem_free(signal);
  shmem_free(data);
}

/* Fairness of the _any routines: every flag raised, nothing masked. */
enum any_form { TEST_ANY, TEST_ANY_VECTOR, WAIT_ANY, WAIT_ANY_VECTOR, ANY_FORMS };
static const char *const any_names[ANY_FORMS] = {"test_any", "test_any_vector", "wait_until_any",
                                                 "wait_until_any_vector"};

static size_t call_any(enum any_form f, int *flags, const int *ones) {
  const size_t n = (size_t)npes;
  switch (f) {
  case TEST_ANY: return shmem_int_test_any(flags, n, NULL, SHMEM_CMP_EQ, 1);
  case TEST_ANY_VECTOR: return shmem_int_test_any_vector(flags, n, NULL, SHMEM_CMP_EQ, ones);
  case WAIT_ANY: return shmem_int_wait_until_any(flags, n, NULL, SHMEM_CMP_EQ, 1);
  default: return shmem_int_wait_until_any_vector(flags, n, NULL, SHMEM_CMP_EQ, ones);
  }
}

static void fairness(void) {
  int *flags = flags_alloc(), *ones = status_alloc(), *returned = status_alloc();
  for (int pe = 0; pe < npes; ++pe) ones[pe] = 1;
  raise_everywhere(flags, 1);
  shmem_int_wait_until_all(flags, (size_t)npes, NULL, SHMEM_CMP_EQ, 1);
  for (int f = 0; f < ANY_FORMS; ++f) {
    for (int pe = 0; pe < npes; ++pe) returned[pe] = 0;
    int distinct = 0;
    for (long k = 0; k < (long)TRIES_PER_PE * npes && distinct < npes; ++k) {
      const size_t i = call_any((enum any_form)f, flags, ones);
      if (i >= (size_t)npes) {
        CHECK_MSG(0, "%s returned %zu", any_names[f], i);
        break;
      }
      distinct += !returned[i];
      returned[i] = 1;
    }
    CHECK_MSG(distinct == npes, "%s: %d calls named %d of the %d satisfied indices", any_names[f],
              TRIES_PER_PE * npes, distinct, npes);
  }
  free(returned);
  free(ones);
  shmem_free(flags);
}

int main(void) {
  CHECK_INIT();
  example_wait_until();
  example_wait_until_all();
  example_wait_until_any_some(0);
  example_wait_until_any_some(1);
  example_wait_until_vector();
  example_test();
  example_test_all();
  example_test_any();
  example_test_some();
  example_test_vector();
  example_signal_wait_until();
  fairness();
  CHECK_DONE();
}
