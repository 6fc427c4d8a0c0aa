/* The symmetric heap on the pages it was given (docs/decisions/node-memory.md,
 * "Huge pages"): argv[1] says which (pool, thp, small, any, or alone: THP
 * where the system gives private memory THP, for PEs alone on their hosts),
 * and the kernel's own account of this PE's heap mapping (/proc/self/smaps)
 * must agree once the heap is touched. Every PE then puts into the next PE's heap across its
 * whole length and checks what it got, through loads where the node's PEs
 * map each other (shmem_ptr) and through MPI otherwise; and again after a
 * forked child wrote the whole heap, which must not reach it on any kind
 * of pages (docs/decisions/fork.md; where MPI allocated the heap, forced
 * mode, the child's stores fault instead: tests/pe/fork_heap.c). Run by
 * tests/support/heap_pages.sh, which reserves the pool or turns shared
 * memory THP on, and restores both; and in separate PID namespaces, where
 * no PE may map what /proc/<pid>/fd names in its own (mem_query.cmake). */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

enum { HEAP_BYTES = 64 << 20, STEP = 1 << 20, GLOBAL_BYTES = 8 << 20 };

/* Global variables shared on the node get THP too where whole 2 MiB pages
 * fit within them. */
static char globals[GLOBAL_BYTES];

/* The smaps field `field` (kB) of the mapping that holds `p`; -1 if none. */
static long smaps_field(const void *p, const char *field) {
  FILE *f = fopen("/proc/self/smaps", "r");
  char line[512];
  long value = -1;
  int inside = 0;
  const uintptr_t at = (uintptr_t)p;
  while (f && fgets(line, sizeof line, f)) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
      inside = at >= lo && at < hi;
      continue;
    }
    size_t n = strlen(field);
    if (inside && strncmp(line, field, n) == 0 && line[n] == ':') {
      sscanf(line + n + 1, "%ld", &value);
      break;
    }
  }
  if (f) fclose(f);
  return value;
}

/* Whether the system gives private memory transparent huge pages (on
 * request or unasked). */
static int private_thp_offered(void) {
  FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  char line[128] = "";
  if (f) {
    if (!fgets(line, sizeof line, f)) line[0] = 0;
    fclose(f);
  }
  return line[0] && strstr(line, "[never]") == NULL;
}

static void check_pages(const char *kind, const char *heap) {
  /* "alone": each PE alone on its machine, its heap its own region, on
   * private memory's THP wherever the system offers them. */
  if (strcmp(kind, "alone") == 0) kind = private_thp_offered() ? "thp" : "small";
  const long page_kb = smaps_field(heap, "KernelPageSize");
  /* Shared memory's THP, or private memory's where MPI allocated the heap. */
  const long pmd_kb = smaps_field(heap, "ShmemPmdMapped") + smaps_field(heap, "FilePmdMapped") +
                      smaps_field(heap, "AnonHugePages");
  if (strcmp(kind, "pool") == 0)
    CHECK_MSG(page_kb >= 2048, "KernelPageSize %ld kB", page_kb);
  else if (strcmp(kind, "thp") == 0)
    CHECK_MSG(page_kb == 4 && pmd_kb >= 2048, "KernelPageSize %ld kB, PMD-mapped %ld kB", page_kb,
              pmd_kb);
  else if (strcmp(kind, "small") == 0)
    CHECK_MSG(page_kb == 4 && pmd_kb <= 0, "KernelPageSize %ld kB, PMD-mapped %ld kB", page_kb,
              pmd_kb);
}

int main(int argc, char **argv) {
  const char *kind = argc > 1 ? argv[1] : "small";
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes(), next = (me + 1) % npes;
  char *heap = shmem_malloc(HEAP_BYTES);
  CHECK(heap != NULL);
  memset(heap, 0, HEAP_BYTES);
  check_pages(kind, heap);
  /* The globals are moved into shared memory only where the launcher
   * started other PEs on this node. */
  if (strcmp(kind, "thp") == 0 && npes > 1 && !check_split_nodes() && check_node_globals()) {
    memset(globals, 1, GLOBAL_BYTES);
    const long pmd_kb = smaps_field(globals + GLOBAL_BYTES / 2, "ShmemPmdMapped");
    CHECK_MSG(pmd_kb >= 2048, "global variables: PMD-mapped %ld kB", pmd_kb);
  }
  shmem_barrier_all();
  for (size_t at = 0; at < HEAP_BYTES; at += STEP) {
    const long value = (long)(me * 1000003 + at);
    shmem_long_p((long *)(heap + at), value, next);
  }
  shmem_barrier_all();
  const int prev = (me + npes - 1) % npes;
  for (size_t at = 0; at < HEAP_BYTES; at += STEP)
    CHECK(*(long *)(heap + at) == (long)(prev * 1000003 + at));
  const pid_t child = npes > 1 && check_split_nodes() ? -2 : fork();
  if (child == 0) {
    memset(heap, 0x55, HEAP_BYTES);
    _exit(heap[HEAP_BYTES - 1] == 0x55 ? 0 : 1);
  }
  int status = -1;
  CHECK(child == -2 || (child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                        WEXITSTATUS(status) == 0));
  shmem_barrier_all();
  for (size_t at = 0; at < HEAP_BYTES; at += STEP)
    CHECK_MSG(*(long *)(heap + at) == (long)(prev * 1000003 + at),
              "byte %zu of the heap changed after a forked child wrote it", at);
  /* argv[2] "unmapped": the PEs could not map each other (separate PID
   * namespaces), and everything went through MPI; so too for PEs alone on
   * their hosts. */
  const int unmapped = (argc > 2 && strcmp(argv[2], "unmapped") == 0) || strcmp(kind, "alone") == 0;
  if (npes > 1 && (unmapped || check_split_nodes()))
    CHECK(shmem_ptr(heap, next) == NULL);
  else if (npes > 1)
    CHECK(shmem_ptr(heap, next) != NULL);
  shmem_free(heap);
  CHECK_DONE();
}
