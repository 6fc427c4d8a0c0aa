/* The profiling interface (section 10), as a tool uses it: this program
 * defines its own shmem_long_put and shmem_putmem, which count their calls
 * and forward to pshmem_long_put and pshmem_putmem. Its definitions must
 * replace the library's (weak) ones for every call made by the program,
 * also through the C11 generic shmem_put; calls of pshmem_ names and calls
 * inside the library are not counted; the data must arrive all the same.
 * Built against the shared and against the static library. */
#include <pshmem.h>
#include <string.h>

#include "check.h"

static int long_put_calls, putmem_calls;

void shmem_long_put(long *dest, const long *source, size_t nelems, int pe) {
  ++long_put_calls;
  pshmem_long_put(dest, source, nelems, pe);
}

void shmem_putmem(void *dest, const void *source, size_t nelems, int pe) {
  ++putmem_calls;
  pshmem_putmem(dest, source, nelems, pe);
}

static long slots[3];
static char text[8];

int main(void) {
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  const long value = 100 + me;

  shmem_long_put(&slots[0], &value, 1, right);
  shmem_put(&slots[1], &value, 1, right); /* C11 generic: shmem_long_put */
  pshmem_long_put(&slots[2], &value, 1, right);
  shmem_putmem(text, "wrapped", 8, right);
  shmem_pcontrol(1); /* the no-op hook a tool may give a meaning */
  shmem_barrier_all();

  CHECK_MSG(long_put_calls == 2, "shmem_long_put wrapper called %d times, expected 2",
            long_put_calls);
  CHECK_MSG(putmem_calls == 1, "shmem_putmem wrapper called %d times, expected 1", putmem_calls);
  for (int i = 0; i < 3; ++i)
    CHECK_MSG(slots[i] == 100 + left, "slots[%d] = %ld, expected %d", i, slots[i], 100 + left);
  CHECK_MSG(strcmp(text, "wrapped") == 0, "text = '%.7s'", text);
  if (check_failures == 0) printf("PE %d: profiling wrappers called and data arrived\n", me);
  CHECK_DONE();
}
