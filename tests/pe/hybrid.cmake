# Hybrid programs where code the library does not see calls MPI while the
# library's progress thread runs (forced inter-node mode, or on a node with
# SHMEM_NODE_GLOBALS=off): a plugin dlopen()ed after shmem_init, MPI linked
# before the library and started by the program at MPI_THREAD_SERIALIZED,
# SHMEM_PROGRESS=thread with a linked library that calls MPI, and Python's
# shmem4py with mpi4py in both import orders. Below MPI_THREAD_MULTIPLE the
# thread's MPI calls may not run besides theirs: every job runs with the
# race detector preloaded (SHMEM_OVERLAP_WRAP, support/mpi_overlap.c; not
# in sanitized builds),
# which makes a PE whose MPI calls overlapped exit with status 86 where MPI
# does not crash first (UCX: "ucp_worker.c:2781 Assertion
# `worker->inprogress++ == 0' failed"). Label hybrid. Included by
# tests/CMakeLists.txt.
#
# Progress to a computing PE (hybrid.h, hybrid_python.py) is checked where
# the plan promises it, HYBRID_EXPECT_PROGRESS=1: a fetch-add to a PE that
# calls neither the library nor MPI for 1 s completes within 0.1 s. Per
# docs/decisions/progress.md as the progress rules are being changed:
# - a thread at MPI_THREAD_MULTIPLE where the library started MPI and
#   cannot prove it sees every MPI call: promised (hybrid_linked under
#   SHMEM_PROGRESS=thread and under auto, whose scan finds the library);
# - the program started MPI below MPI_THREAD_MULTIPLE: no thread, not
#   promised (hybrid_mpi_first, Python mpi-first at serialized);
# - an MPI caller loaded after start-up (the plugin; mpi4py imported after
#   shmem4py): the thread stops calling MPI for good, not promised;
# - the program started MPI at MPI_THREAD_MULTIPLE: the thread runs besides
#   its calls, promised (Python mpi-first at multiple, mpi4py's default).
# Where not promised, the time is printed only. tests/cluster/hybrid_cluster.sh
# runs the same programs across 2 emulated hosts.
set(_pe ${CMAKE_CURRENT_LIST_DIR})
set(_support ${CMAKE_CURRENT_LIST_DIR}/../support)
# Rounds, the progress check and start-up take 2-4 s a job; the time limits
# are for a crashed PE whose partner waits. SHMEM_DEBUG=1: each PE prints
# the progress plan.
set(_hybrid_env SHMEM_DEBUG=1)

# The detector's own test: two threads calling MPI at once at
# MPI_THREAD_SERIALIZED are reported (status 86), taking turns they are
# not, and at MPI_THREAD_MULTIPLE nothing is counted.
if(NOT SHMEM_SANITIZE)
  add_executable(mpi_overlap_check ${_support}/mpi_overlap_check.c)
  target_link_libraries(mpi_overlap_check PRIVATE MPI::MPI_C ${CMAKE_DL_LIBS})
  target_compile_options(mpi_overlap_check PRIVATE -Wall -Wextra)
  set(_launch ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 1
              ${SHMEM_OVERLAP_WRAP} $<TARGET_FILE:mpi_overlap_check>)
  add_test(NAME mpi_overlap_check_overlap
           COMMAND ${_support}/expect_status.sh 86
                   "mpi_overlap: rank 0, pid [0-9]+: [1-9][0-9]* overlaps in [0-9]+ calls at MPI_THREAD_SERIALIZED. first: MPI_[A-Za-z]+ \\(thread [12]\\) began while"
                   ${_launch} overlap)
  foreach(mode turns multiple)
    add_test(NAME mpi_overlap_check_${mode}
             COMMAND ${_support}/expect_output.sh 1 "mpi_overlap: rank 0, pid [0-9]+: 0 overlaps"
                     ${_launch} ${mode})
  endforeach()
  set_tests_properties(mpi_overlap_check_overlap mpi_overlap_check_turns mpi_overlap_check_multiple
    PROPERTIES TIMEOUT 30 LABELS "hybrid;${SHMEM_MPI_FLAVOR}" ENVIRONMENT "${SHMEM_TEST_ENV}")
