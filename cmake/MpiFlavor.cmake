# Which MPI the build uses decides the launcher options (Open MPI needs
# --oversubscribe for more ranks than cores and refuses root without
# --allow-run-as-root) and the PE counts the tests run at.
if(NOT MPIEXEC_EXECUTABLE)
  message(FATAL_ERROR "FindMPI found no mpiexec; set MPIEXEC_EXECUTABLE")
endif()
execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version
                OUTPUT_VARIABLE _mpiexec_version ERROR_VARIABLE _mpiexec_version)
if(_mpiexec_version MATCHES "Open MPI|OpenRTE")
  set(SHMEM_MPI_FLAVOR openmpi)
  set(SHMEM_MPIEXEC_OPTIONS --oversubscribe)
  set(SHMEM_ROOT_OPTION --allow-run-as-root)
else()
  set(SHMEM_MPI_FLAVOR mpich)
  set(SHMEM_MPIEXEC_OPTIONS)
  set(SHMEM_ROOT_OPTION)
endif()
message(STATUS "MPI flavour: ${SHMEM_MPI_FLAVOR} (${MPIEXEC_EXECUTABLE})")
