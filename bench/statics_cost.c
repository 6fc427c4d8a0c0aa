/* What sharing global variables on a node costs the program's own process
 * (docs/bench/statics.md): shmem_init's time and memory with a 1 GiB bss
 * of which 64 MiB hold data, fork() + _exit + waitpid with that bss,
 * fork() + exec of /bin/true + waitpid once a 1 GiB symmetric heap holds
 * data (with SHMEM_SYMMETRIC_SIZE of at least 1 GiB and a bit; else -1), and
 * random reads in a static array against the same reads in malloc'ed
 * memory (both advised to use huge pages: transparent huge pages back the
 * malloc'ed memory; the static array gets them only where the system
 * gives them to shared memory, /sys/kernel/mm/transparent_hugepage/
 * shmem_enabled). PE 0 prints one line of key=value pairs.
 * Compare runs with SHMEM_NODE_GLOBALS=0 (nothing shared) and
 * SHMEM_FORCE_INTERNODE=1. Run: mpiexec -n 2 bench/statics_cost */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MIB (1UL << 20)
#define READ_BYTES (256 * MIB)
#define READS 4000000

static char bss[1024 * MIB] __attribute__((aligned(2 * MIB)));

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static long vm_rss_mib(void) {
  FILE *status = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  while (status && fgets(line, sizeof line, status))
    if (sscanf(line, "VmRSS: %ld", &kib) == 1) break;
  if (status) fclose(status);
  return kib / 1024;
}

static double fork_ms(void) {
  const int rounds = 20;
  const double start = now();
  for (int i = 0; i < rounds; ++i) {
    const pid_t pid = fork();
    if (pid == 0) _exit(bss[0] == 1 ? 0 : 1);
    waitpid(pid, NULL, 0);
  }
  return (now() - start) * 1e3 / rounds;
}

/* fork + exec + waitpid with a 1 GiB symmetric heap written whole. */
static double heap_fork_exec_ms(void) {
  const size_t bytes = 1024 * MIB;
  char *heap = shmem_malloc(bytes);
  if (heap == NULL) return -1;
  memset(heap, 1, bytes);
  const int rounds = 20;
  const double start = now();
  for (int i = 0; i < rounds; ++i) {
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/true", "true", (char *)NULL);
      _exit(127);
    }
    waitpid(pid, NULL, 0);
  }
  const double ms = (now() - start) * 1e3 / rounds;
  shmem_free(heap);
  return ms;
}

/* ns per dependent random read of 8 bytes in [p, p + READ_BYTES). */
static double random_read_ns(volatile uint64_t *p) {
  const size_t words = READ_BYTES / sizeof(uint64_t);
  for (size_t i = 0; i < words; i += 512) p[i] = i; /* every page touched */
  uint64_t x = 88172645463325252ull, sum = 0;
  const double start = now();
  for (int i = 0; i < READS; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    sum += p[(x + sum) % words];
  }
  const double ns = (now() - start) * 1e9 / READS;
  return sum == 42 ? -ns : ns;
}

int main(void) {
  memset(bss + 512 * MIB, 1, 64 * MIB); /* data in the middle of the bss */
  bss[0] = 1;
  const long rss_before = vm_rss_mib();
  const double start = now();
  shmem_init();
  const double init_s = now() - start;
  const long rss_grown = vm_rss_mib() - rss_before;
  const double fork_cost = fork_ms();
  const double heap_fork_cost = heap_fork_exec_ms();
  char *heap_like = aligned_alloc(2 * MIB, READ_BYTES);
  madvise(heap_like, READ_BYTES, MADV_HUGEPAGE);
  madvise(bss + 768 * MIB, READ_BYTES, MADV_HUGEPAGE);
  const double static_ns = random_read_ns((volatile uint64_t *)(bss + 768 * MIB));
  const double malloc_ns = random_read_ns((volatile uint64_t *)heap_like);
  shmem_barrier_all();
  if (shmem_my_pe() == 0)
    printf("pes=%d init_s=%.3f rss_grown_mib=%ld fork_ms=%.2f heap_fork_exec_ms=%.2f "
           "static_read_ns=%.1f "
           "malloc_read_ns=%.1f static_over_malloc=%.2f\n",
           shmem_n_pes(), init_s, rss_grown, fork_cost, heap_fork_cost, static_ns, malloc_ns,
           static_ns / malloc_ns);
  free(heap_like);
  shmem_finalize();
  return 0;
}
