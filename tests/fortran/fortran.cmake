# Multi-PE tests of the Fortran binding (OpenSHMEM 1.3, src/fortran), run
# at 1, 2 and 4 PEs like the C ones (label fortran). Each program checks its
# own results on every PE and ends with ERROR STOP 1 if any check failed.
# Included by tests/CMakeLists.txt when a Fortran compiler is found.
set(_f ${CMAKE_CURRENT_LIST_DIR})

# The checks every program uses (module f_check), built once.
add_library(shmem_f_check STATIC ${_f}/f_check.f90)
set_target_properties(shmem_f_check PROPERTIES
  Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/f_check_mod)
target_include_directories(shmem_f_check PUBLIC ${CMAKE_CURRENT_BINARY_DIR}/f_check_mod)

set(_f_tests "")
# shmem_f_test(NAME [NP n...] [TIMEOUT s] ...): tests/fortran/NAME.f90 (or
# the SOURCES given) as shmem_pe_test NAME, with the checks and label.
function(shmem_f_test name)
  cmake_parse_arguments(T "" "" "SOURCES" ${ARGN})
  if(NOT T_SOURCES)
    set(T_SOURCES fortran/${name}.f90)
  endif()
  shmem_pe_test(${name} SOURCES ${T_SOURCES} LINK shmem_f_check LABELS fortran
                ${T_UNPARSED_ARGUMENTS})
  set(_f_tests ${_f_tests} ${name} PARENT_SCOPE)
endfunction()

# Setup and query: SHMEM_INIT, SHMEM_MY_PE/N_PES, MY_PE/NUM_PES, the
# accessibility queries, SHMEM_PTR, version and name, cache routines.
shmem_f_test(f_setup NP 1 2 4 TIMEOUT 60)
# Contiguous RMA: every typed, sized and mem PUT/GET, blocking and _NBI.
shmem_f_test(f_rma NP 1 2 4 TIMEOUT 120)
# Strided RMA: every IPUT/IGET, strides in both arrays, gaps untouched.
shmem_f_test(f_strided NP 1 2 4 TIMEOUT 120)
# Atomics: every AMO of every kind, on the neighbour and self, and
# concurrently from all PEs (counters, FINC permutation, CSWAP race).
shmem_f_test(f_amo NP 1 2 4 TIMEOUT 120)
# Waits: a token round the ring with every wait routine and kind, FENCE or
# QUIET before the flag; every SHMEM_CMP_*; a PUT + WAIT_UNTIL ping-pong.
shmem_f_test(f_wait NP 1 2 4 TIMEOUT 120)
# Locks: counters updated by GET + PUT under SET_LOCK, nested locks,
# TEST_LOCK loops and answers; 4-byte lock words side by side.
shmem_f_test(f_lock NP 1 2 4 TIMEOUT 120)
# Collectives on active sets (all PEs; even and odd PEs): BARRIER,
# BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS in every size.
shmem_f_test(f_coll NP 1 2 4 TIMEOUT 120)
# Reductions: all 30 *_TO_ALL routines, nreduce 1 and 7, in place, over all
# PEs and over the even and odd PEs at once; REAL16 keeps 2**-100.
shmem_f_test(f_reduce NP 1 2 4 TIMEOUT 120)
# f_reduce's procedures of each type, F_k, R_k and REDUCE_k, come from one
# template, fortran/f_reduce_type.f90.in, filled in for each row of this
# table: the routines' part of the name (SHMEM_<K>_SUM_TO_ALL), the Fortran
# type, the value dest holds where a reduction must not write, the first
# operation (IAND_: all seven, MAX_: MAX, MIN, SUM, PROD; SUM_: SUM, PROD).
set(_f_reduce_types
  "INT4|integer*4|-999|IAND_"
  "INT8|integer*8|-999_8|IAND_"
  "REAL4|real*4|-999.0|MAX_"
  "REAL8|real*8|-999.0d0|MAX_"
  "REAL16|real*16|-999.0_16|MAX_"
  "COMP4|complex*8|(-999.0, -999.0)|SUM_"
  "COMP8|complex*16|(-999.0d0, -999.0d0)|SUM_")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_f}/f_reduce_type.f90.in)
file(READ ${_f}/f_reduce_type.f90.in _tmpl)
string(FIND "${_tmpl}" "\n\n" _at) # the template's header comment stays out
math(EXPR _at "${_at} + 2")
string(SUBSTRING "${_tmpl}" ${_at} -1 _tmpl)
set(_code "! Made by tests/fortran/fortran.cmake from f_reduce_type.f90.in.\n\n")
foreach(_row ${_f_reduce_types})
  string(REPLACE "|" ";" _row "${_row}")
  list(GET _row 0 K)
  list(GET _row 1 T)
  list(GET _row 2 SENT)
  list(GET _row 3 FIRST)
  string(TOLOWER ${K} k)
  # A line tagged with an empty tag stays, with "!" it becomes a comment.
  set(BITS "!")
  set(ORDER "")
  set(TINY "!")
  if(FIRST STREQUAL "IAND_")
    set(BITS "")
  elseif(FIRST STREQUAL "SUM_")
    set(ORDER "!")
  endif()
  if(K STREQUAL "REAL16")
    set(TINY "")
  endif()
  string(CONFIGURE "${_tmpl}" _one @ONLY)
  string(APPEND _code "${_one}")
