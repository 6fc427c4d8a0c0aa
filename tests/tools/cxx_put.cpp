// Built by the installed oshc++ and oshCC: the C++17 generic templates
// (shmem_put, shmem_p, shmem_g) on heap and static data. Exits non-zero on
// a wrong value.
#include <shmem.h>

#include <cstdio>
#include <vector>

namespace {
constexpr int n = 32;
int received_from = -1;
} // namespace

int main() {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  auto *ring = static_cast<unsigned long long *>(shmem_malloc(n * sizeof(unsigned long long)));
  std::vector<unsigned long long> source(n);
  for (int i = 0; i < n; ++i) source[i] = 100ULL * me + i;
  shmem_barrier_all();
  shmem_put(ring, source.data(), n, right);
  shmem_p(&received_from, me, right);
  shmem_barrier_all();
  int errors = 0;
  for (int i = 0; i < n; ++i) errors += ring[i] != 100ULL * left + i;
  errors += received_from != left;
  errors += shmem_g(&received_from, right) != me; // what this PE wrote there
  shmem_barrier_all();
  if (errors)
    std::fprintf(stderr, "PE %d: %d wrong values\n", me, errors);
  else
    std::printf("c++: PE %d of %d ok\n", me, npes);
  shmem_free(ring);
  shmem_finalize();
  return errors != 0;
}
