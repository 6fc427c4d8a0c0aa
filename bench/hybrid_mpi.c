/* hybrid_mpi.c: the speed of a hybrid program's own MPI calls, with and
 * without OpenSHMEM in its process (bench/hybrid.sh runs it).
 *
 *   mpiexec -n 2 hybrid_mpi ORDER
 *
 * ORDER: "plain" (MPI_Init only, as a program without OpenSHMEM),
 * "plain-multiple" (MPI_Init_thread at MPI_THREAD_MULTIPLE, for what that
 * level costs), "mpi"
 * (MPI_Init, then shmem_init) or "shmem" (shmem_init, then MPI_Init). The
 * program times, on MPI_COMM_WORLD, MPI_Barrier, an 8-byte MPI_Allreduce
 * and MPI_Bcast, and an 8-byte MPI_Send/MPI_Recv ping-pong between ranks 0
 * and 1 (half a round trip), each as the best of ROUNDS rounds of CALLS
 * calls, and rank 0 prints one line per metric, "name value us", and the
 * thread level MPI runs at. Built twice: hybrid_mpi links the library,
 * hybrid_mpi_plain (HYBRID_PLAIN) only MPI, so that "plain" is a process
 * without the library at all. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#ifndef HYBRID_PLAIN
#include <shmem.h>
#endif

enum { ROUNDS = 7, CALLS = 20000 };

static int rank, size;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void barrier(void) { MPI_Barrier(MPI_COMM_WORLD); }

static void allreduce(void) {
  long in = rank, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
}

static void bcast(void) {
  long value = rank;
  MPI_Bcast(&value, 1, MPI_LONG, 0, MPI_COMM_WORLD);
}

/* One round trip between ranks 0 and 1; other ranks sit it out. */
static void pingpong(void) {
  long value = 0;
  if (rank == 0) {
    MPI_Send(&value, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&value, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(&value, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&value, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
  }
}

/* The best round's time per call in us (per half round trip for ping-pong),
 * as rank 0 measured it. */
static double best_us(void (*call)(void), double per) {
  double best = 1e30;
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = now();
    for (int i = 0; i < CALLS; ++i) call();
    const double took = now() - start;
    if (took < best) best = took;
  }
  return best * 1e6 / CALLS / per;
}

/* Starts MPI (and OpenSHMEM) as ORDER says; returns 0 if ORDER is unknown. */
static int start(const char *order) {
#ifdef HYBRID_PLAIN
  if (strcmp(order, "plain-multiple") == 0) {
    int provided = 0;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
  } else if (strcmp(order, "plain") == 0) {
    MPI_Init(NULL, NULL);
  } else {
    fprintf(stderr, "usage: hybrid_mpi_plain plain|plain-multiple\n");
    return 0;
  }
#else
  if (strcmp(order, "mpi") == 0) {
    MPI_Init(NULL, NULL);
    shmem_init();
  } else if (strcmp(order, "shmem") == 0) {
    shmem_init();
    MPI_Init(NULL, NULL);
  } else {
    fprintf(stderr, "usage: hybrid_mpi mpi|shmem\n");
    return 0;
  }
#endif
  return 1;
}

static void finish(void) {
#ifndef HYBRID_PLAIN
  shmem_finalize();
#endif
  MPI_Finalize();
}

int main(int argc, char **argv) {
  if (!start(argc > 1 ? argv[1] : "")) return 2;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int level = -1;
  MPI_Query_thread(&level);
  const struct {
    const char *name;
    void (*call)(void);
    double per;
  } metrics[] = {{"mpi_barrier_us", barrier, 1},
                 {"mpi_allreduce8_us", allreduce, 1},
                 {"mpi_bcast8_us", bcast, 1},
                 {"mpi_pingpong8_us", pingpong, 2}};
  for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; ++i) {
    const double us = best_us(metrics[i].call, metrics[i].per);
    if (rank == 0) printf("%s %.4f us\n", metrics[i].name, us);
  }
  if (rank == 0) printf("mpi_thread_level %d level\n", level);
  finish();
  return 0;
}
