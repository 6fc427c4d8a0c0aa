/* A pure OpenSHMEM program (it names no MPI routine) whose plugin calls MPI
 * (tests/pe/hybrid.cmake):
 *
 *   hybrid_plugin PLUGIN   dlopen()s PLUGIN (hybrid_mpi_calls.c, built as
 *                          a shared library) after shmem_init
 *   hybrid_linked          (this file built with HYBRID_LINKED) is linked
 *                          with that library instead
 *   hybrid_registered PLUGIN
 *                          (HYBRID_REGISTERED) dlopen()s PLUGIN, whose
 *                          constructor hands over its routine
 *                          (hybrid_register.c): the program names no
 *                          dlsym, so the library's thread takes turns with
 *                          its MPI calls until the plugin comes in
 *
 * Then rounds of the plugin's MPI calls (MPI_Allreduce, MPI_Barrier,
 * point-to-point), each followed by OpenSHMEM atomics and puts to the right
 * neighbour, and last the check of progress to a computing PE (hybrid.h).
 * Each PE checks its own results; a progress thread of the library that
 * calls MPI at the same time as the plugin below MPI_THREAD_MULTIPLE is
 * found by the race detector the tests preload (tests/support/mpi_overlap.c),
 * where MPI does not crash first. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <shmem.h>

#include "check.h"
#include "hybrid.h"

#ifdef HYBRID_LINKED
int hybrid_mpi_round(int round, double seconds);
#endif

static int (*mpi_round)(int, double);

/* Called by the registering plugin's constructor. */
void hybrid_register(int (*round)(int, double));
void hybrid_register(int (*round)(int, double)) { mpi_round = round; }

int main(int argc, char **argv) {
  shmem_init();
#ifdef HYBRID_LINKED
  (void)argc;
  (void)argv;
  mpi_round = hybrid_mpi_round;
#elif defined(HYBRID_REGISTERED)
  CHECK(argc == 2);
  void *plugin = argc == 2 ? dlopen(argv[1], RTLD_NOW | RTLD_LOCAL) : NULL;
  CHECK_MSG(plugin != NULL && mpi_round != NULL, "dlopen(%s): %s", argc == 2 ? argv[1] : "",
            plugin ? "no routine registered" : dlerror());
  if (mpi_round == NULL) CHECK_DONE();
#else
  if (argc < 2) {
    fprintf(stderr, "usage: hybrid_plugin PLUGIN.so\n");
    return 2;
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  CHECK_MSG(plugin != NULL, "dlopen(%s): %s", argv[1], dlerror());
  if (plugin) mpi_round = (int (*)(int, double))dlsym(plugin, "hybrid_mpi_round");
  CHECK(plugin == NULL || mpi_round != NULL);
  if (mpi_round == NULL) CHECK_DONE();
#endif
  struct hybrid_heap heap = hybrid_heap_alloc();
  const int rounds = hybrid_rounds();
  for (int round = 0; round < rounds; ++round) {
    const int errors = mpi_round(round, hybrid_mpi_seconds());
    CHECK_MSG(errors == 0, "round %d: %d wrong MPI results", round, errors);
    hybrid_shmem_round(heap, round);
  }
  hybrid_check_progress();
  shmem_free(heap.hits);
  shmem_free(heap.data);
  if (shmem_my_pe() == 0 && check_failures == 0) printf("PE 0: %d rounds ok\n", rounds);
  CHECK_DONE();
}
