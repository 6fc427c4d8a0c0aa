/* Section 9.1: start-up and the query routines. shmem_init,
 * shmem_query_initialized before and after, my_pe/n_pes, the version and
 * name queries, shmem_pe_accessible, shmem_addr_accessible and shmem_ptr on
 * every kind of memory a program has. */
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static long global_var[4] = {1, 2, 3, 4}; /* .data: symmetric */
static int zero_global;                   /* .bss: symmetric */

/* shmem_query_initialized may be called at any time, even before init. */
static int initialized(void) {
  int flag = -1;
  shmem_query_initialized(&flag);
  return flag;
}

static void check_version_and_name(void) {
  int major = -1, minor = -1;
  shmem_info_get_version(&major, &minor);
  CHECK(major == 1 && minor == 6);
  CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION);

  char name[SHMEM_MAX_NAME_LEN];
  memset(name, 'x', sizeof name);
  shmem_info_get_name(name);
  const char *nul = memchr(name, '\0', sizeof name);
  const size_t len = nul ? (size_t)(nul - name) : sizeof name;
  CHECK_MSG(len > 0 && len < SHMEM_MAX_NAME_LEN, "name length %zu", len);
  CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0);
}

static void check_pe_accessible(int npes) {
  for (int pe = 0; pe < npes; ++pe) CHECK_MSG(shmem_pe_accessible(pe) == 1, "pe %d", pe);
  CHECK(shmem_pe_accessible(-1) == 0);
  CHECK(shmem_pe_accessible(npes) == 0);
  CHECK(shmem_pe_accessible(npes + 100) == 0);
}

static void check_addr_accessible(long *heap, int npes) {
  long stack_var = 0;
  long *private_mem = malloc(sizeof *private_mem);
  for (int pe = 0; pe < npes; ++pe) {
    CHECK_MSG(shmem_addr_accessible(heap, pe) == 1, "heap, pe %d", pe);
    CHECK_MSG(shmem_addr_accessible(&heap[7], pe) == 1, "heap[7], pe %d", pe);
    CHECK_MSG(shmem_addr_accessible(global_var, pe) == 1, "global, pe %d", pe);
    CHECK_MSG(shmem_addr_accessible(&zero_global, pe) == 1, "bss global, pe %d", pe);
    CHECK_MSG(shmem_addr_accessible(&stack_var, pe) == 0, "stack, pe %d", pe);
    CHECK_MSG(shmem_addr_accessible(private_mem, pe) == 0, "malloc, pe %d", pe);
  }
  CHECK(shmem_addr_accessible(heap, -1) == 0);
  CHECK(shmem_addr_accessible(heap, npes) == 0);
  free(private_mem);
}

/* Own PE: shmem_ptr must give a usable pointer to symmetric data and NULL
 * for private memory. Other PEs: NULL is allowed, but a pointer must work
 * for loads and stores. */
static void check_ptr(long *heap, int me, int npes) {
  long stack_var = 0;
  long *p = shmem_ptr(heap, me);
  CHECK(p == heap);
  if (p) CHECK(*p == me);
  p = shmem_ptr(&global_var[1], me);
  CHECK(p == &global_var[1]);
  if (p) CHECK(*p == 100 + me);
  CHECK(shmem_ptr(&stack_var, me) == NULL);

  const int right = (me + 1) % npes;
  long *remote = shmem_ptr(heap, right);
  if (remote) {
    CHECK_MSG(remote[0] == right, "load via shmem_ptr from PE %d: %ld", right, remote[0]);
    remote[1] = 1000 + me;
  }
  shmem_barrier_all();
  if (remote)
    CHECK_MSG(shmem_long_g(&heap[1], right) == 1000 + me, "store via shmem_ptr to PE %d", right);
  shmem_barrier_all();
}

int main(void) {
  const int before = initialized();
  shmem_init();
  CHECK_MSG(before == 0, "shmem_query_initialized before shmem_init gave %d", before);
  CHECK(initialized() == 1);
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  CHECK(npes >= 1);
  CHECK(me >= 0 && me < npes);

  long *heap = shmem_malloc(16 * sizeof(long));
  CHECK(heap != NULL);
  heap[0] = me;
  global_var[1] = 100 + me;
  zero_global = 1;
  shmem_barrier_all();

  check_version_and_name();
  check_pe_accessible(npes);
  check_addr_accessible(heap, npes);
  check_ptr(heap, me, npes);

  shmem_free(heap);
  shmem_finalize();
  if (initialized() != 0) { /* CHECK needs the library: report by hand */
    fprintf(stderr, "[PE %d] shmem_query_initialized after shmem_finalize is not 0\n", me);
    ++check_failures;
  }
  return check_failures ? 1 : 0;
}
