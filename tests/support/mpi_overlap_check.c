/* The race detector's own test (mpi_overlap.c, preloaded): 1 process, two
 * threads that call MPI_Barrier and MPI_Allreduce of 512 KiB on
 * MPI_COMM_SELF (a copy on both MPIs, with nothing to progress), so that a
 * thread is mostly inside MPI also where both share a core (Open MPI binds
 * the process to one) and one is preempted there.
 *
 *   mpi_overlap_check overlap   at MPI_THREAD_SERIALIZED, concurrently: the
 *                               detector must count overlaps (the program
 *                               stops as soon as it has, within 5 s) and
 *                               make the process exit with its status
 *   mpi_overlap_check turns     at MPI_THREAD_SERIALIZED, taking turns with
 *                               a mutex (20 calls a turn) for 0.5 s: no
 *                               overlap
 *   mpi_overlap_check multiple  at MPI_THREAD_MULTIPLE, concurrently for
 *                               0.5 s: not counted
 *
 * The program itself exits 0 when its checks pass, so a non-zero status
 * under `turns` and `multiple` is the detector's false report. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int mode_turns;
static unsigned long (*overlap_count)(void);
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
static int failures;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define LONGS 65536

/* Calls MPI for `seconds`, under `overlap` until the detector counted an
 * overlap. */
static double seconds;
static void *calls(void *arg) {
  (void)arg;
  static long in[2][LONGS], out[2][LONGS];
  const int t = arg != NULL;
  const double until = now() + seconds;
  while (now() < until && (mode_turns || overlap_count() == 0)) {
    if (mode_turns) pthread_mutex_lock(&turn);
    for (int i = 0; i < 10; ++i) {
      MPI_Barrier(MPI_COMM_SELF);
      MPI_Allreduce(in[t], out[t], LONGS, MPI_LONG, MPI_SUM, MPI_COMM_SELF);
    }
    if (mode_turns) pthread_mutex_unlock(&turn);
  }
  return NULL;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  mode_turns = strcmp(mode, "turns") == 0;
  const int multiple = strcmp(mode, "multiple") == 0;
  if (!mode_turns && !multiple && strcmp(mode, "overlap") != 0) {
    fprintf(stderr, "usage: mpi_overlap_check overlap|turns|multiple\n");
    return 2;
  }
  overlap_count = (unsigned long (*)(void))dlsym(RTLD_DEFAULT, "mpi_overlap_count");
  if (overlap_count == NULL) {
    fprintf(stderr, "mpi_overlap_check: the detector is not preloaded (LD_PRELOAD)\n");
    return 1;
  }
  const int required = multiple ? MPI_THREAD_MULTIPLE : MPI_THREAD_SERIALIZED;
  int provided = -1;
  MPI_Init_thread(&argc, &argv, required, &provided);
  if (provided < required) {
    fprintf(stderr, "mpi_overlap_check: MPI provided thread level %d, %d required\n", provided,
            required);
    ++failures;
  }
  pthread_t other;
  seconds = strcmp(mode, "overlap") == 0 ? 5.0 : 0.5;
  pthread_create(&other, NULL, calls, &mode_turns);
  calls(NULL);
  pthread_join(other, NULL);
  const unsigned long found = overlap_count();
  if (strcmp(mode, "overlap") == 0 && found == 0) {
    fprintf(stderr, "mpi_overlap_check: two threads called MPI for 5 s, no overlap counted\n");
    ++failures;
  }
  if (strcmp(mode, "overlap") != 0 && found != 0) {
    fprintf(stderr, "mpi_overlap_check: %lu overlaps counted under '%s'\n", found, mode);
    ++failures;
  }
  MPI_Finalize();
  printf("mpi_overlap_check %s: %lu overlaps counted\n", mode, found);
  return failures ? 1 : 0;
}
