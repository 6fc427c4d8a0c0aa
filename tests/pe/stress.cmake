# Robustness (issue 7): a randomized stress test checked against a model,
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
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/../shm_unchanged.sh ${MPIEXEC_EXECUTABLE}
                   ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2 $<TARGET_FILE:${prog}>)
  set_tests_properties(shm_unchanged_${prog}_np2 PROPERTIES TIMEOUT 60
    LABELS "pe;stress;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endforeach()
