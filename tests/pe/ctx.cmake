# Multi-PE tests of contexts, sessions and thread levels (sections 9.2, 9.5
# and shmem_pe_quiet of 9.11).
find_package(Threads REQUIRED)

# Threads with private contexts issuing puts and AMOs at once under
# SHMEM_THREAD_MULTIPLE; every value checked.
shmem_pe_test(ctx_threads SOURCES pe/ctx_threads.c NP 1 2 4 TIMEOUT 120 LINK Threads::Threads)
# Contexts from teams address team PEs; creation, get_team, destroy,
# sessions, SHMEM_CTX_INVALID, and team destroy taking its contexts along.
shmem_pe_test(ctx_team SOURCES pe/ctx_team.c NP 1 2 4 TIMEOUT 120)
# ctx_quiet, ctx_destroy, shmem_pe_quiet and shmem_ctx_pe_quiet complete the
# operations a flag then announces.
shmem_pe_test(ctx_quiet SOURCES pe/ctx_quiet.c NP 1 2 4 TIMEOUT 120)