endif()

# The MPI half: a plugin, a linked library, or part of the program.
add_library(hybrid_mpi_calls SHARED ${_pe}/hybrid_mpi_calls.c)
target_link_libraries(hybrid_mpi_calls PRIVATE MPI::MPI_C)
target_compile_options(hybrid_mpi_calls PRIVATE -Wall -Wextra)

# a. A pure OpenSHMEM program that dlopen()s the plugin after shmem_init.
shmem_pe_program(hybrid_plugin SOURCES ${_pe}/hybrid_plugin.c LINK ${CMAKE_DL_LIBS})
add_dependencies(hybrid_plugin hybrid_mpi_calls)
shmem_pe_test(hybrid_plugin_forced PROGRAM hybrid_plugin NP 2 TIMEOUT 60 LABELS hybrid
              ARGS $<TARGET_FILE:hybrid_mpi_calls> WRAP ${SHMEM_OVERLAP_WRAP}
              ENV ${_hybrid_env} SHMEM_FORCE_INTERNODE=1 HYBRID_EXPECT_PROGRESS=0)
shmem_pe_test(hybrid_plugin_private_globals PROGRAM hybrid_plugin NP 2 TIMEOUT 60 LABELS hybrid
              ARGS $<TARGET_FILE:hybrid_mpi_calls> WRAP ${SHMEM_OVERLAP_WRAP}
              ENV ${_hybrid_env} SHMEM_FORCE_INTERNODE=0 SHMEM_NODE_GLOBALS=off
                  HYBRID_EXPECT_PROGRESS=0)

# a'. The same, but the plugin hands over its routine from its constructor,
# so the program names no dlsym: the thread takes turns with the library's
# MPI calls until the plugin comes in, and stops for good then (each PE's
# SHMEM_DEBUG line says so) without a race.
add_library(hybrid_mpi_plugin SHARED ${_pe}/hybrid_mpi_calls.c ${_pe}/hybrid_register.c)
target_link_libraries(hybrid_mpi_plugin PRIVATE MPI::MPI_C)
target_compile_options(hybrid_mpi_plugin PRIVATE -Wall -Wextra)
shmem_pe_program(hybrid_registered SOURCES ${_pe}/hybrid_plugin.c LINK ${CMAKE_DL_LIBS})
target_compile_definitions(hybrid_registered PRIVATE HYBRID_REGISTERED)
set_target_properties(hybrid_registered PROPERTIES ENABLE_EXPORTS ON)
add_dependencies(hybrid_registered hybrid_mpi_plugin)
add_test(NAME hybrid_registered_forced_np2
         COMMAND ${_support}/expect_output.sh 2
                 "progress: the thread stops calling MPI for good: .*hybrid_mpi_plugin.so refers to MPI_"
                 ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2
                 ${SHMEM_OVERLAP_WRAP} $<TARGET_FILE:hybrid_registered>
                 $<TARGET_FILE:hybrid_mpi_plugin>)
set_tests_properties(hybrid_registered_forced_np2 PROPERTIES TIMEOUT 60
  LABELS "hybrid;${SHMEM_MPI_FLAVOR}"
  ENVIRONMENT "${SHMEM_TEST_ENV};${_hybrid_env};SHMEM_DEBUG=1;SHMEM_FORCE_INTERNODE=1;HYBRID_EXPECT_PROGRESS=0")

