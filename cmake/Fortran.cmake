# The Fortran binding of OpenSHMEM 1.3 (src/fortran). The library always
# carries the Fortran-callable routines (they are C++); shmem.fh is
# generated from shmem.h and src/fortran/table.hpp at build time and
# installed as include/shmem.fh and include/mpp/shmem.fh, with
# include/shmem_long.fh, which declares every function's type, and that long
# form again as shmem.fh and mpp/shmem.fh in include/shmem/long-header, the
# directory that oshfort --long-header puts first on the include path (for
# programs that include shmem.fh and declare no function). Where a Fortran
# compiler is found (SHMEM_FORTRAN), oshfort is installed and the Fortran
# tests are built; with gfortran, the Fortran 2008 module too (`use shmem`):
# shmem.f90, printed by make_f08, compiled for its shmem.mod only and both
# installed beside shmem.fh, where oshfort's -I and the CMake package's
# include directory find them.
include(CheckLanguage)
check_language(Fortran)
if(CMAKE_Fortran_COMPILER)
  enable_language(Fortran)
endif()
include(CMakeDependentOption)
cmake_dependent_option(SHMEM_FORTRAN "Build oshfort and the Fortran tests" ON
                       "CMAKE_Fortran_COMPILER" OFF)

add_executable(shmem_make_fh src/fortran/make_fh.cpp)
target_include_directories(shmem_make_fh PRIVATE ${PROJECT_SOURCE_DIR}/include
                           ${PROJECT_SOURCE_DIR}/src)
set(SHMEM_FH_DIR ${PROJECT_BINARY_DIR}/include)
# The long header's directory, relative to the include directory (oshfort's
# template uses it too).
set(SHMEM_FH_LONG_SUBDIR shmem/long-header)
set(fh_long_dir ${SHMEM_FH_DIR}/${SHMEM_FH_LONG_SUBDIR})
set(SHMEM_FH_FILES ${SHMEM_FH_DIR}/shmem.fh ${SHMEM_FH_DIR}/mpp/shmem.fh
    ${SHMEM_FH_DIR}/shmem_long.fh ${fh_long_dir}/shmem.fh ${fh_long_dir}/mpp/shmem.fh)
add_custom_command(OUTPUT ${SHMEM_FH_FILES}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${SHMEM_FH_DIR}/mpp ${fh_long_dir}/mpp
  COMMAND shmem_make_fh > ${SHMEM_FH_DIR}/shmem.fh
  COMMAND ${CMAKE_COMMAND} -E copy ${SHMEM_FH_DIR}/shmem.fh ${SHMEM_FH_DIR}/mpp/shmem.fh
  COMMAND shmem_make_fh long > ${SHMEM_FH_DIR}/shmem_long.fh
  COMMAND shmem_make_fh long-header > ${fh_long_dir}/shmem.fh
  COMMAND ${CMAKE_COMMAND} -E copy ${fh_long_dir}/shmem.fh ${fh_long_dir}/mpp/shmem.fh
  DEPENDS shmem_make_fh
  COMMENT "Generating shmem.fh, shmem_long.fh and the long header's shmem.fh")
add_custom_target(shmem_fh ALL DEPENDS ${SHMEM_FH_FILES})
add_dependencies(shmem shmem_fh)
target_include_directories(shmem PUBLIC $<BUILD_INTERFACE:${SHMEM_FH_DIR}>)
install(FILES ${SHMEM_FH_DIR}/shmem.fh ${SHMEM_FH_DIR}/shmem_long.fh
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${SHMEM_FH_DIR}/mpp/shmem.fh DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mpp)
install(FILES ${fh_long_dir}/shmem.fh
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${SHMEM_FH_LONG_SUBDIR})
install(FILES ${fh_long_dir}/mpp/shmem.fh
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${SHMEM_FH_LONG_SUBDIR}/mpp)

if(SHMEM_FORTRAN AND CMAKE_Fortran_COMPILER_ID STREQUAL "GNU")
  add_executable(shmem_make_f08 src/fortran/make_f08.cpp)
  target_include_directories(shmem_make_f08 PRIVATE ${PROJECT_SOURCE_DIR}/include)
  # Sources that use the module list it in OBJECT_DEPENDS: CMake's scanner
  # takes a module no target builds for one from outside.
  set(SHMEM_F08_MOD ${SHMEM_FH_DIR}/shmem.mod)
  set(f08_files ${SHMEM_FH_DIR}/shmem.f90 ${SHMEM_F08_MOD})
  # -fsyntax-only writes the .mod and no object: the module holds no code.
  add_custom_command(OUTPUT ${f08_files}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${SHMEM_FH_DIR}
    COMMAND shmem_make_f08 > ${SHMEM_FH_DIR}/shmem.f90
    COMMAND ${CMAKE_Fortran_COMPILER} -fsyntax-only -J ${SHMEM_FH_DIR} ${SHMEM_FH_DIR}/shmem.f90
    DEPENDS shmem_make_f08
    COMMENT "Generating the Fortran 2008 module shmem (shmem.f90, shmem.mod)")
  add_custom_target(shmem_f08 ALL DEPENDS ${f08_files})
  add_dependencies(shmem shmem_f08)
  install(FILES ${f08_files} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()

# What Fortran programs of the 1.3 era need from gfortran: Cray pointers
# (SHPALLOC, SHMEM_PTR), and one routine called with arrays of different
# types in one file (SHMEM_PUT8 on INTEGER*8 and on REAL*8 data), which
# gfortran 10 and later refuse unless told. oshfort passes the same.
set(SHMEM_FORTRAN_FLAGS "")
if(CMAKE_Fortran_COMPILER_ID STREQUAL "GNU")
  list(APPEND SHMEM_FORTRAN_FLAGS -fcray-pointer)
  if(CMAKE_Fortran_COMPILER_VERSION VERSION_GREATER_EQUAL 10)
    list(APPEND SHMEM_FORTRAN_FLAGS -fallow-argument-mismatch)
  endif()
endif()
foreach(lib shmem shmem_static)
  target_compile_options(${lib} INTERFACE
    "$<$<COMPILE_LANG_AND_ID:Fortran,GNU>:${SHMEM_FORTRAN_FLAGS}>")
endforeach()
