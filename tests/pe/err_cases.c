/* Bad input: each case (argv[1]) makes one erroneous call on the last PE
 * while the others wait in shmem_barrier_all (collective routines: on
 * every PE). The library must print a message naming the routine and the
 * argument and end the whole job with a non-zero status; reaching the end
 * of main means it did not. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long symmetric_array[4];
static int symmetric_ints[4];
static uint64_t signal_word;

static void put_to_n_pes(void) {
  const int value = 1;
  shmem_int_put((int *)symmetric_array, &value, 1, shmem_n_pes());
}

static void put_to_minus_one(void) { shmem_putmem(symmetric_array, "x", 1, -1); }

static void put_to_stack(void) {
  long on_stack[4] = {0};
  shmem_long_put(on_stack, symmetric_array, 4, 0);
}

/* Neither symmetric nor a local variable: memory of the C library's heap. */
static void put_to_private_heap(void) {
  long *private_memory = calloc(4, sizeof(long));
  shmem_long_put(private_memory, symmetric_array, 4, 0);
  free(private_memory);
}

static void get_from_stack(void) {
  long on_stack[2] = {0};
  shmem_getmem(symmetric_array, on_stack, sizeof on_stack, 0);
}

/* Read-only after relocation (.data.rel.ro in a PIE): inside the
 * executable's writable segment, but not writable program data. */
static const char *const relro_names[] = {"a", "b"};

static void put_to_relro(void) { shmem_putmem((void *)&relro_names[0], "12345678", 8, 0); }

static void put_from_null(void) { shmem_putmem(symmetric_array, NULL, 8, 0); }

static void put_on_invalid_ctx(void) { shmem_ctx_long_p(SHMEM_CTX_INVALID, symmetric_array, 1, 0); }

static void get_to_null(void) { shmem_getmem(NULL, symmetric_array, 8, 0); }

static void amo_pe_range(void) { shmem_long_atomic_inc(symmetric_array, shmem_n_pes()); }

static void amo_not_symmetric(void) {
  int on_stack = 0;
  shmem_int_atomic_add(&on_stack, 1, 0);
}

static void signal_pe_range(void) { shmem_signal_set(&signal_word, 1, -1); }

static void put_signal_pe_range(void) {
  shmem_putmem_signal(symmetric_array, "x", 1, &signal_word, 1, SHMEM_SIGNAL_ADD, shmem_n_pes());
}

static void put_signal_bad_op(void) {
  const long value = 1;
  shmem_long_put_signal(symmetric_array, &value, 1, &signal_word, 1, 7, 0);
}

/* Spec: "sig_addr and dest may not be overlapping in memory". */
static void put_signal_overlap(void) {
  const long values[2] = {1, 2};
  shmem_long_put_signal(symmetric_array, values, 2, (uint64_t *)&symmetric_array[1], 1,
                        SHMEM_SIGNAL_SET, 0);
}

/* 99 and -1 are no SHMEM_CMP_ constant. */
static void wait_bad_cmp(void) { shmem_long_wait_until(symmetric_array, 99, 0); }

static void test_bad_cmp(void) { shmem_int_test(symmetric_ints, -1, 0); }

/* ivar must be remotely accessible; the condition holds already. */
static void wait_not_symmetric(void) {
  long on_stack = 0;
  shmem_long_wait_until(&on_stack, SHMEM_CMP_EQ, 0);
}

static void signal_wait_not_symmetric(void) {
  uint64_t on_stack = 0;
  shmem_signal_wait_until(&on_stack, SHMEM_CMP_EQ, 0);
}

/* Spec: "The ivars and status arrays must not overlap in memory". */
static void wait_status_overlap(void) {
  shmem_int_wait_until_all(symmetric_ints, 3, symmetric_ints + 1, SHMEM_CMP_EQ, 0);
}

/* Collective or team routines: every PE makes these calls. */
static void amo_unaligned(void) {
  long *heap = shmem_malloc(4 * sizeof(long));
  shmem_long_atomic_fetch_add((long *)((char *)heap + 1), 1, 0);
}

static void broadcast_overlap(void) {
  shmem_long_broadcast(SHMEM_TEAM_WORLD, symmetric_array + 1, symmetric_array, 2, 0);
}

static void fcollect_in_place(void) {
  shmem_long_fcollect(SHMEM_TEAM_WORLD, symmetric_array, symmetric_array, 1);
}

static void alltoall_overlap(void) {
  shmem_long_alltoall(SHMEM_TEAM_WORLD, symmetric_array + 1, symmetric_array, 1);
}

static void broadcast_to_null(void) {
  shmem_long_broadcast(SHMEM_TEAM_WORLD, NULL, symmetric_array, 2, 0);
}

static void reduce_from_null(void) {
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, symmetric_array, NULL, 2);
}