endforeach()
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/f_reduce_inc/f_reduce_types.inc
     CONTENT "${_code}" @ONLY)
target_include_directories(f_reduce PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/f_reduce_inc)
# The heap: SHPALLOC, SHPCLMOVE (data kept, status vs address, symmetric
# after a move), SHPDEALLC, every error code with abort = 0.
shmem_f_test(f_memory NP 1 2 4 TIMEOUT 120)
# Static data as targets: named, blank and BLOCK DATA COMMON, SAVE (main,
# external subroutine, module procedure), module variables, a 4 MiB array;
# initial values kept across SHMEM_INIT.
shmem_f_test(f_symmetric NP 1 2 4 TIMEOUT 120)
# shmem_long.fh: a program under IMPLICIT NONE uses the results of the
# functions (INTEGER, INTEGER*8, REAL*8, LOGICAL, ...) without declaring them.
shmem_f_test(f_long_header NP 1 2 4 TIMEOUT 60)
# A fixed-form program of the 1.3 era: INCLUDE 'mpp/shmem.fh', START_PES,
# MY_PE/NUM_PES, implicit typing, COMMON, Cray pointers; the spec's examples.
shmem_f_test(f_legacy SOURCES fortran/f_legacy.f NP 1 2 4 TIMEOUT 60)

# The Fortran 2008 module (use shmem, src/fortran/make_f08.cpp), built with
# gfortran only: RMA, signals, contexts, AMOs, waits, a lock and the heap;
# teams, reductions and the other collectives.
if(TARGET shmem_f08)
  shmem_f_test(f08_rma NP 1 2 4 TIMEOUT 120)
  shmem_f_test(f08_coll NP 1 2 4 TIMEOUT 120)
  set_source_files_properties(fortran/f08_rma.f90 fortran/f08_coll.f90 PROPERTIES
    OBJECT_DEPENDS ${SHMEM_F08_MOD})
endif()

# Mistakes: the job ends with a non-zero status and a message that names
# the Fortran routine (upper case) as the program called it.
shmem_pe_program(f_errors SOURCES fortran/f_errors.f90)
list(APPEND _f_tests f_errors)
function(shmem_f_error mode regex)
  shmem_fail_test(f_error_${mode} PROGRAM f_errors NP 2 ARGS ${mode} REGEX "${regex}")
  set_property(TEST f_error_${mode} APPEND PROPERTY LABELS fortran)
endfunction()
shmem_f_error(put_pe "SHMEM_INTEGER_PUT: argument pe = 2 is out of range")
shmem_f_error(shpalloc_abort "SHPALLOC: error -1: argument length is not greater than 0")
shmem_f_error(nelems "SHMEM_INTEGER_PUT: argument nelems = -1 is negative")
shmem_f_error(shpdeallc_abort "SHPDEALLC: error -3: argument addr is outside the symmetric heap")
shmem_f_error(shpclmove_abort "SHPCLMOVE: error -4: argument addr is not a block allocated by SHPALLOC")
shmem_f_error(amo_pe "SHMEM_INT8_FADD: argument pe = -1 is out of range")
shmem_f_error(nreduce "SHMEM_INT4_SUM_TO_ALL: argument nreduce = -2 is negative")
shmem_f_error(bcast_root "SHMEM_BROADCAST4 \\(in shmem_broadcast32\\): argument PE_root = 2 is out of range")
shmem_f_error(active_set "SHMEM_BARRIER: argument PE_size = 3 is out of range")
shmem_f_error(wait_cmp "SHMEM_WAIT_UNTIL .*argument cmp = 99 is not a comparison")
shmem_f_error(lock_private "SHMEM_SET_LOCK: argument lock = .* is a local variable \\(on the stack\\), not a symmetric address")
shmem_f_error(global_exit "PE 1 calls SHMEM_GLOBAL_EXIT\\(3\\)")

# Quiet what is meant: exact comparisons of reals, shmem.fh's constants and
# SHMEM_PTR declaration unused by most programs, the spec's pWrk size
# MAX(NREDUCE/2+1, ...) and its POINTER (ADDR, A(1)) pointees indexed past 1.
# (The argument mismatch warnings of the 1.3 choice arguments remain.)
foreach(t ${_f_tests} shmem_f_check)
  target_compile_options(${t} PRIVATE $<$<COMPILE_LANGUAGE:Fortran>:-Wno-compare-reals
    -Wno-unused-parameter -Wno-unused-variable -Wno-integer-division -Wno-do-subscript>)
endforeach()
