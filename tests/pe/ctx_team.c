/* Section 9.5: contexts made from a team address team PE numbers for RMA,
 * AMOs and signals; shmem_ctx_create, shmem_ctx_get_team, shmem_ctx_destroy,
 * sessions and SHMEM_CTX_INVALID behave as the spec says; shmem_team_destroy
 * takes the team's remaining shareable contexts along. */
#include <shmem.h>

#include "check.h"

static long from_team_left; /* put by the team's left neighbour */
static long team_counter;   /* on team PE 0: one fetch-add per team PE */
static long data_word;
static uint64_t signal_word;

static void check_handles(void) {
  shmem_team_t team = SHMEM_TEAM_SHARED;
  CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &team) == 0 && team == SHMEM_TEAM_WORLD);
  CHECK(shmem_ctx_get_team(SHMEM_CTX_INVALID, &team) != 0 && team == SHMEM_TEAM_INVALID);

  shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &ctx) != 0 && ctx == SHMEM_CTX_INVALID);
  const long options[] = {0, SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE,
                          SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE};
  for (size_t i = 0; i < sizeof options / sizeof options[0]; ++i) {
    ctx = SHMEM_CTX_INVALID;
    CHECK_MSG(shmem_ctx_create(options[i], &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "options %#lx",
              options[i]);
    team = SHMEM_TEAM_INVALID;
    CHECK(shmem_ctx_get_team(ctx, &team) == 0 && team == SHMEM_TEAM_WORLD);
    shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, NULL, 0);
    const shmem_ctx_session_config_t config = {.total_ops = 100};
    shmem_ctx_session_start(ctx, 0, &config, SHMEM_CTX_SESSION_TOTAL_OPS);
    shmem_ctx_long_p(ctx, &data_word, 1, shmem_my_pe());
    shmem_ctx_session_stop(ctx);
    shmem_ctx_session_stop(ctx);
    shmem_ctx_destroy(ctx);
  }
  /* Many contexts at once: none may fail. */
  shmem_ctx_t many[64];
  for (int i = 0; i < 64; ++i) CHECK(shmem_ctx_create(0, &many[i]) == 0);
  for (int i = 0; i < 64; ++i) shmem_ctx_destroy(many[i]);
  shmem_ctx_destroy(SHMEM_CTX_INVALID);
  shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, NULL, 0);
  shmem_ctx_session_stop(SHMEM_CTX_INVALID);
  shmem_ctx_quiet(SHMEM_CTX_INVALID);
  shmem_pe_quiet(NULL, 0);
}

/* The team of every other world PE (0, 2, 4, ...), walked in reverse so
 * that team numbering differs from world numbering. */
static void use_team_ctx(void) {
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const int size = (n + 1) / 2, last = 2 * (size - 1);
  shmem_team_t evens = SHMEM_TEAM_INVALID;
  CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, last, -2, size, NULL, 0, &evens) == 0);
  shmem_barrier_all();
  if (evens == SHMEM_TEAM_INVALID) {
    CHECK(me % 2 == 1);
    for (int i = 0; i < 3; ++i) shmem_barrier_all(); /* the members' three */
    return;
  }
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  CHECK(shmem_team_create_ctx(evens, SHMEM_CTX_PRIVATE, &ctx) == 0 && ctx != SHMEM_CTX_INVALID);
  shmem_team_t team = SHMEM_TEAM_INVALID;
  CHECK(shmem_ctx_get_team(ctx, &team) == 0 && team == evens);
  const int tme = shmem_team_my_pe(evens);
  CHECK_MSG(tme == (last - me) / 2, "team PE %d for world PE %d", tme, me);
  const int tright = (tme + 1) % size;
  shmem_ctx_long_p(ctx, &from_team_left, 100 + tme, tright);
  shmem_ctx_long_atomic_add(ctx, &team_counter, 1, 0);
  const long one = 1;
  shmem_ctx_long_put_signal(ctx, &data_word, &one, 1, &signal_word, 1, SHMEM_SIGNAL_ADD, tright);
  shmem_ctx_quiet(ctx);
  shmem_barrier_all();
  const int tleft = (tme + size - 1) % size;
  CHECK_MSG(from_team_left == 100 + tleft, "from team left: %ld", from_team_left);
  CHECK_MSG(signal_word == 1, "signal %lu", (unsigned long)signal_word);
  if (tme == 0)
    CHECK_MSG(team_counter == size, "team counter %ld on world PE %d", team_counter, me);
  CHECK(shmem_ctx_long_atomic_fetch(ctx, &team_counter, 0) == size);
  shmem_ctx_destroy(ctx);

  /* A shareable context left alive is destroyed with the team. */
  shmem_ctx_t left_over = SHMEM_CTX_INVALID;
  CHECK(shmem_team_create_ctx(evens, 0, &left_over) == 0);
  shmem_ctx_long_p(left_over, &data_word, 5, tright);
  shmem_barrier_all();
  shmem_team_destroy(evens);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  check_handles();
  use_team_ctx();
  if (shmem_my_pe() % 2 == 0) CHECK_MSG(data_word == 5, "data %ld", data_word);
  CHECK_DONE();
}