static void broadcast_invalid_team(void) {
  shmem_long_broadcast(SHMEM_TEAM_INVALID, symmetric_array, symmetric_array + 2, 2, 0);
}

static shmem_team_t destroyed_team(void) {
  shmem_team_t team;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &team);
  shmem_team_destroy(team);
  return team;
}

static void translate_destroyed_team(void) {
  shmem_team_translate_pe(destroyed_team(), 0, SHMEM_TEAM_WORLD);
}

static void ctx_on_destroyed_team(void) {
  shmem_ctx_t ctx;
  shmem_team_create_ctx(destroyed_team(), 0, &ctx);
}

static void destroy_team_twice(void) { shmem_team_destroy(destroyed_team()); }

/* shmem_free is collective: every PE makes these calls. */
static void free_private(void) {
  void *p = malloc(64);
  shmem_free(p);
}

static void free_interior(void) {
  char *p = shmem_malloc(64);
  shmem_free(p + 16);
}

static void global_exit(void) {
  printf("PE %d calls shmem_global_exit(7)", shmem_my_pe()); /* no newline: exit flushes */
  shmem_global_exit(7);
}

static void barrier_after_finalize(void) {
  shmem_finalize();
  shmem_barrier_all();
}

static void put_after_finalize(void) {
  shmem_finalize();
  shmem_long_p(symmetric_array, 1, 0);
}

struct bad_case {
  const char *name;
  void (*call)(void);
  int every_pe; /* collective: all PEs call it */
};

static const struct bad_case cases[] = {
    {"put_to_n_pes", put_to_n_pes, 0},
    {"put_to_minus_one", put_to_minus_one, 0},
    {"put_to_stack", put_to_stack, 0},
    {"get_from_stack", get_from_stack, 0},
    {"put_to_private_heap", put_to_private_heap, 0},
    {"put_to_relro", put_to_relro, 0},
    {"put_from_null", put_from_null, 0},
    {"put_on_invalid_ctx", put_on_invalid_ctx, 0},
    {"free_private", free_private, 1},
    {"free_interior", free_interior, 1},
    {"get_to_null", get_to_null, 0},
    {"amo_pe_range", amo_pe_range, 0},
    {"amo_not_symmetric", amo_not_symmetric, 0},
    {"signal_pe_range", signal_pe_range, 0},
    {"put_signal_pe_range", put_signal_pe_range, 0},
    {"put_signal_bad_op", put_signal_bad_op, 0},
    {"put_signal_overlap", put_signal_overlap, 0},
    {"wait_bad_cmp", wait_bad_cmp, 0},
    {"test_bad_cmp", test_bad_cmp, 0},
    {"wait_not_symmetric", wait_not_symmetric, 0},
    {"signal_wait_not_symmetric", signal_wait_not_symmetric, 0},
    {"wait_status_overlap", wait_status_overlap, 0},
    {"amo_unaligned", amo_unaligned, 1},
    {"broadcast_overlap", broadcast_overlap, 1},
    {"fcollect_in_place", fcollect_in_place, 1},
    {"alltoall_overlap", alltoall_overlap, 1},
    {"broadcast_to_null", broadcast_to_null, 1},
    {"reduce_from_null", reduce_from_null, 1},
    {"broadcast_invalid_team", broadcast_invalid_team, 1},
    {"translate_destroyed_team", translate_destroyed_team, 1},
    {"ctx_on_destroyed_team", ctx_on_destroyed_team, 1},
    {"destroy_team_twice", destroy_team_twice, 1},
    {"global_exit", global_exit, 0},
    {"barrier_after_finalize", barrier_after_finalize, 1},
    {"put_after_finalize", put_after_finalize, 1},
    {"init", NULL, 0}, /* only shmem_init: for bad environment variables */
};

/* Cases that need no initialized library. */
static int before_init(const char *name) {
  if (strcmp(name, "malloc_before_init") == 0) {
    shmem_malloc(64);
    return 1;
  }
  if (strcmp(name, "put_before_init") == 0) {
    shmem_long_p(symmetric_array, 1, 0);
    return 1;
  }
  if (strcmp(name, "bad_thread_level") == 0) {
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE + 4, &provided);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "";
  if (before_init(name)) {
    printf("%s: the call was accepted\n", name);
    return 0;
  }
  const struct bad_case *bad = NULL;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i)
    if (strcmp(name, cases[i].name) == 0) bad = &cases[i];
  if (!bad) {
    fprintf(stderr, "usage: %s CASE (unknown case '%s')\n", argv[0], name);
    return 2;
  }
  shmem_init();
  const int me = shmem_my_pe(), last = shmem_n_pes() - 1;
  if (bad->call && (me == last || bad->every_pe)) bad->call();
  shmem_barrier_all();
  printf("PE %d: %s: the erroneous call was accepted\n", me, name);
  shmem_finalize();
  return 0;
}
