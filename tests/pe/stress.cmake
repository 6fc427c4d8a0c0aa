# Robustness: a randomized stress test checked against a model,
# and jobs where one PE dies or exits while the others wait: the job must
# end with a non-zero status instead of hanging. Included by
# tests/CMakeLists.txt.
set(_pe ${CMAKE_CURRENT_LIST_DIR})

shmem_pe_test(stress_random SOURCES ${_pe}/stress_random.c NP 1 2 4 TIMEOUT 120 LABELS stress)

# fault_program(NAME): one program per fault, run at 2 PEs.
function(fault_program name)
  add_executable(${name} ${_pe}/${name}.c)
  target_link_libraries(${name} PRIVATE shmem)
  target_compile_options(${name} PRIVATE -Wall -Wextra)
endfunction()

fault_program(fault_abort)
shmem_fail_test(fault_abort_np2 PROGRAM fault_abort NP 2 TIMEOUT 60
                REGEX "fault_abort: PE 1 calls abort\\(\\)")
fault_program(fault_segv)
shmem_fail_test(fault_segv_np2 PROGRAM fault_segv NP 2 TIMEOUT 60
                REGEX "fault_segv: PE 1 writes through a null pointer")
fault_program(fault_global_exit)
shmem_fail_test(fault_global_exit_np2 PROGRAM fault_global_exit NP 2 TIMEOUT 60
                REGEX "PE 1 calls shmem_global_exit\\(3\\)")
# The status given to shmem_global_exit is the job's status.
add_test(NAME fault_global_exit_status_np2
         COMMAND sh -c "\"$@\" >/dev/null 2>&1; status=$?; echo \"status $status\"; test $status -eq 3"
                 sh ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2
                 $<TARGET_FILE:fault_global_exit>)
set_tests_properties(fault_global_exit_status_np2 PROPERTIES TIMEOUT 60
  LABELS "pe;errors;stress;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
fault_program(fault_kill)
shmem_fail_test(fault_kill_np2 PROGRAM fault_kill NP 2 TIMEOUT 60
                REGEX "fault_kill: PE 1 kills itself")
# Nothing left in /dev/shm after a normal end, an abort, a crash, a killed
# PE and shmem_global_exit (the PEs of a node share their global variables
# through memory files that have no name).
foreach(prog statics_shared fault_abort fault_segv fault_kill fault_global_exit)
  add_test(NAME shm_unchanged_${prog}_np2
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/shm_unchanged.sh ${MPIEXEC_EXECUTABLE}
                   ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2 $<TARGET_FILE:${prog}>)
  set_tests_properties(shm_unchanged_${prog}_np2 PROPERTIES TIMEOUT 60
    LABELS "pe;stress;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endforeach()

# A PE that ends without shmem_finalize (docs/decisions/end-of-job.md)
# while the others are in WHERE: with a non-zero status the job ends
# with it at once; with 0 it ends with status 1 once the others are blocked
# and have confirmed that they still wait (after SHMEM_DEADLOCK_TIMEOUT, 2 s,
# at least), except where they can go on (gets from
# the PE that ended, or computing): then with 0. Each run is checked for its
# status, its message, its time (the PE ends after 1 s; the job must end
# within 20 s, which leaves room for a crowded machine) and /dev/shm.
fault_program(fault_exit)
# exit_test(WHERE STATUS EXPECTED REGEX NP...)
function(exit_test where status expected regex)
  foreach(np ${ARGN})
    if(SHMEM_MPI_FLAVOR STREQUAL "mpich" AND np GREATER 2)
      continue()
    endif()
    math(EXPR last "${np} - 1")
    string(REPLACE "LAST" "${last}" match "${regex}")
    set(test fault_exit_${where}_${status}_np${np})
    add_test(NAME ${test}
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/shm_unchanged.sh --status ${expected}
                     --within 20 --match "${match}" ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS}
                     ${MPIEXEC_NUMPROC_FLAG} ${np} $<TARGET_FILE:fault_exit> ${where} ${status})
    set_tests_properties(${test} PROPERTIES TIMEOUT 40
      LABELS "pe;stress;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
  endforeach()
endfunction()
set(_stuck "the job cannot end: blocked in OpenSHMEM routines that wait for other PEs: PE 0.*; ended without calling shmem_finalize: PE LAST \\(status 0\\)")
foreach(where barrier wait coll lock get)
  exit_test(${where} 3 3 "PE LAST ended with status 3 without calling shmem_finalize" 2)
endforeach()
foreach(where barrier wait coll lock)
  exit_test(${where} 0 1 "${_stuck}" 2)
endforeach()
exit_test(barrier 0 1 "${_stuck}" 4)
exit_test(coll 0 1 "${_stuck}" 4)
exit_test(get 0 0 "PE 0 got the right data" 2)
exit_test(compute 0 0 "PE 0 finalized" 2 4)

# Correct jobs on a starved machine (docs/decisions/end-of-job.md):
# one busy loop per CPU, more PEs than CPUs, a last PE that calls
# shmem_finalize while the others still wait for what it put, and a
# SHMEM_DEADLOCK_TIMEOUT of 1 s. With `freeze`, PE 0 gets no CPU at all for
# 3 s in a wait that is already satisfied. The job must end with status 0:
# elapsed time proves nothing; only the blocked PEs' own confirmations do.
fault_program(end_starved)
# starved_test(NP ARGS...)
function(starved_test np)
  if(SHMEM_MPI_FLAVOR STREQUAL "mpich" AND np GREATER 2)
    return()
  endif()
  string(REPLACE ";" "_" suffix "${ARGN}")
  set(test end_starved_${suffix}_np${np})
  add_test(NAME ${test}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/../support/with_hog.sh
                   ${CMAKE_CURRENT_LIST_DIR}/../support/shm_unchanged.sh --status 0 --within 60
                   --match "end_starved: PE 0 finished" ${MPIEXEC_EXECUTABLE}
                   ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                   $<TARGET_FILE:end_starved> ${ARGN})
  set_tests_properties(${test} PROPERTIES TIMEOUT 120
    LABELS "pe;stress;${SHMEM_MPI_FLAVOR}"
    ENVIRONMENT "${SHMEM_TEST_ENV};SHMEM_DEADLOCK_TIMEOUT=1")
endfunction()
starved_test(2 50)
starved_test(8 20)
starved_test(2 5 freeze)
starved_test(8 5 freeze)