# c. The same program linked with the library that calls MPI, which the
# plan's scan finds under auto (a thread at MPI_THREAD_MULTIPLE: passes
# today) but not under SHMEM_PROGRESS=thread.
shmem_pe_program(hybrid_linked SOURCES ${_pe}/hybrid_plugin.c LINK hybrid_mpi_calls)
target_compile_definitions(hybrid_linked PRIVATE HYBRID_LINKED)
shmem_pe_test(hybrid_linked_thread PROGRAM hybrid_linked NP 2 TIMEOUT 60 LABELS hybrid
              WRAP ${SHMEM_OVERLAP_WRAP}
              ENV ${_hybrid_env} SHMEM_FORCE_INTERNODE=1 SHMEM_PROGRESS=thread
                  HYBRID_EXPECT_PROGRESS=1)
shmem_pe_test(hybrid_linked_auto PROGRAM hybrid_linked NP 2 TIMEOUT 60 LABELS hybrid
              WRAP ${SHMEM_OVERLAP_WRAP}
              ENV ${_hybrid_env} SHMEM_FORCE_INTERNODE=1 HYBRID_EXPECT_PROGRESS=1)

# b. MPI_Init_thread(MPI_THREAD_SERIALIZED) by the program, linked with MPI
# before the library (`mpicc x.c -lmpi -lshmem`), then shmem_init. (Open
# MPI's components are chosen as the library would, OMPI_MCA_osc=ucx: the
# program's MPI_Init_thread does not pass through the library.)
add_executable(hybrid_mpi_first ${_pe}/hybrid_mpi_first.c ${_pe}/hybrid_mpi_calls.c)
target_link_libraries(hybrid_mpi_first PRIVATE MPI::MPI_C shmem)
# CMake would put MPI after the library, which depends on it: MPI's library
# goes first as a link option (before the objects, so kept with
# --no-as-needed), and is the first the executable needs.
target_link_options(hybrid_mpi_first PRIVATE LINKER:--no-as-needed ${MPI_C_LIBRARIES})
target_include_directories(hybrid_mpi_first PRIVATE ${_pe})
target_compile_options(hybrid_mpi_first PRIVATE -Wall -Wextra)
shmem_pe_test(hybrid_mpi_first PROGRAM hybrid_mpi_first NP 2 TIMEOUT 60 LABELS hybrid
              WRAP ${SHMEM_OVERLAP_WRAP}
              ENV ${_hybrid_env} SHMEM_FORCE_INTERNODE=1 OMPI_MCA_osc=ucx
                  HYBRID_EXPECT_PROGRESS=0)

# d. Python: shmem4py (built against the installed library by the test
# tools_shmem4py_build, tools.cmake) and Debian's mpi4py, which is built on
# Open MPI, at 2 PEs in forced inter-node mode under the installed oshrun.
# Skipped where python3-mpi4py or shmem4py's prerequisites are missing.
if(SHMEM_MPI_FLAVOR STREQUAL "openmpi")
  foreach(case "shmem_first;0;shmem-first" "mpi_first_serialized;0;mpi-first;serialized"
               "mpi_first_multiple;1;mpi-first;multiple")
    list(GET case 0 name)
    list(GET case 1 progress)
    list(SUBLIST case 2 -1 args)
    set(test hybrid_python_${name}_np2)
    add_test(NAME ${test}
             COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/../tools/hybrid_python_test.sh
                     ${SHMEM_OVERLAP_LIB} ${_pe}/hybrid_python.py ${args})
    set_tests_properties(${test} PROPERTIES
      LABELS "hybrid;python;${SHMEM_MPI_FLAVOR}" TIMEOUT 60 SKIP_RETURN_CODE 77
      FIXTURES_REQUIRED "shmem_installed;shmem4py_built"
      ENVIRONMENT "${SHMEM_TOOLS_ENV};TOOLS_WORK_DIR=${SHMEM4PY_WORK_DIR};SHMEM_DEBUG=1;SHMEM_FORCE_INTERNODE=1;HYBRID_EXPECT_PROGRESS=${progress}")
  endforeach()
endif()
