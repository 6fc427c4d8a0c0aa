// The C++ side of the package: shmem.h from C++17 with the generic
// templates, linked through the imported target.
#include <shmem.h>

#include <cstdio>

int main() {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  auto *cell = static_cast<double *>(shmem_malloc(sizeof(double)));
  *cell = -1;
  shmem_barrier_all();
  shmem_p(cell, 0.5 * me, (me + 1) % npes);
  shmem_barrier_all();
  const int errors = *cell != 0.5 * ((me + npes - 1) % npes);
  if (errors)
    std::fprintf(stderr, "PE %d: got %g\n", me, *cell);
  else
    std::printf("cmake package (C++): PE %d of %d ok\n", me, npes);
  shmem_free(cell);
  shmem_finalize();
  return errors;
}
