/* Broadcast in place (dest == source), as programs use it (a GUPS benchmark
 * broadcasts its timer this way): the team forms (typed, mem) and the
 * deprecated shmem_broadcast32/64, from every root, on heap buffers (shared
 * memory on a node) and static ones (MPI), small (staged) and large, on the
 * world, the reversed world and an active set of stride 2. Every PE ends
 * with the root's data; the root's stays as it was. */
#include <shmem.h>
#include <stdint.h>

#include "check.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

enum { LARGE = 2048 }; /* 8-byte elements: 16 KiB, past the staging buffers */

static long s_data[LARGE];
static long psync[SHMEM_BCAST_SYNC_SIZE];
static int me, npes;

/* Element e before the call, on a PE that holds team PE `member`'s data. */
static uint64_t value(int member, size_t e) { return 1000003u * (uint64_t)(member + 1) + e; }

static void fill(void *buf, size_t bytes, int member) {
  uint64_t *w = buf;
  for (size_t e = 0; e < bytes / 8; ++e) w[e] = value(member, e);
}

static void check(const void *buf, size_t bytes, int root, const char *what) {
  const uint64_t *w = buf;
  for (size_t e = 0; e < bytes / 8; ++e)
    if (w[e] != value(root, e)) {
      CHECK_MSG(0, "%s, root %d, %zu bytes: element %zu is %llu, expected %llu", what, root, bytes,
                e, (unsigned long long)w[e], (unsigned long long)value(root, e));
      return;
    }
}

typedef enum { TYPED, MEM, LEGACY32, LEGACY64, FORMS } form;
static const char *const form_names[FORMS] = {"shmem_long_broadcast", "shmem_broadcastmem",
                                              "shmem_broadcast32", "shmem_broadcast64"};

/* One in-place broadcast of `bytes` from team PE root. Active sets are
 * (start, log_stride, size); team is SHMEM_TEAM_INVALID for them. */
static void broadcast(form f, shmem_team_t team, const int *set, void *buf, size_t bytes,
                      int root) {
  switch (f) {
  case TYPED: shmem_long_broadcast(team, buf, buf, bytes / 8, root); break;
  case MEM: shmem_broadcastmem(team, buf, buf, bytes, root); break;
  case LEGACY32: shmem_broadcast32(buf, buf, bytes / 4, root, set[0], set[1], set[2], psync); break;
  default: shmem_broadcast64(buf, buf, bytes / 8, root, set[0], set[1], set[2], psync); break;
  }
}

/* Every form (the team forms on `team`; the active-set forms on `set`,
 * unless it is NULL), every root, both sizes, heap and static. `index` is
 * this PE's number in the group of `size` PEs. */
static void check_group(const char *name, shmem_team_t team, const int *set, int index, int size,
                        long *heap) {
  const size_t sizes[] = {24, sizeof s_data};
  const int forms = set ? FORMS : LEGACY32;
  for (int f = 0; f < forms; ++f)
    for (int root = 0; root < size; ++root)
      for (int z = 0; z < 2; ++z)
        for (int where = 0; where < 2; ++where) {
          void *buf = where ? (void *)s_data : (void *)heap;
          char what[160];
          snprintf(what, sizeof what, "%s on %s, %s", form_names[f], name,
                   where ? "static" : "heap");
          fill(buf, sizeof s_data, index);
          if (f < LEGACY32)
            shmem_team_sync(team);
          else
            shmem_sync(set[0], set[1], set[2], psync);
          broadcast((form)f, team, set, buf, sizes[z], root);
          check(buf, sizes[z], root, what);
        }
}

int main(void) {
  for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; ++i) psync[i] = SHMEM_SYNC_VALUE;
  CHECK_INIT();
  long *heap = shmem_malloc(sizeof s_data);

  const int world_set[3] = {0, 0, npes};
  check_group("world", SHMEM_TEAM_WORLD, world_set, me, npes, heap);

  /* The reversed world: team PE i is world PE npes-1-i (no active set). */
  shmem_team_t reversed = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &reversed) == 0);
  check_group("reversed world", reversed, NULL, npes - 1 - me, npes, heap);
  shmem_team_destroy(reversed);

  /* The even PEs as an active set of stride 2 and as a team. */
  const int evens_set[3] = {0, 1, (npes + 1) / 2};
  shmem_team_t evens = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, evens_set[2], NULL, 0, &evens) == 0);
  if (me % 2 == 0) check_group("evens", evens, evens_set, me / 2, evens_set[2], heap);
  shmem_team_destroy(evens);

  shmem_free(heap);
  CHECK_DONE();
}
