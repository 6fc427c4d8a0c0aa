/* fork while the progress thread pokes (docs/decisions/progress.md): a
 * poke below MPI_THREAD_MULTIPLE holds the dynamic linker's list of
 * objects, so a fork in the middle of one would leave the child a lock no
 * thread of it releases. Each PE forks children that walk the loaded
 * objects (as dlopen and the unwinder do) and exit; every child must exit
 * within 10 seconds (a child of a loaded machine may wait a second for a
 * core). Run in forced inter-node mode, where the thread pokes
 * while the program computes. */
#define _GNU_SOURCE
#include <link.h>
#include <shmem.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static int count_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)info;
  (void)size;
  ++*(int *)data;
  return 0;
}

int main(void) {
  shmem_init();
  int hung = 0, failed = 0;
  for (int i = 0; i < 300; ++i) {
    const pid_t child = fork();
    if (child == 0) {
      alarm(10); /* a child stuck on the lock ends with SIGALRM */
      int objects = 0;
      dl_iterate_phdr(count_object, &objects);
      _exit(objects > 0 ? 0 : 1);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
      ++hung;
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      ++failed;
    const struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL); /* the thread pokes while the program waits */
  }
  CHECK_MSG(hung == 0, "%d of 300 children hung on a lock held across fork", hung);
  CHECK_MSG(failed == 0, "%d of 300 children failed", failed);
  shmem_barrier_all();
  CHECK_DONE();
}
