/* fork() leaves symmetric memory alone (docs/decisions/fork.md): every PE
 * fills its whole heap and a global variable, then forks a child that
 * writes its whole heap and its global, and tries to write the heap and
 * the global of the next PE through what shmem_ptr gave its parent. On
 * the node the child's heap is its own (copy on write), and it checks
 * that it reads back what it wrote; the next PE's memory is not mapped in
 * the child (its stores there fault). With SHMEM_FORCE_INTERNODE=1 MPI's
 * shared memory holds the heap, which the child may read but not write
 * (its store faults). Then each PE checks that its heap and global, and
 * the next PE's, are as they were, and that the PEs still meet (barriers
 * and a reduction through the node layer's flags, after the heap). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <shmem.h>
#include <shmemx.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static long global_value;
static sigjmp_buf fault_jump;

static void on_fault(int sig) {
  (void)sig;
  siglongjmp(fault_jump, 1);
}

/* Writes `bytes` of `value` at `p`; 0 if that faulted. */
static int try_write(char *p, int value, size_t bytes) {
  struct sigaction catch_it = {.sa_handler = on_fault};
  sigaction(SIGSEGV, &catch_it, NULL);
  sigaction(SIGBUS, &catch_it, NULL);
  if (sigsetjmp(fault_jump, 1) != 0) return 0;
  memset(p, value, bytes);
  return 1;
}

/* The child: 0 if it read back what it wrote into its own heap, 4 if its
 * store into its heap faulted. */
static int child(char *heap, size_t bytes, char *peer_heap, long *peer_global) {
  global_value = -1;
  if (peer_heap) try_write(peer_heap, 'z', bytes);
  if (peer_global) try_write((char *)peer_global, 0x7f, sizeof(long));
  if (!try_write(heap, 'z', bytes)) return 4;
  for (size_t i = 0; i < bytes; i += 4096)
    if (heap[i] != 'z' || heap[bytes - 1] != 'z') return 3;
  return 0;
}

/* Pages of [p, p + bytes) that do not hold `value` throughout. */
static size_t pages_changed(const char *p, size_t bytes, char value) {
  size_t changed = 0;
  for (size_t page = 0; page < bytes; page += 4096) {
    const size_t end = page + 4096 < bytes ? page + 4096 : bytes;
    for (size_t i = page; i < end; ++i)
      if (p[i] != value) {
        ++changed;
        break;
      }
  }
  return changed;
}

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes(), next = (me + 1) % npes;
  const size_t bytes = shmemx_heap_available();
  char *heap = shmem_malloc(bytes);
  CHECK(heap != NULL);
  memset(heap, 'A' + me % 20, bytes);
  global_value = me + 1;
  shmem_barrier_all();
  char *peer_heap = next != me ? shmem_ptr(heap, next) : NULL;
  long *peer_global = next != me ? shmem_ptr(&global_value, next) : NULL;
  const pid_t pid = fork();
  if (pid == 0) _exit(child(heap, bytes, peer_heap, peer_global));
  int status = -1;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  const int faulted = WIFEXITED(status) && WEXITSTATUS(status) == 4;
  CHECK_MSG(WIFEXITED(status) && (WEXITSTATUS(status) == 0 || (faulted && check_split_nodes())),
            "the child ended with status %#x", status);
  shmem_barrier_all();
  const size_t changed = pages_changed(heap, bytes, (char)('A' + me % 20));
  CHECK_MSG(changed == 0, "%zu of %zu pages of this PE's heap changed after its child wrote",
            changed, (bytes + 4095) / 4096);
  CHECK_MSG(global_value == me + 1, "this PE's global is %ld", global_value);
  char *copy = malloc(bytes);
  shmem_getmem(copy, heap, bytes, next);
  const size_t changed_next = pages_changed(copy, bytes, (char)('A' + next % 20));
  CHECK_MSG(changed_next == 0, "%zu of %zu pages of PE %d's heap changed after the children wrote",
            changed_next, (bytes + 4095) / 4096, next);
  CHECK_MSG(shmem_long_g(&global_value, next) == next + 1, "PE %d's global changed", next);
  free(copy);
  static long sum, one;
  one = 1;
  shmem_barrier_all();
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum, &one, 1);
  CHECK(sum == npes);
  shmem_free(heap);
  CHECK_DONE();
}
