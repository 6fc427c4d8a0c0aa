# find_package(OpenSHMEM) support and the pkg-config file.
include(CMakePackageConfigHelpers)
set(SHMEM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/OpenSHMEM)
install(EXPORT OpenSHMEMTargets NAMESPACE OpenSHMEM:: DESTINATION ${SHMEM_CMAKE_DIR})
# The consumer finds the same MPI: record the compiler by absolute path.
find_program(SHMEM_MPI_C_COMPILER_PATH NAMES ${MPI_C_COMPILER} NO_CACHE)
configure_package_config_file(cmake/OpenSHMEMConfig.cmake.in
  ${PROJECT_BINARY_DIR}/OpenSHMEMConfig.cmake INSTALL_DESTINATION ${SHMEM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/OpenSHMEMConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/OpenSHMEMConfig.cmake
              ${PROJECT_BINARY_DIR}/OpenSHMEMConfigVersion.cmake
        DESTINATION ${SHMEM_CMAKE_DIR})
