# Setup, exit and query routines (section 9.1), memory management (9.3) and
# the library's answers to bad input. Included by tests/CMakeLists.txt.
set(_pe ${CMAKE_CURRENT_LIST_DIR})

shmem_pe_test(setup_query SOURCES ${_pe}/setup_query.c LABELS setup)
shmem_pe_test(setup_nested SOURCES ${_pe}/setup_nested.c LABELS setup)
shmem_pe_test(setup_constants SOURCES ${_pe}/setup_constants.c NP 1 LABELS setup)
shmem_pe_test(setup_no_finalize SOURCES ${_pe}/setup_no_finalize.c LABELS setup)
shmem_pe_test(setup_legacy SOURCES ${_pe}/setup_legacy.c LABELS setup)
target_compile_options(setup_legacy PRIVATE -Wno-deprecated-declarations)
# A program that starts MPI itself gets MPI's default components: under
# Open MPI that is osc/rdma, which cannot make the library's dynamic window
# on 1 PE; such programs need the component the library would choose.
shmem_pe_test(setup_mpi SOURCES ${_pe}/setup_mpi.c LINK MPI::MPI_C LABELS setup
              ENV OMPI_MCA_osc=ucx,sm)

shmem_pe_test(mem_alloc SOURCES ${_pe}/mem_alloc.c TIMEOUT 120 LABELS memory)
# The heap size variable: a small heap runs out, a large one holds more than
# the default; SHMEM_ beats SMA_ when both are set.
shmem_pe_test(mem_exhaust SOURCES ${_pe}/mem_exhaust.c LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1M)
shmem_pe_test(mem_exhaust_precedence SOURCES ${_pe}/mem_exhaust.c LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1m SMA_SYMMETRIC_SIZE=300m)
shmem_pe_test(mem_large_heap SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=300m)
shmem_pe_test(mem_large_heap_sma SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120 LABELS memory
              ENV SMA_SYMMETRIC_SIZE=300m)
shmem_pe_test(mem_large_heap_fraction SOURCES ${_pe}/mem_large_heap.c TIMEOUT 120
              LABELS memory ENV SHMEM_SYMMETRIC_SIZE=0.29G)

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
foreach(np 1 2)
  math(EXPR last "${np} - 1")
  err_case(symmetric_size_abc init NP ${np} ENV SHMEM_SYMMETRIC_SIZE=abc
           REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='abc' is not valid")
  err_case(put_pe_range put_to_n_pes NP ${np}
           REGEX "shmem_int_put: argument pe = ${np} is out of range: allowed 0 to ${last}")
  err_case(put_not_symmetric put_to_stack NP ${np}
           REGEX "shmem_long_put: argument dest = ${_ptr} \\(32 bytes\\) is not a symmetric address")
  err_case(free_private free_private NP ${np}
           REGEX "shmem_free: argument ptr = ${_ptr} is not a block returned by shmem_malloc")
  err_case(malloc_before_init malloc_before_init NP ${np}
           REGEX "shmem_malloc: called while the library is not initialized")
  err_case(global_exit global_exit NP ${np}
           REGEX "PE ${last} calls shmem_global_exit\\(7\\)")
endforeach()
err_case(symmetric_size_sma_abc init NP 2 ENV SMA_SYMMETRIC_SIZE=abc
         REGEX "shmem_init: environment variable SMA_SYMMETRIC_SIZE='abc' is not valid")
err_case(symmetric_size_negative init NP 2 ENV SHMEM_SYMMETRIC_SIZE=-5
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='-5' is not valid")
err_case(symmetric_size_bad_suffix init NP 2 ENV SHMEM_SYMMETRIC_SIZE=12x
         REGEX "shmem_init: environment variable SHMEM_SYMMETRIC_SIZE='12x' is not valid")
err_case(put_pe_negative put_to_minus_one NP 2
         REGEX "shmem_putmem: argument pe = -1 is out of range: allowed 0 to 1")
err_case(get_not_symmetric get_from_stack NP 2
         REGEX "shmem_getmem: argument source = ${_ptr} \\(16 bytes\\) is not a symmetric address")
err_case(put_null_source put_from_null NP 2
         REGEX "shmem_putmem: argument source is NULL but 8 bytes are to be transferred")
err_case(ctx_invalid put_on_invalid_ctx NP 2
         REGEX "shmem_ctx_long_p: argument ctx = .* is not a valid context")
err_case(free_interior free_interior NP 2
         REGEX "shmem_free: argument ptr = ${_ptr} is not a block returned by shmem_malloc")
err_case(after_finalize barrier_after_finalize NP 2
         REGEX "shmem_barrier_all: called while the library is not initialized")
err_case(bad_thread_level bad_thread_level NP 2
         REGEX "shmem_init_thread: argument requested = 7 is not a thread level")

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
