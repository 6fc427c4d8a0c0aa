# The symmetric heap queries of shmemx.h (shmemx_heap_size,
# shmemx_heap_available). Included by tests/CMakeLists.txt. The argument is
# SHMEM_SYMMETRIC_SIZE in bytes; the odd size checks the rounding to pages.
shmem_pe_program(mem_heap_query SOURCES pe/mem_heap_query.c)
shmem_pe_test(mem_heap_query PROGRAM mem_heap_query NP 1 2 4 TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=64M ARGS 67108864)
shmem_pe_test(mem_heap_query_odd PROGRAM mem_heap_query NP 1 2 TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1000001 ARGS 1000001)
# The heap on huge pages (docs/decisions/node-memory.md, "Huge pages"): from a
# reserved pool, on transparent huge pages, and the fallback to 4 KiB pages
# with a warning when the pool asked for is too small. The script sets the
# system's huge page settings (root only; skipped otherwise) and restores
# them, so no other test runs meanwhile.
shmem_pe_program(heap_pages SOURCES pe/heap_pages.c)
foreach(kind pool thp short)
  foreach(np 1 2)
    add_test(NAME heap_pages_${kind}_np${np}
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/heap_pages.sh ${kind} ${np}
                     ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                     $<TARGET_FILE:heap_pages>)
    set_tests_properties(heap_pages_${kind}_np${np} PROPERTIES TIMEOUT 120 RUN_SERIAL TRUE
      SKIP_RETURN_CODE 77 LABELS "pe;memory;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
  endforeach()
endforeach()
# Nothing asked, a pool kept but too small: one line for the job says so.
add_test(NAME heap_pages_missed_np2
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/heap_pages.sh missed 2
                 ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2
                 $<TARGET_FILE:heap_pages>)
set_tests_properties(heap_pages_missed_np2 PROPERTIES TIMEOUT 120 RUN_SERIAL TRUE
  SKIP_RETURN_CODE 77 LABELS "pe;memory;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
shmem_pe_test(heap_pages_small PROGRAM heap_pages NP 2 LABELS memory ENV SHMEM_HEAP_PAGES=small
              ARGS small)
# Each PE in a PID namespace of its own, as containers run ranks:
# /proc/<pid>/fd/<fd> names nothing of the peer's there, but the memory
# files' descriptors travel over a Unix socket, so the PEs map each other's
# heap and globals, and a fetch-add to a computing PE completes at once
# (docs/decisions/node-memory.md). MPI's own shared memory fails across PID
# namespaces (plain MPI programs hang in MPI_Finalize in half the runs here
# with MPICH's UCX; Open MPI's shared-memory components crash), so MPI's
# traffic goes over TCP.
shmem_pe_program(pid_namespaces SOURCES pe/pid_namespaces.c)
set(_ns ${CMAKE_CURRENT_LIST_DIR}/../support/pid_namespaces.sh)
set(_ns_env "${SHMEM_TEST_ENV};UCX_TLS=tcp,self;SHMEM_FORCE_INTERNODE=0")
if(SHMEM_MPI_FLAVOR STREQUAL "mpich")
  set(_ns_launch ${MPIEXEC_EXECUTABLE})
  # Over TCP, MPICH 4.0.2 with UCX 1.13 may hang in MPI_Finalize (it hung
  # this test in CI, also under AddressSanitizer): the
  # PEs (not the launcher) run with the shim that skips UCX's disconnect there
  # (cluster/ucx_end_quietly.c, as the Slurm stage does). In a sanitized
  # build the sanitizer's runtime is preloaded ahead of it, as it must come
  # first in the process.
  find_library(SHMEM_UCP_LIBRARY ucp)
  find_path(SHMEM_UCP_INCLUDE_DIR ucp/api/ucp.h)
  if(SHMEM_UCP_LIBRARY AND SHMEM_UCP_INCLUDE_DIR)
    add_library(ucx_end_quietly MODULE ${CMAKE_CURRENT_LIST_DIR}/../cluster/ucx_end_quietly.c)
    target_include_directories(ucx_end_quietly PRIVATE ${SHMEM_UCP_INCLUDE_DIR})
    target_link_libraries(ucx_end_quietly PRIVATE ${SHMEM_UCP_LIBRARY})
    set(_preload $<TARGET_FILE:ucx_end_quietly>)
    if(SHMEM_SANITIZE)
      string(REPLACE "address" "asan" _runtime "${SHMEM_SANITIZE}")
      string(REPLACE "thread" "tsan" _runtime "${_runtime}")
      execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=lib${_runtime}.so
                      OUTPUT_VARIABLE _runtime_path OUTPUT_STRIP_TRAILING_WHITESPACE)
      set(_preload "${_runtime_path}:${_preload}")
    endif()
    list(APPEND _ns_env "TEST_PE_PRELOAD=${_preload}")
  endif()
else()
  set(_ns_launch ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} --mca btl self,tcp --mca osc ucx)
endif()
add_test(NAME heap_pid_namespaces_np2
         COMMAND ${_ns} ${_ns_launch} ${MPIEXEC_NUMPROC_FLAG} 2 ${_ns} --pe
                 $<TARGET_FILE:pid_namespaces>)
set_tests_properties(heap_pid_namespaces_np2 PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77
  LABELS "pe;memory;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${_ns_env}")
# What the heap got is said: SHMEM_INFO prints PE 0's pages once; SOS's
# variable turns huge pages off; a value SHMEM_HEAP_PAGES does not know ends
# the job with the allowed ones.
shmem_output_test(heap_pages_info_np2 PROGRAM heap_pages NP 2 COUNT 1 ARGS any
                  REGEX "^PE 0's symmetric heap: (4 KiB pages|transparent huge pages|2 MiB pages)"
                  ENV SHMEM_INFO=1)
shmem_output_test(heap_pages_sos_off_np2 PROGRAM heap_pages NP 2 COUNT 2 ARGS small
                  REGEX "shmem_init: heap: 4 KiB pages: as SHMEM_HEAP_PAGES or SOS's settings ask"
                  ENV SHMEM_DEBUG=1 SHMEM_SYMMETRIC_HEAP_USE_HUGE_PAGES=0)
shmem_fail_test(err_heap_pages_np2 PROGRAM heap_pages NP 2 ARGS any ENV SHMEM_HEAP_PAGES=giant
                REGEX "SHMEM_HEAP_PAGES='giant' is not valid. Expected: Pages of the symmetric heap: auto")
# A forked child writes its whole heap and tries its peer's mapped heap and
# global: no PE's memory changes (docs/decisions/fork.md), on the node and,
# in the forced run, where MPI's shared memory holds the heap.
shmem_pe_test(fork_heap SOURCES pe/fork_heap.c NP 2 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=32M ASAN_OPTIONS=detect_leaks=0)
