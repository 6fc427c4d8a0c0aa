# Setup, exit and query routines (section 9.1), memory management (9.3) and
# the library's answers to bad input. Included by tests/CMakeLists.txt.
set(_pe ${CMAKE_CURRENT_LIST_DIR})

shmem_pe_test(setup_query SOURCES ${_pe}/setup_query.c LABELS setup)
shmem_pe_test(setup_nested SOURCES ${_pe}/setup_nested.c LABELS setup)
shmem_pe_test(setup_constants SOURCES ${_pe}/setup_constants.c NP 1 LABELS setup)
shmem_pe_test(setup_no_finalize SOURCES ${_pe}/setup_no_finalize.c LABELS setup)
# A second shmem_finalize with no shmem_init between: a warning on each PE,
# and the job goes on and ends with status 0.
shmem_pe_program(setup_finalize_twice SOURCES ${_pe}/setup_finalize_twice.c)
shmem_output_test(setup_finalize_twice_np2 PROGRAM setup_finalize_twice NP 2 COUNT 2
                  REGEX "shmem_finalize: called again after the library was finalized, with no shmem_init between: it does nothing")
shmem_pe_test(setup_legacy SOURCES ${_pe}/setup_legacy.c LABELS setup)
target_compile_options(setup_legacy PRIVATE -Wno-deprecated-declarations)
# A program that starts MPI itself, through the library's MPI_Init, which
# chooses Open MPI's components as shmem_init would (osc/rdma, the default,
# cannot make the library's dynamic window on 1 PE).
shmem_pe_test(setup_mpi SOURCES ${_pe}/setup_mpi.c LINK MPI::MPI_C LABELS setup)
# MPI and OpenSHMEM initialized in either order and finalized in either
# order (setup_mpi_order_INIT_FINALIZE: which comes first), and MPI started
# with MPI_Init_thread(MPI_THREAD_FUNNELED) after shmem_init. The race
# detector is preloaded: below MPI_THREAD_MULTIPLE no thread of the library
# may call MPI besides the program.
shmem_pe_program(setup_mpi_order SOURCES ${_pe}/setup_mpi_order.c LINK MPI::MPI_C)
foreach(init shmem mpi)
  foreach(fin shmem mpi)
    shmem_pe_test(setup_mpi_order_${init}_${fin} PROGRAM setup_mpi_order ARGS ${init} ${fin}
                  LABELS setup WRAP ${SHMEM_OVERLAP_WRAP})
  endforeach()
endforeach()
shmem_pe_test(setup_mpi_order_funneled PROGRAM setup_mpi_order ARGS shmem mpi funneled
              LABELS setup WRAP ${SHMEM_OVERLAP_WRAP})
shmem_pe_test(setup_mpi_order_mpi_funneled PROGRAM setup_mpi_order ARGS mpi shmem funneled
              LABELS setup WRAP ${SHMEM_OVERLAP_WRAP})

# The thread level shmem_init starts MPI at, and the progress thread, as
# each PE's SHMEM_DEBUG line says (docs/decisions/progress.md); progress to
# a computing PE where a thread is planned. MPI_THREAD_SERIALIZED, the
# thread taking turns with the library's MPI calls, only where no object
# but the library and MPI's can call MPI; MPI_THREAD_MULTIPLE where the
# program names an MPI routine (team_shared's MPI_Allgather), with
# SHMEM_PROGRESS=thread too.
shmem_pe_test(progress_plan SOURCES ${_pe}/progress_plan.c NP 1 2 LABELS setup)
set(_said "shmem_init: progress:")
foreach(case "node;0;auto;on;no thread .every PE runs on this node.*MPI at MPI_THREAD_SINGLE$"
             "forced;1;auto;on;a thread calls into MPI every 200 us .forced.*MPI at MPI_THREAD_SERIALIZED, the thread"
             "off;1;off;on;no thread .SHMEM_PROGRESS is off.; MPI at MPI_THREAD_SINGLE$"
             "thread;0;thread;on;a thread calls into MPI every 200 us .SHMEM_PROGRESS is thread.; MPI at MPI_THREAD_SERIALIZED,"
             "multiple;1;thread-multiple;on;a thread calls into MPI every 200 us .*MPI at MPI_THREAD_MULTIPLE$"
             "private_globals;0;auto;off;a thread calls into MPI every 200 us .*MPI at MPI_THREAD_SERIALIZED,")
  list(GET case 0 name)
  list(GET case 1 forced)
  list(GET case 2 mode)
  list(GET case 3 globals)
  list(GET case 4 said)
  shmem_output_test(progress_plan_${name}_np2 PROGRAM progress_plan NP 2 COUNT 2
                    REGEX "${_said} ${said}"
                    ENV SHMEM_DEBUG=1 SHMEM_FORCE_INTERNODE=${forced} SHMEM_PROGRESS=${mode}
                        SHMEM_NODE_GLOBALS=${globals})
