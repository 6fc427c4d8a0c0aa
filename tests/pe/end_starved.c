/* end_starved ROUNDS [freeze]: a correct job whose last PE ends early, run
 * on a starved machine (tests/support/with_hog.sh;
 * docs/decisions/end-of-job.md). The PEs pass a token around a ring ROUNDS
 * times between barriers; then the last PE puts `done` to every other PE
 * and calls shmem_finalize at once, while the others wait for `done` and then
 * synchronize ROUNDS times in a team of their own. Every PE can always go
 * on, however slowly, so the job must end with status 0 even with a low
 * SHMEM_DEADLOCK_TIMEOUT.
 * With `freeze`, PE 0 is stopped (SIGSTOP by a child process) for 3 s
 * while it waits for `done`, which the last PE puts 0.3 s into the stop:
 * a PE whose wait is already satisfied gets no CPU for longer than the
 * timeout while every other PE waits for it or is in shmem_finalize. */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static long token;
static long done;

/* Stops this process 0.3 s from now for 3 s. */
static void freeze_soon(void) {
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    perror("end_starved: fork");
    exit(2);
  }
  if (child > 0) return;
  usleep(300000);
  kill(parent, SIGSTOP);
  sleep(3);
  kill(parent, SIGCONT);
  _exit(0);
}

static void pass_token(int rounds, int me, int n) {
  for (long r = 1; r <= rounds; ++r) {
    shmem_barrier_all();
    shmem_long_p(&token, r, (me + 1) % n);
    shmem_long_wait_until(&token, SHMEM_CMP_GE, r);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: end_starved ROUNDS [freeze]\n");
    return 2;
  }
  const int rounds = atoi(argv[1]);
  const int freeze = argc > 2 && strcmp(argv[2], "freeze") == 0;
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes(), last = n - 1;
  pass_token(rounds, me, n);
  shmem_team_t others = SHMEM_TEAM_INVALID;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n - 1, NULL, 0, &others);
  if (freeze && me == 0) freeze_soon();
  shmem_barrier_all();
  if (me == last) {
    if (freeze) usleep(600000); /* PE 0 is stopped by now */
    for (int pe = 0; pe < last; ++pe) shmem_long_p(&done, 1, pe);
    fprintf(stderr, "end_starved: PE %d calls shmem_finalize early\n", me);
    shmem_finalize();
    return 0;
  }
  shmem_long_wait_until(&done, SHMEM_CMP_EQ, 1);
  for (int r = 0; r < rounds; ++r) shmem_team_sync(others);
  shmem_team_destroy(others);
  shmem_finalize();
  fprintf(stderr, "end_starved: PE %d finished\n", me);
  return 0;
}
