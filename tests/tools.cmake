# The installed tools, tested as a user meets them: step "install" runs
# `cmake --install` into a prefix under the build tree, and every other step
# uses only that prefix (oshcc, oshc++/oshCC, oshrun, shmem.pc, the CMake
# package, the exported symbols and their profiling names, and the example
# builds examples/cmake_project and examples/command_line, the wrappers' own
# options (-showme, --version, ...), oshfort, the man
# pages, and the man pages' examples, which make_man writes to the build
# tree's man/examples). See tools/tools_test.sh.
set(tools_fortran 0)
if(SHMEM_FORTRAN)
  set(tools_fortran 1)
endif()
set(tools_f08 0)
if(TARGET shmem_f08)
  set(tools_f08 1)
endif()
set(SHMEM_TOOLS_PREFIX ${CMAKE_CURRENT_BINARY_DIR}/tools-prefix)
string(REPLACE ";" ":" tools_mpi_include_dirs "${MPI_C_INCLUDE_DIRS}")
set(SHMEM_TOOLS_ENV
  TOOLS_BUILD_DIR=${PROJECT_BINARY_DIR}
  TOOLS_PREFIX=${SHMEM_TOOLS_PREFIX}
  TOOLS_LIBDIR=${CMAKE_INSTALL_LIBDIR}
  TOOLS_SOURCE_DIR=${CMAKE_CURRENT_LIST_DIR}/tools
  TOOLS_EXAMPLES_DIR=${PROJECT_SOURCE_DIR}/examples
  TOOLS_MAN_EXAMPLES_DIR=${PROJECT_BINARY_DIR}/man/examples
  TOOLS_MPI_FLAVOR=${SHMEM_MPI_FLAVOR}
  TOOLS_MPI_C_COMPILER=${MPI_C_COMPILER}
  TOOLS_MPI_CXX_COMPILER=${MPI_CXX_COMPILER}
  TOOLS_VERSION=${PROJECT_VERSION}
  TOOLS_MPI_INCLUDE_DIRS=${tools_mpi_include_dirs}
  TOOLS_CMAKE=${CMAKE_COMMAND}
  TOOLS_FORTRAN=${tools_fortran}
  TOOLS_F08=${tools_f08})

# The man pages are the same text whichever MPI the library is built
# with: their checks (the man step, its examples and tools_man_pages) run
# in the MPICH build only, which keeps CI shorter (the examples call the C
# API, which the rest of the suite runs on both MPIs).
foreach(step install oshrun oshcc oshcxx wrappers c99 mpp hybrid pkgconfig command_line cmake exports
    fortran man man_examples)
  if(step MATCHES "^man" AND NOT SHMEM_MPI_FLAVOR STREQUAL "mpich")
    continue()
  endif()
  set(test tools_${step})
  add_test(NAME ${test} COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/tools/tools_test.sh ${step})
  set_tests_properties(${test} PROPERTIES
    LABELS "tools;${SHMEM_MPI_FLAVOR}" TIMEOUT 300
    ENVIRONMENT "${SHMEM_TOOLS_ENV};TOOLS_WORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/tools-work/${step}")
  if(step STREQUAL "install")
    set_tests_properties(${test} PROPERTIES FIXTURES_SETUP shmem_installed)
  else()
    set_tests_properties(${test} PROPERTIES FIXTURES_REQUIRED shmem_installed)
  endif()
endforeach()

# Python programs through shmem4py, built unmodified with the installed
# oshcc (tools_shmem4py_build, which the hybrid Python tests of
# pe/hybrid.cmake use too), its own test suite under oshrun (skipped where
# its source or Python's cffi and numpy are missing). See
# tools/shmem4py_test.sh.
set(SHMEM4PY_WORK_DIR ${CMAKE_CURRENT_BINARY_DIR}/tools-work/shmem4py)
add_test(NAME tools_shmem4py_build COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/tools/shmem4py_test.sh build)
add_test(NAME tools_shmem4py COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/tools/shmem4py_test.sh test)
set_tests_properties(tools_shmem4py_build tools_shmem4py PROPERTIES
  LABELS "tools;python;${SHMEM_MPI_FLAVOR}" TIMEOUT 600 SKIP_RETURN_CODE 77
  ENVIRONMENT "${SHMEM_TOOLS_ENV};TOOLS_WORK_DIR=${SHMEM4PY_WORK_DIR}")
set_tests_properties(tools_shmem4py_build PROPERTIES
  FIXTURES_REQUIRED shmem_installed FIXTURES_SETUP shmem4py_built)
set_tests_properties(tools_shmem4py PROPERTIES FIXTURES_REQUIRED "shmem_installed;shmem4py_built")

# The man pages as a reader meets them: the tools' section-1 pages and
# intro_shmem(3) installed, every page rendering without warnings, the
# environment variables of intro_shmem(3) those of src/base/config.hpp, and
# the synopses short enough. See tools/man_test.sh.
if(SHMEM_MPI_FLAVOR STREQUAL "mpich")
  add_test(NAME tools_man_pages COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/tools/man_test.sh)
  set_tests_properties(tools_man_pages PROPERTIES
    LABELS "tools;${SHMEM_MPI_FLAVOR}" TIMEOUT 300
    FIXTURES_REQUIRED shmem_installed
    ENVIRONMENT "${SHMEM_TOOLS_ENV};TOOLS_WORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/tools-work/man_pages")
endif()