endforeach()
# SHMEM_INFO: PE 0 alone says what progress the job gets.
shmem_output_test(progress_plan_info_np2 PROGRAM progress_plan NP 2 COUNT 1
                  REGEX "^PE 0's progress: a thread calls into MPI every 200 us .forced"
                  ENV SHMEM_INFO=1 SHMEM_FORCE_INTERNODE=1)
foreach(mode auto thread)
  shmem_output_test(progress_plan_mpi_caller_${mode}_np2 PROGRAM team_shared NP 2 COUNT 2
                    REGEX "${_said} a thread calls into MPI every 200 us .*the program refers to MPI_[A-Za-z_]*, so the thread cannot take turns with it.; MPI at MPI_THREAD_MULTIPLE$"
                    ENV SHMEM_DEBUG=1 SHMEM_FORCE_INTERNODE=1 SHMEM_PROGRESS=${mode})
endforeach()

shmem_pe_test(mem_alloc SOURCES ${_pe}/mem_alloc.c TIMEOUT 120 LABELS memory)
# The heap size variable: a small heap runs out, a large one holds more than
# the default; SHMEM_ beats SMA_ when both are set.
shmem_pe_test(mem_exhaust SOURCES ${_pe}/mem_exhaust.c LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1M)
shmem_pe_test(mem_exhaust_precedence SOURCES ${_pe}/mem_exhaust.c LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1m SMA_SYMMETRIC_SIZE=300m)
# Sizes that are no multiple of the page size are rounded up to one.
shmem_pe_test(mem_exhaust_odd_size SOURCES ${_pe}/mem_exhaust.c NP 2 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1048577)
shmem_pe_test(mem_exhaust_fraction SOURCES ${_pe}/mem_exhaust.c NP 2 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1024.5K)
shmem_pe_test(mem_large_heap SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=300m)
shmem_pe_test(mem_large_heap_sma SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120 LABELS memory
              ENV SMA_SYMMETRIC_SIZE=300m)
shmem_pe_test(mem_large_heap_fraction SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120
              LABELS memory ENV SHMEM_SYMMETRIC_SIZE=0.29G)
# shmem_align up to the largest power of two not above the heap size (the
# argument), and NULL with a warning beyond: the default heap, one that is
# no power of two (3 MiB: up to 2 MiB), and one of a page.
shmem_pe_test(mem_align_large SOURCES ${_pe}/mem_align_large.c TIMEOUT 120 LABELS memory
              ARGS 268435456)
shmem_pe_test(mem_align_odd_heap SOURCES ${_pe}/mem_align_large.c NP 2 4 LABELS memory
              ARGS 2097152 ENV SHMEM_SYMMETRIC_SIZE=3M)
shmem_pe_test(mem_align_page_heap SOURCES ${_pe}/mem_align_large.c NP 2 LABELS memory
              ARGS 4096 ENV SHMEM_SYMMETRIC_SIZE=4K)
