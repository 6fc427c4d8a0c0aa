/* bench_memory.h: what heap_access.c and kernels.c share: sizes from the
 * command line, the private baseline (anonymous memory on transparent huge
 * pages), which pages a region got, and the slowest PE's time. Linux only:
 * the page kind is read from /proc/self/smaps, so that a report says what
 * the kernel gave, whatever the library meant to ask for. */
#ifndef BENCH_MEMORY_H
#define BENCH_MEMORY_H

#include <shmem.h>
#include <sys/mman.h>

#include "bench_common.h"

enum { BENCH_HUGE_PAGE = 2 << 20 };

/* Bytes from "1536M", "1.5G", "4096": a number with an optional K, M or G
 * (powers of 1024); 0 when the text is not one. */
static inline size_t bench_bytes(const char *text) {
  char *end;
  const double value = strtod(text, &end);
  double unit = 1;
  if (*end == 'K')
    unit = 1 << 10;
  else if (*end == 'M')
    unit = 1 << 20;
  else if (*end == 'G')
    unit = 1 << 30;
  if (unit > 1) ++end;
  if (end == text || *end != '\0' || !(value > 0)) return 0;
  return (size_t)(value * unit);
}

/* `bytes` of the process's own memory, 2 MiB aligned and advised to be on
 * transparent huge pages: the best a program gets by itself when THP's
 * `enabled` is `madvise`. Untouched: the caller times the first touch. */
static inline char *bench_private_thp(size_t bytes) {
  const size_t span = bytes + BENCH_HUGE_PAGE;
  char *map = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) {
    perror("bench: mmap of the private baseline");
    exit(1);
  }
  /* The unaligned head and the tail go back, so every 2 MiB of the region
   * can be one huge page. */
  const size_t head = (BENCH_HUGE_PAGE - (uintptr_t)map % BENCH_HUGE_PAGE) % BENCH_HUGE_PAGE;
  if (head > 0) munmap(map, head);
  munmap(map + head + bytes, span - head - bytes);
  if (madvise(map + head, bytes, MADV_HUGEPAGE) != 0) perror("bench: madvise(MADV_HUGEPAGE)");
  return map + head;
}

/* Reads the smaps field `name` ("Rss:") from `line` into *kib. */
static inline void bench_smaps_field(const char *line, const char *name, long *kib) {
  if (strncmp(line, name, strlen(name)) == 0) *kib = atol(line + strlen(name));
}

/* The pages under the mapping holding `p`, as one word: "hugetlb:<KiB>K",
 * "THP:<percent of the resident memory on 2 MiB pages>%" or "4K", then the
 * resident MiB. */
static inline void bench_page_kind(const void *p, char *out, size_t len) {
  FILE *smaps = fopen("/proc/self/smaps", "r");
  char line[512];
  int inside = 0;
  long page = 0, rss = 0, anon_huge = 0, shmem_huge = 0, file_huge = 0;
  snprintf(out, len, "unknown 0");
  if (smaps == NULL) return;
  while (fgets(line, sizeof line, smaps) != NULL) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
      if (inside) break; /* the next mapping */
      inside = lo <= (uintptr_t)p && (uintptr_t)p < hi;
    } else if (inside) {
      bench_smaps_field(line, "KernelPageSize:", &page);
      bench_smaps_field(line, "Rss:", &rss);
      bench_smaps_field(line, "AnonHugePages:", &anon_huge);
      bench_smaps_field(line, "ShmemPmdMapped:", &shmem_huge);
      bench_smaps_field(line, "FilePmdMapped:", &file_huge);
    }
  }
  fclose(smaps);
  const long huge = anon_huge + shmem_huge + file_huge;
  if (page > 4)
    snprintf(out, len, "hugetlb:%ldK %ld", page, rss >> 10);
  else if (huge > 0)
    snprintf(out, len, "THP:%ld%% %ld", 100 * huge / (rss > 0 ? rss : 1), rss >> 10);
  else
    snprintf(out, len, "4K %ld", rss >> 10);
}

/* The time of the slowest PE: every PE runs the kernel at once, and the
 * job is done when the last one is. */
static inline double bench_slowest(double t) {
  static double mine, slowest; /* symmetric: globals */
  mine = t;
  shmem_double_max_reduce(SHMEM_TEAM_WORLD, &slowest, &mine, 1);
  return slowest;
}

/* Exits with a message if the symmetric allocation of `bytes` failed. */
static inline void *bench_heap_or_exit(size_t bytes) {
  void *p = shmem_malloc(bytes);
  if (p == NULL) {
    fprintf(stderr, "bench: shmem_malloc(%zu) failed: raise SHMEM_SYMMETRIC_SIZE\n", bytes);
    shmem_global_exit(1);
  }
  return p;
}

#endif
