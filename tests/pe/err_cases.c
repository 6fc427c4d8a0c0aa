/* Bad input: each case (argv[1]) makes one erroneous call on the last PE
 * while the others wait in shmem_barrier_all (collective routines: on
 * every PE). The library must print a message naming the routine and the
 * argument and end the whole job with a non-zero status; reaching the end
 * of main means it did not. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long symmetric_array[4];

static void put_to_n_pes(void) {
  const int value = 1;
  shmem_int_put((int *)symmetric_array, &value, 1, shmem_n_pes());
}

static void put_to_minus_one(void) {
  shmem_putmem(symmetric_array, "x", 1, -1);
}

static void put_to_stack(void) {
  long on_stack[4] = {0};
  shmem_long_put(on_stack, symmetric_array, 4, 0);
}

static void get_from_stack(void) {
  long on_stack[2] = {0};
  shmem_getmem(symmetric_array, on_stack, sizeof on_stack, 0);
}

static void put_from_null(void) {
  shmem_putmem(symmetric_array, NULL, 8, 0);
}

static void put_on_invalid_ctx(void) {
  shmem_ctx_long_p(SHMEM_CTX_INVALID, symmetric_array, 1, 0);
}

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
    {"put_from_null", put_from_null, 0},
    {"put_on_invalid_ctx", put_on_invalid_ctx, 0},
    {"free_private", free_private, 1},
    {"free_interior", free_interior, 1},
    {"global_exit", global_exit, 0},
    {"barrier_after_finalize", barrier_after_finalize, 1},
    {"init", NULL, 0}, /* only shmem_init: for bad environment variables */
};

/* Cases that need no initialized library. */
static int before_init(const char *name) {
  if (strcmp(name, "malloc_before_init") == 0) {
    shmem_malloc(64);
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
