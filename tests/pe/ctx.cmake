# Multi-PE tests of contexts, sessions and thread levels (sections 9.2, 9.5
# and shmem_pe_quiet of 9.11).
find_package(Threads REQUIRED)
# ThreadSanitizer (scripts/test-tsan.sh) slows the threaded tests on Open MPI
# from under a second to minutes at times: more time, fewer iterations.
set(ctx_timeout 120)
if(SHMEM_SANITIZE STREQUAL "thread")
  set(ctx_timeout 600)
endif()

# Threads with private contexts issuing puts and AMOs at once under
# SHMEM_THREAD_MULTIPLE; every value checked.
shmem_pe_test(ctx_threads SOURCES pe/ctx_threads.c NP 1 2 4 TIMEOUT ${ctx_timeout} LINK Threads::Threads)
if(SHMEM_SANITIZE STREQUAL "thread")
  target_compile_definitions(ctx_threads PRIVATE ITERS=100)
endif()
# Contexts from teams address team PEs; creation, get_team, destroy,
# sessions, SHMEM_CTX_INVALID, and team destroy taking its contexts along.
shmem_pe_test(ctx_team SOURCES pe/ctx_team.c NP 1 2 4 TIMEOUT ${ctx_timeout})
# ctx_quiet, ctx_destroy, shmem_pe_quiet and shmem_ctx_pe_quiet complete the
# operations a flag then announces.
shmem_pe_test(ctx_quiet SOURCES pe/ctx_quiet.c NP 1 2 4 TIMEOUT ${ctx_timeout})
# The same under SHMEM_THREAD_MULTIPLE: each thread's ctx_quiet (or
# ctx_pe_quiet) completes its context's puts and AMOs, checked by a flag
# protocol per thread, while the other threads keep issuing on theirs.
shmem_pe_test(ctx_quiet_threads SOURCES pe/ctx_quiet_threads.c NP 1 2 4 TIMEOUT ${ctx_timeout}
              LINK Threads::Threads)
# The generic routines that take a context first (RMA, AMOs, signals) on a
# private context and on a backwards-numbered team's context: C11 _Generic
# on static data, compiled as strict C11...
shmem_pe_test(ctx_generic SOURCES pe/ctx_generic.c NP 1 2 4 TIMEOUT ${ctx_timeout})
set_target_properties(ctx_generic PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
# ... and the C++ overloads on the symmetric heap.
shmem_pe_test(ctx_generic_cxx SOURCES pe/ctx_generic.cpp NP 1 2 4 TIMEOUT ${ctx_timeout})
# Independent completion (pe/ctx_independent.c): while PE 0's thread A has
# a 64 MiB nbi put to PE 1 outstanding on its private context, thread B's
# puts to PE 2 + shmem_ctx_quiet on another must not wait for it (timed
# against the put alone); SHMEM_CTX_WINDOWS=0 makes it fail. It needs 3 PEs
# (with 2, B shares A's target, which MPI serializes: data checked only) and
# a put that stays outstanding: data through MPI (SHMEM_FORCE_INTERNODE=1,
# whatever ctest's environment) and, on Open MPI, UCX over TCP (its default
# transports finish the put inside MPI_Put). MPICH is ch4:ucx too, but
# there UCX_TLS=tcp,self hung the job at its end: not set.
set(ctx_independent_env SHMEM_FORCE_INTERNODE=1)
if(SHMEM_MPI_FLAVOR STREQUAL "openmpi")
  list(APPEND ctx_independent_env UCX_TLS=tcp,self)
endif()
shmem_pe_test(ctx_independent SOURCES pe/ctx_independent.c NP 3 TIMEOUT ${ctx_timeout}
              LINK Threads::Threads ENV ${ctx_independent_env})
# shmem_pe_test runs MPICH on 2 PEs at most (it busy-polls when
# oversubscribed), but here PEs 1 and 2 sleep until PE 0 is done: 3 PEs
# take 2-3 s. Registered as shmem_pe_test would.
if(SHMEM_MPI_FLAVOR STREQUAL "mpich")
  add_test(NAME ctx_independent_np3
           COMMAND ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 3
                   $<TARGET_FILE:ctx_independent>)
  set_tests_properties(ctx_independent_np3 PROPERTIES TIMEOUT ${ctx_timeout}
    LABELS "pe;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV};${ctx_independent_env}")
endif()
# Timed: another job on the 2 cores (ctest -j) can make B wait (seen once on
# MPICH at -j2).
set_tests_properties(ctx_independent_np3 PROPERTIES RUN_SERIAL TRUE)
