// Global objects constructed before shmem_init keep their values when the
// PEs of a node start sharing their data: every PE reads its neighbour's
// through get and through shmem_ptr, and updates it with a put.
#include <shmem.h>

#include "check.h"

namespace {

struct Table {
  long values[8];
  Table() {
    for (long i = 0; i < 8; ++i) values[i] = 100 + i;
  }
};

Table table; // constructed before main

} // namespace

int main() {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int next = (me + 1) % npes;
  long got[8];
  shmem_long_get(got, table.values, 8, next);
  for (long i = 0; i < 8; ++i) CHECK(got[i] == 100 + i);
  if (auto *there = static_cast<Table *>(shmem_ptr(&table, next))) CHECK(there->values[7] == 107);
  shmem_barrier_all();
  const long mine = 500 + me;
  shmem_long_put(&table.values[0], &mine, 1, next);
  shmem_barrier_all();
  CHECK(table.values[0] == 500 + (me + npes - 1) % npes);
  CHECK(table.values[1] == 101);
  CHECK_DONE();
}
