/* The library is a guest in the program's process: sharing global variables
 * between the PEs of a node must change nothing the program does with its
 * own memory. Before shmem_init the program registers a fork handler,
 * protects pages of its bss (read-only, and a PROT_NONE guard page), makes
 * a process-shared semaphore that a thread waits on, and keeps a thread
 * and a SIGALRM handler storing into globals while shmem_init runs. After
 * it: no store was lost, the protections hold, the semaphore wakes its
 * waiter, a 1 GiB bss that nobody touches costs no memory, and fork gives
 * children an ordinary private snapshot (whatever the parent or the other
 * PEs store later, the program's own child handler writing the child's
 * copy only), whose exit() is only theirs, and a child that cannot have
 * its copy ends with status 127; system() and popen() work. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <shmem.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define PAGE 4096
/* [read-write | read-only | PROT_NONE] */
static char guarded[3 * PAGE] __attribute__((aligned(PAGE)));
static char big[1UL << 30]; /* never touched but for its last byte */
static volatile long counted;
static long ticks;
static long *ticks_mirror; /* malloc'd: not a global */
static volatile int stop_counting;
static sem_t posted;
static long value;
static long child_handler_ran;

/* Atomic: the handler may run on several threads at once. */
static void on_alarm(int sig) {
  (void)sig;
  __atomic_add_fetch(&ticks, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(ticks_mirror, 1, __ATOMIC_RELAXED);
}

static void *count(void *tally) {
  while (!stop_counting) {
    ++counted;
    ++*(long *)tally;
  }
  return NULL;
}

static void *wait_for_post(void *unused) {
  (void)unused;
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 60;
  int waited;
  while ((waited = sem_timedwait(&posted, &until)) != 0 && errno == EINTR) continue; /* SIGALRM */
  return (void *)(intptr_t)waited;
}

static void in_child(void) { child_handler_ran = 1; }

static sigjmp_buf fault_jump;
static void on_fault(int sig) {
  (void)sig;
  siglongjmp(fault_jump, 1);
}

/* Whether reading (or writing) *p faults. */
static int faults(volatile char *p, int write) {
  struct sigaction catch_it = {.sa_handler = on_fault}, before;
  sigaction(SIGSEGV, &catch_it, &before);
  int faulted = 1;
  if (sigsetjmp(fault_jump, 1) == 0) {
    if (write)
      *p = 1;
    else
      (void)*p;
    faulted = 0;
  }
  sigaction(SIGSEGV, &before, NULL);
  return faulted;
}

/* A size of /proc/self/status ("VmRSS", "VmSize") in MiB. */
static long status_mib(const char *field) {
  FILE *status = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  const size_t n = strlen(field);
  while (status && fgets(line, sizeof line, status))
    if (strncmp(line, field, n) == 0 && line[n] == ':' && sscanf(line + n + 1, "%ld", &kib) == 1)
      break;
  if (status) fclose(status);
  return kib / 1024;
}

static void set_alarm(long us) {
  const struct itimerval every = {{0, us}, {0, us}};
  setitimer(ITIMER_REAL, &every, NULL);
}

/* A child that waits until its parent stored `later` into value, then
 * checks its own snapshot and ends with exit(status). */
static void fork_child(long before, long later, int status) {
  value = before;
  int go[2];
  CHECK(pipe(go) == 0);
  const pid_t pid = fork();
  if (pid == 0) {
    char byte;
    const int ok = read(go[0], &byte, 1) == 1 && value == before && child_handler_ran == 1;
    value = -1;
    exit(ok ? status : 100); /* runs the exit handlers, the library's too */
  }
  value = later;
  CHECK(write(go[1], "x", 1) == 1);
  int got = 0;
  CHECK(waitpid(pid, &got, 0) == pid);
  CHECK_MSG(WIFEXITED(got) && WEXITSTATUS(got) == status, "child status %#x, wanted exit %d", got,
            status);
  CHECK(value == later && child_handler_ran == 0);
  close(go[0]);
  close(go[1]);
}

/* Where the globals are shared, a child that cannot get its private copy
 * (no address space left for it) must end, never share silently. */
static void fork_without_room(void) {
  struct rlimit before, tight;
  getrlimit(RLIMIT_AS, &before);
  tight = before;
  tight.rlim_cur = (rlim_t)(status_mib("VmSize") + 64) << 20;
  CHECK(setrlimit(RLIMIT_AS, &tight) == 0);
  const pid_t pid = fork();
  if (pid == 0) {
    value = -7;
    _exit(0);
  }
  setrlimit(RLIMIT_AS, &before);
  int got = 0;
  CHECK(pid > 0 && waitpid(pid, &got, 0) == pid);
  CHECK_MSG(WIFEXITED(got) && WEXITSTATUS(got) == 127, "child status %#x, wanted exit 127", got);
  CHECK(value != -7);
}

static void before_init(pthread_t *counter, long *tally, pthread_t *waiter) {
  pthread_atfork(NULL, NULL, in_child);
  guarded[PAGE] = 7;
  CHECK(mprotect(guarded + PAGE, PAGE, PROT_READ) == 0);
  CHECK(mprotect(guarded + 2 * PAGE, PAGE, PROT_NONE) == 0);
  CHECK(sem_init(&posted, 1, 0) == 0);
  ticks_mirror = calloc(1, sizeof *ticks_mirror);
  signal(SIGALRM, on_alarm);
  set_alarm(500);
  pthread_create(counter, NULL, count, tally);
  pthread_create(waiter, NULL, wait_for_post, NULL);
}

static void after_init(pthread_t counter, const long *tally, pthread_t waiter) {
  stop_counting = 1;
  pthread_join(counter, NULL);
  set_alarm(0);
  const struct timespec settle = {0, 20000000}; /* a signal still pending is delivered */
  nanosleep(&settle, NULL);
  CHECK_MSG(counted == *tally, "a thread's stores during shmem_init: %ld kept of %ld", counted,
            *tally);
  const long kept = __atomic_load_n(&ticks, __ATOMIC_RELAXED);
  const long made = __atomic_load_n(ticks_mirror, __ATOMIC_RELAXED);
  CHECK_MSG(kept == made && kept > 0, "a signal handler's: %ld kept of %ld", kept, made);
  CHECK(sem_post(&posted) == 0);
  void *waited = NULL;
  pthread_join(waiter, &waited);
  CHECK_MSG(waited == NULL, "the thread in sem_wait on a global semaphore was not woken");
  CHECK(guarded[PAGE] == 7);
  CHECK(!faults(guarded, 1));
  CHECK(faults(guarded + PAGE, 1));
  CHECK(faults(guarded + 2 * PAGE, 0));
}

int main(void) {
  pthread_t counter, waiter;
  long tally = 0;
  const long rss_before = status_mib("VmRSS");
  before_init(&counter, &tally, &waiter);
  shmem_init();
  after_init(counter, &tally, waiter);
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const long grown = status_mib("VmRSS") - rss_before;
  CHECK_MSG(grown < 400, "memory grew by %ld MiB at shmem_init with 1 GiB of untouched bss", grown);

  for (int i = 0; i < 20; ++i) fork_child(me + 1 + i, me + 2 + i, i % 3);
  CHECK(system("exit 3") != -1 && WEXITSTATUS(system("exit 3")) == 3);
  FILE *out = popen("echo guest", "r");
  char line[16] = "";
  CHECK(out && fgets(line, sizeof line, out) && strcmp(line, "guest\n") == 0);
  if (out) pclose(out);

  const int globals_shared = n > 1 && shmem_ptr(&value, (me + 1) % n) != NULL;
  if (globals_shared) fork_without_room();

  /* The globals and the untouched bss are still symmetric and shared. */
  shmem_barrier_all();
  shmem_long_p(&value, 1000 + me, (me + 1) % n);
  shmem_char_p(&big[sizeof big - 1], 5, (me + 1) % n);
  shmem_barrier_all();
  CHECK(value == 1000 + (me + n - 1) % n);
  CHECK(big[sizeof big - 1] == 5);
  CHECK_DONE();
}
