/* The MPI interoperability chapter (Initialization): OpenSHMEM and MPI
 * initialized in either order and finalized in either order, with traffic
 * of both in between and OpenSHMEM traffic after the program's own
 * MPI_Finalize, or MPI traffic after shmem_finalize.
 *
 *   setup_mpi_order INIT FINALIZE [funneled]
 *
 * INIT (shmem or mpi) is initialized first, FINALIZE (shmem or mpi)
 * finalized first; "funneled" starts MPI with
 * MPI_Init_thread(MPI_THREAD_FUNNELED) instead of MPI_Init. MPI_Initialized
 * and MPI_Finalized must tell the program what it did itself. Prints
 * "PE n of N ok" when every check of this PE passed. */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static int rank = -1;
static int program_level = -1; /* the MPI thread level the program asked for, if it started MPI */

#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "[rank %d] line %d: check failed: %s: ", rank, __LINE__, #cond);             \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
      ++check_failures;                                                                            \
    }                                                                                              \
  } while (0)

static long from_left; /* static data, reached through MPI */

static void expect_mpi_state(int initialized, int finalized, const char *when) {
  int flag = -1;
  EXPECT(MPI_Initialized(&flag) == MPI_SUCCESS && flag == initialized,
         "%s: MPI_Initialized gives %d", when, flag);
  flag = -1;
  EXPECT(MPI_Finalized(&flag) == MPI_SUCCESS && flag == finalized, "%s: MPI_Finalized gives %d",
         when, flag);
}

static void expect_shmem_state(int initialized, const char *when) {
  int flag = -1;
  shmem_query_initialized(&flag);
  EXPECT(flag == initialized, "%s: shmem_query_initialized gives %d", when, flag);
}

static void start_mpi(int funneled) {
  program_level = funneled ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE;
  if (!funneled) {
    EXPECT(MPI_Init(NULL, NULL) == MPI_SUCCESS, "MPI_Init");
  } else {
    int provided = -1;
    EXPECT(MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) == MPI_SUCCESS,
           "MPI_Init_thread");
    int level = -2, is_main = 0;
    MPI_Query_thread(&level);
    MPI_Is_thread_main(&is_main);
    EXPECT(provided >= MPI_THREAD_FUNNELED && provided == level,
           "MPI_Init_thread(FUNNELED) provided %d, MPI_Query_thread %d", provided, level);
    EXPECT(is_main, "MPI_Is_thread_main after MPI_Init_thread(FUNNELED)");
  }
  expect_mpi_state(1, 0, "after MPI_Init");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
}

static void start_shmem(void) {
  int provided = -1;
  EXPECT(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "shmem_init_thread");
  /* The library starts MPI at the level asked for (both MPIs here provide
   * MPI_THREAD_MULTIPLE); MPI the program started keeps the program's
   * level, which bounds what the library provides. */
  int level = -1;
  MPI_Query_thread(&level);
  if (program_level < 0) {
    EXPECT(provided == SHMEM_THREAD_MULTIPLE && level == MPI_THREAD_MULTIPLE,
           "shmem_init_thread provided %d, MPI_Query_thread %d", provided, level);
  } else {
    const int expected =
        program_level == MPI_THREAD_FUNNELED ? SHMEM_THREAD_FUNNELED : SHMEM_THREAD_SINGLE;
    EXPECT(provided == expected && level == program_level,
           "shmem_init_thread provided %d, MPI_Query_thread %d (the program asked %d)", provided,
           level, program_level);
  }
  expect_shmem_state(1, "after shmem_init_thread");
}

static void mpi_traffic(int round) {
  int size = 0, me = -1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  long mine = me + round, sum = -1;
  EXPECT(MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS,
         "MPI_Allreduce");
  EXPECT(sum == (long)size * (size - 1) / 2 + (long)size * round, "round %d: sum %ld", round, sum);
  const int right = (me + 1) % size, left = (me + size - 1) % size;
  long got = -1;
  EXPECT(MPI_Sendrecv(&mine, 1, MPI_LONG, right, round, &got, 1, MPI_LONG, left, round,
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE) == MPI_SUCCESS,
         "MPI_Sendrecv");
  EXPECT(got == left + round, "round %d: MPI_Sendrecv got %ld", round, got);
}

static void shmem_traffic(long round) {
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  EXPECT(me == rank, "shmem_my_pe %d", me);
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  long *heap = shmem_malloc(2 * sizeof(long));
  EXPECT(heap != NULL, "shmem_malloc");
  if (!heap) return;
  /* On one node the PEs share their heaps: under Open MPI, the library
   * chose osc/sm also when the program started MPI. */
  EXPECT(check_split_nodes() || shmem_ptr(heap, right) != NULL,
         "shmem_ptr to PE %d is NULL: the heaps are not shared", right);
  const long mine[2] = {round, me};
  shmem_long_put(heap, mine, 2, right);
  shmem_long_p(&from_left, round * 100 + me, right);
  shmem_barrier_all();
  EXPECT(heap[0] == round && heap[1] == left, "round %ld: heap got %ld %ld", round, heap[0],
         heap[1]);
  EXPECT(from_left == round * 100 + left, "round %ld: static got %ld", round, from_left);
  long back[2] = {-1, -1};
  shmem_long_get(back, heap, 2, left);
  EXPECT(back[0] == round && back[1] == (left + npes - 1) % npes, "round %ld: get %ld %ld", round,
         back[0], back[1]);
  EXPECT(shmem_long_g(&from_left, right) == round * 100 + me, "round %ld: g", round);
  shmem_barrier_all();
  shmem_free(heap);
}

int main(int argc, char **argv) {
  const int shmem_first = argc > 2 && strcmp(argv[1], "shmem") == 0;
  const int shmem_ends_first = argc > 2 && strcmp(argv[2], "shmem") == 0;
  const int funneled = argc > 3 && strcmp(argv[3], "funneled") == 0;
  if (argc < 3) {
    fprintf(stderr, "usage: setup_mpi_order shmem|mpi shmem|mpi [funneled]\n");
    return 2;
  }
  expect_mpi_state(0, 0, "at start");
  if (shmem_first) {
    start_shmem();
    rank = shmem_my_pe();
    expect_mpi_state(0, 0, "after shmem_init, before MPI_Init"); /* the program's view */
    start_mpi(funneled);
  } else {
    start_mpi(funneled);
    start_shmem();
  }
  const int npes = shmem_n_pes();
  mpi_traffic(1);
  shmem_traffic(1);
  mpi_traffic(2);
  if (shmem_ends_first) {
    shmem_finalize();
    expect_shmem_state(0, "after shmem_finalize");
    expect_mpi_state(1, 0, "after shmem_finalize");
    mpi_traffic(3);
    MPI_Finalize();
  } else {
    MPI_Finalize();
    expect_mpi_state(1, 1, "after MPI_Finalize");
    shmem_traffic(3);
    shmem_finalize();
    expect_shmem_state(0, "after shmem_finalize");
  }
  expect_mpi_state(1, 1, "at the end");
  if (check_failures)
    fprintf(stderr, "[rank %d] %d check(s) failed\n", rank, check_failures);
  else
    printf("PE %d of %d ok\n", rank, npes);
  return check_failures ? 1 : 0;
}