# A heap costs its size, not twice it: 2 PEs of 10 GiB aligned to 8 GiB
# (this machine's 24 GiB of /dev/shm would not hold two padded ones), and
# 64 PEs of the default heap on one node (Open MPI; MPICH runs 2 PEs here).
shmem_pe_test(mem_align_10g_heap PROGRAM mem_align_large NP 2 TIMEOUT 120 LABELS memory
              ARGS 8589934592 ENV SHMEM_SYMMETRIC_SIZE=10G)
shmem_pe_test(heap_whole SOURCES ${_pe}/heap_whole.c NP 2 64 TIMEOUT 300 LABELS memory)

# The profiling interface (section 10): the program's own shmem_long_put and
# shmem_putmem replace the library's, with the shared and with the static
# library (where only weak library definitions avoid duplicate symbols).
shmem_pe_test(pshmem_wrap_shared SOURCES ${_pe}/profiling.c LABELS profiling)
add_executable(pshmem_wrap_static ${_pe}/profiling.c)
target_link_libraries(pshmem_wrap_static PRIVATE shmem_static)
target_include_directories(pshmem_wrap_static PRIVATE ${_pe})
target_compile_options(pshmem_wrap_static PRIVATE -Wall -Wextra)
foreach(np 1 2)
  add_test(NAME pshmem_wrap_static_np${np}
           COMMAND ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                   $<TARGET_FILE:pshmem_wrap_static>)
  set_tests_properties(pshmem_wrap_static_np${np} PROPERTIES TIMEOUT 60
    LABELS "pe;profiling;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endforeach()

# Bad input: err_cases CASE makes one erroneous call; the job must fail
# with a message naming the routine and the argument.
add_executable(err_cases ${_pe}/err_cases.c)
target_link_libraries(err_cases PRIVATE shmem)
target_compile_options(err_cases PRIVATE -Wall -Wextra)

# err_case(NAME CASE NP n REGEX re [ENV ...]): registers err_NAME_npN.
function(err_case name case)
  cmake_parse_arguments(E "" "NP;REGEX" "ENV" ${ARGN})
  shmem_fail_test(err_${name}_np${E_NP} PROGRAM err_cases NP ${E_NP} ARGS ${case} TIMEOUT 60
                  REGEX "${E_REGEX}" ENV ${E_ENV})
endfunction()

set(_ptr "0x[0-9a-f]+")
set(_not_init "called while the library is not initialized")
set(_out_of_range "is out of range: allowed 0 to")
set(_local "is a local variable \\(on the stack\\), not a symmetric address: declare it static or global, or allocate it with shmem_malloc")
foreach(np 1 2)
  math(EXPR last "${np} - 1")
  math(EXPR all_bytes "${np} * 8")
  set(pe "\\[shmem PE ${last}\\]") # the prefix of a message from the last PE
  # Environment variables.
  err_case(symmetric_size_abc init NP ${np} ENV SHMEM_SYMMETRIC_SIZE=abc
           REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='abc' is not valid")
  err_case(progress_interval_abc init NP ${np} ENV SHMEM_PROGRESS_INTERVAL=abc
           REGEX "shmem_init: environment variable SHMEM_PROGRESS_INTERVAL='abc' is not valid. Expected: Microseconds")
  # Library state.
  err_case(malloc_before_init malloc_before_init NP ${np} REGEX "shmem_malloc: ${_not_init}")
  err_case(put_before_init put_before_init NP ${np} REGEX "\\[shmem\\] shmem_long_p: ${_not_init}")
  err_case(after_finalize barrier_after_finalize NP ${np} REGEX "shmem_barrier_all: ${_not_init}")
  err_case(put_after_finalize put_after_finalize NP ${np} REGEX "shmem_long_p: ${_not_init}")
  # PE numbers.
  err_case(put_pe_range put_to_n_pes NP ${np}
           REGEX "${pe} shmem_int_put: argument pe = ${np} ${_out_of_range} ${last}")
  err_case(amo_pe_range amo_pe_range NP ${np}
           REGEX "${pe} shmem_long_atomic_inc: argument pe = ${np} ${_out_of_range} ${last}")
  err_case(signal_pe_range signal_pe_range NP ${np}
           REGEX "${pe} shmem_signal_set: argument pe = -1 ${_out_of_range} ${last}")
  err_case(put_signal_pe_range put_signal_pe_range NP ${np}
           REGEX "${pe} shmem_putmem_signal: argument pe = ${np} ${_out_of_range} ${last}")
  # Addresses: symmetric, aligned, not NULL.
  err_case(put_relro put_to_relro NP ${np}
           REGEX "${pe} shmem_putmem: argument dest = ${_ptr} \\(8 bytes\\) is not a symmetric address")
  err_case(put_not_symmetric put_to_stack NP ${np}
           REGEX "shmem_long_put: argument dest = ${_ptr} \\(32 bytes\\) ${_local}")
  err_case(amo_not_symmetric amo_not_symmetric NP ${np}
           REGEX "${pe} shmem_int_atomic_add: argument dest = ${_ptr} \\(4 bytes\\) ${_local}")
  err_case(wait_not_symmetric wait_not_symmetric NP ${np}
           REGEX "${pe} shmem_long_wait_until: argument ivar = ${_ptr} \\(8 bytes\\) ${_local}")
  err_case(amo_unaligned amo_unaligned NP ${np}
           REGEX "shmem_long_atomic_fetch_add: argument dest = ${_ptr} is not aligned to (its type's size 8|8 bytes)")
  err_case(get_to_null get_to_null NP ${np}
           REGEX "${pe} shmem_getmem: argument dest is NULL but 8 bytes are to be transferred")
  err_case(broadcast_to_null broadcast_to_null NP ${np}
           REGEX "shmem_long_broadcast: argument dest is NULL but 16 bytes are to be transferred")
  err_case(free_private free_private NP ${np}
           REGEX "shmem_free: argument ptr = ${_ptr} is not a block returned by shmem_malloc")
  # Constants: comparisons and signal operations.
  err_case(wait_bad_cmp wait_bad_cmp NP ${np}
           REGEX "${pe} shmem_long_wait_until: argument cmp = 99 is not a comparison: allowed SHMEM_CMP_EQ \\(0\\)")
  err_case(test_bad_cmp test_bad_cmp NP ${np}
           REGEX "${pe} shmem_int_test: argument cmp = -1 is not a comparison")
  err_case(put_signal_bad_op put_signal_bad_op NP ${np}
           REGEX "${pe} shmem_long_put_signal: argument sig_op = 7 is not a signal operation: allowed SHMEM_SIGNAL_SET \\(0\\) or SHMEM_SIGNAL_ADD \\(1\\)")
  # Overlapping buffers where the spec forbids them.
  err_case(broadcast_overlap broadcast_overlap NP ${np}
           REGEX "shmem_long_broadcast: arguments dest = ${_ptr} \\(16 bytes\\) and source = ${_ptr} \\(16 bytes\\) overlap: allowed are buffers that share no byte")
  err_case(fcollect_in_place fcollect_in_place NP ${np}
           REGEX "shmem_long_fcollect: arguments dest = ${_ptr} \\(${all_bytes} bytes\\) and source = ${_ptr} \\(8 bytes\\) overlap")
  # Teams.
  err_case(broadcast_invalid_team broadcast_invalid_team NP ${np}
           REGEX "shmem_long_broadcast: argument team is SHMEM_TEAM_INVALID: allowed are SHMEM_TEAM_WORLD")
  err_case(destroy_team_twice destroy_team_twice NP ${np}
           REGEX "shmem_team_destroy: argument team = ${_ptr} is not a valid team \\(destroyed, or never created\\)")
  err_case(global_exit global_exit NP ${np}
           REGEX "PE ${last} calls shmem_global_exit\\(7\\)")
endforeach()
# Every PE fails at once: each says why, and their aborts do not cross
# (Open MPI's launcher then says that more processes sent its abort
# message; its ORTE_ERROR_LOG lines come with a lone MPI_Abort too, in 3
# of 8 runs of a plain MPI program here, so they are not checked).
foreach(np 2 4)
  if(SHMEM_MPI_FLAVOR STREQUAL "mpich" AND np GREATER 2)
    continue()
  endif()
  set(test err_every_pe_fails_np${np})
  add_test(NAME ${test}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/expect_failures.sh 2
                   "^\\[shmem PE [0-9]+\\] shmem_team_destroy: argument team"
                   "sent help message"
                   ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                   $<TARGET_FILE:err_cases> destroy_team_twice)
  set_tests_properties(${test} PROPERTIES TIMEOUT 60
    LABELS "pe;errors;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endforeach()
err_case(symmetric_size_sma_abc init NP 2 ENV SMA_SYMMETRIC_SIZE=abc
         REGEX "shmem_init: environment variable SMA_SYMMETRIC_SIZE='abc' is not valid")
err_case(symmetric_size_negative init NP 2 ENV SHMEM_SYMMETRIC_SIZE=-5
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='-5' is not valid")
err_case(symmetric_size_bad_suffix init NP 2 ENV SHMEM_SYMMETRIC_SIZE=12x
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='12x' is not valid")
err_case(symmetric_size_empty init NP 2 ENV SHMEM_SYMMETRIC_SIZE=
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='' is not valid")
err_case(symmetric_size_two_points init NP 2 ENV SHMEM_SYMMETRIC_SIZE=1.5.3M
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='1.5.3M' is not valid")
err_case(progress_interval_negative init NP 2 ENV SHMEM_PROGRESS_INTERVAL=-1
         REGEX "shmem_init: environment variable SHMEM_PROGRESS_INTERVAL='-1' is not valid")
err_case(progress_interval_sma init NP 2 ENV SMA_PROGRESS_INTERVAL=10us
         REGEX "shmem_init: environment variable SMA_PROGRESS_INTERVAL='10us' is not valid")
err_case(put_pe_negative put_to_minus_one NP 2
         REGEX "shmem_putmem: argument pe = -1 is out of range: allowed 0 to 1")
err_case(get_not_symmetric get_from_stack NP 2
         REGEX "shmem_getmem: argument source = ${_ptr} \\(16 bytes\\) ${_local}")
err_case(signal_wait_not_symmetric signal_wait_not_symmetric NP 2
         REGEX "shmem_signal_wait_until: argument sig_addr = ${_ptr} \\(8 bytes\\) ${_local}")
# Memory of the process that is neither symmetric nor on the stack.
err_case(put_to_private_heap put_to_private_heap NP 2
         REGEX "\\[shmem PE 1\\] shmem_long_put: argument dest = ${_ptr} \\(32 bytes\\) is not a symmetric address: allowed are the symmetric heap")
# SHMEM_BACKTRACE=1: the fatal error prints the call stack, through the
# routine the program called.
err_case(backtrace put_to_stack NP 2 ENV SHMEM_BACKTRACE=1
         REGEX "libshmem\\.so[^ ]*\\(pshmem_long_put\\+0x")
err_case(put_null_source put_from_null NP 2
         REGEX "shmem_putmem: argument source is NULL but 8 bytes are to be transferred")
err_case(reduce_from_null reduce_from_null NP 2
         REGEX "shmem_long_sum_reduce: argument source is NULL but 16 bytes are to be transferred")
err_case(ctx_invalid put_on_invalid_ctx NP 2
         REGEX "shmem_ctx_long_p: argument ctx = .* is not a valid context")
err_case(free_interior free_interior NP 2
         REGEX "shmem_free: argument ptr = ${_ptr} is not a block returned by shmem_malloc")
err_case(bad_thread_level bad_thread_level NP 2
         REGEX "shmem_init_thread: argument requested = 7 is not a thread level")
err_case(put_signal_overlap put_signal_overlap NP 2
         REGEX "shmem_long_put_signal: arguments dest = ${_ptr} \\(16 bytes\\) and sig_addr = ${_ptr} \\(8 bytes\\) overlap")
err_case(wait_status_overlap wait_status_overlap NP 2
         REGEX "shmem_int_wait_until_all: arguments ivars = ${_ptr} \\(12 bytes\\) and status = ${_ptr} \\(12 bytes\\) overlap")
err_case(alltoall_overlap alltoall_overlap NP 2
         REGEX "shmem_long_alltoall: arguments dest = ${_ptr} \\(16 bytes\\) and source = ${_ptr} \\(16 bytes\\) overlap")
err_case(translate_destroyed_team translate_destroyed_team NP 2
         REGEX "shmem_team_translate_pe: argument team = ${_ptr} is not a valid team")
err_case(ctx_on_destroyed_team ctx_on_destroyed_team NP 2
         REGEX "shmem_team_create_ctx: argument team = ${_ptr} is not a valid team")

# shmem_global_exit(7) hands 7 to the environment: mpiexec's status.
foreach(np 1 2)
  set(test err_global_exit_status_np${np})
  add_test(NAME ${test}
           COMMAND sh -c "\"$@\" >/dev/null 2>&1; status=$?; echo \"status $status\"; test $status -eq 7"
                   sh ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                   $<TARGET_FILE:err_cases> global_exit)
  set_tests_properties(${test} PROPERTIES TIMEOUT 60
    LABELS "pe;errors;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endforeach()

# Settings that differ between PEs, as when a variable reaches only the PEs
# on mpiexec's host. Those whose consequences are collective (forced
# inter-node mode, the progress thread) are agreed or kept collective; those
# the windows are made with end the job with a message instead of a hang.
set(_pe1_env ${CMAKE_CURRENT_LIST_DIR}/../support/pe1_env.sh)
# (Open MPI: with the components set alike, as oshrun does.)
shmem_pe_test(setup_env_differs SOURCES ${_pe}/coll_node.c NP 2 LABELS setup
              ENV OMPI_MCA_osc=ucx,sm WRAP ${_pe1_env} SHMEM_FORCE_INTERNODE=1 SHMEM_PROGRESS_INTERVAL=0 --)
shmem_fail_test(err_symmetric_size_differs_np2 PROGRAM err_cases NP 2 ARGS init
                WRAP ${_pe1_env} SHMEM_SYMMETRIC_SIZE=2M --
                REGEX "\\[shmem PE 1\\] shmem_init: SHMEM_SYMMETRIC_SIZE differs between PEs \\(2097152 bytes here\\)")
if(SHMEM_MPI_FLAVOR STREQUAL "openmpi")
  shmem_fail_test(err_osc_differs_np2 PROGRAM err_cases NP 2 ARGS init
                  WRAP ${_pe1_env} OMPI_MCA_osc=ucx --
                  REGEX "\\[shmem PE 1\\] shmem_init: OMPI_MCA_osc differs between PEs \\(\"ucx\" here\\)")
endif()

# Sizes no heap holds (SHMEM_DEBUG): a negative number converted to size_t
# is named so, without advice to raise the heap; a size just above the heap
# gets the advice with the number of bytes. (A ';' would split a regular
# expression, a CMake list: '.' stands for it.)
shmem_pe_program(mem_bad_size SOURCES ${_pe}/mem_bad_size.c)
foreach(routine malloc calloc align)
  shmem_output_test(mem_negative_size_${routine}_np2 PROGRAM mem_bad_size NP 2 COUNT 1
    ENV SHMEM_DEBUG=1
    REGEX "PE 0\\] shmem_${routine}: argument size = 18446744073709551608 is larger than any symmetric heap \\(it looks like a negative number converted to size_t\\). returning NULL$")
endforeach()
shmem_output_test(mem_too_large_np2 PROGRAM mem_bad_size NP 2 COUNT 1 ENV SHMEM_DEBUG=1
  REGEX "PE 0\\] shmem_malloc: out of symmetric memory: [0-9]+ bytes requested, .*. set SHMEM_SYMMETRIC_SIZE larger, by at least [0-9]+ bytes$")

# Variables with the library's prefixes that it does not know: PE 0 warns
# once about each, with the closest known name if one is 2 edits away.
shmem_output_test(setup_unknown_variable_np2 PROGRAM err_cases ARGS init NP 2 COUNT 1
  ENV SHMEM_SYMETRIC_SIZE=1M
  REGEX "^\\[shmem PE 0\\] shmem_init: environment variable SHMEM_SYMETRIC_SIZE is not a variable of this library. did you mean SHMEM_SYMMETRIC_SIZE\\?$")
shmem_output_test(setup_unknown_sma_variable_np2 PROGRAM err_cases ARGS init NP 2 COUNT 1
  ENV SMA_HEAP=1M
  REGEX "^\\[shmem PE 0\\] shmem_init: environment variable SMA_HEAP is not a variable of this library \\(SHMEM_INFO=1 lists them\\). it has no effect$")
shmem_output_test(setup_known_variables_np2 PROGRAM err_cases ARGS init NP 2 COUNT 0
  ENV SHMEM_SYMMETRIC_SIZE=1M SMA_DEBUG=0 SHMEM_TEST_MULTI_HOST=1
  REGEX "is not a variable of this library")

# SHMEM_VERSION: the library's version, the MPI library the job runs with,
# the MPI it was built against and the build, printed once.
shmem_output_test(setup_version_np2 PROGRAM err_cases ARGS init NP 2 COUNT 1
  ENV SHMEM_VERSION=1
  REGEX "^shmem-mpi3 ${PROJECT_VERSION} \\(OpenSHMEM 1.6 on MPI-3 RMA\\), OpenSHMEM specification 1.6$")
shmem_output_test(setup_version_mpi_np2 PROGRAM err_cases ARGS init NP 2 COUNT 1
  ENV SHMEM_VERSION=1
  REGEX "^  running with: (MPICH|Open MPI) ")
shmem_output_test(setup_version_build_np2 PROGRAM err_cases ARGS init NP 2 COUNT 1
  ENV SHMEM_VERSION=1
  REGEX "^  built against: MPI [0-9]+\\.[0-9]+, (MPICH|Open MPI) [0-9.]+. build type [A-Za-z]+, compiler [A-Za-z]+ [0-9]")

# Thread levels as programs use them: a call from a second thread after
# shmem_init (or at SHMEM_THREAD_FUNNELED) is reported once per PE, never
# at the levels that allow it; two threads in MPI calls at once at
# SHMEM_THREAD_SERIALIZED, under SHMEM_DEBUG where data moves through MPI
# (the report's turn keeps MPI out of trouble; without it Open MPI's UCX
# aborts). The GPU auxiliary document's device bits are accepted and left
# out of provided; another unknown bit is an error.
find_package(Threads REQUIRED)
shmem_pe_program(thread_use SOURCES ${_pe}/thread_use.c LINK Threads::Threads)
set(_other_thread "shmem_my_pe: called from a thread other than the one that initialized the library, which runs at")
foreach(case "single;2;SHMEM_THREAD_SINGLE" "funneled;2;SHMEM_THREAD_FUNNELED"
             "serialized;0;" "multiple;0;")
  list(GET case 0 level)
  list(GET case 1 count)
  list(GET case 2 said)
  shmem_output_test(thread_use_${level}_np2 PROGRAM thread_use ARGS ${level} NP 2 COUNT ${count}
                    REGEX "PE [01]\\] ${_other_thread} ${said}")
endforeach()
shmem_output_test(thread_use_overlap_np2 PROGRAM thread_use ARGS overlap NP 2 COUNT 2
                  ENV SHMEM_DEBUG=1 SHMEM_FORCE_INTERNODE=1
                  REGEX "PE [01]\\] shmem_long_g: called while another thread of this PE was inside the library's MPI calls")
shmem_pe_test(thread_use_device PROGRAM thread_use ARGS device NP 1 2 LABELS setup)
shmem_fail_test(err_thread_unknown_bit_np2 PROGRAM thread_use ARGS unknown_bit NP 2
                REGEX "shmem_init_thread: argument requested = 4096 is not a thread level: allowed SHMEM_THREAD_SINGLE \\(0\\) to SHMEM_THREAD_MULTIPLE \\(3\\), with or without SHMEM_DEVICE_HOST_INIT")
