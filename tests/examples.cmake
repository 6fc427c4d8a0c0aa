# The examples as smoke tests: each checks its own result. Registered as
# example_NAME_npN (Open MPI: 1, 2 and 4 PEs; MPICH: 1 and 2).
foreach(example hello ring heat pi ring_f ring_f08)
  if(NOT TARGET ${example}) # SHMEM_BUILD_EXAMPLES=OFF
    continue()
  endif()
  foreach(np 1 2 4)
    if(SHMEM_MPI_FLAVOR STREQUAL "mpich" AND np GREATER 2)
      continue()
    endif()
    set(test example_${example}_np${np})
    add_test(NAME ${test}
             COMMAND ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} ${np}
                     $<TARGET_FILE:${example}>)
    set_tests_properties(${test} PROPERTIES TIMEOUT 120
      LABELS "pe;examples;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
  endforeach()
endforeach()
