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
