# Multi-PE tests of teams (section 9.4) and collectives (section 9.9).
# Included by tests/CMakeLists.txt. 3 PEs give teams of non-power-of-two
# size; MPICH runs only 1 and 2 (see shmem_pe_test).
set(_coll_np 1 2 3 4)

shmem_pe_test(coll_data SOURCES pe/coll_data.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
shmem_pe_test(coll_reduce SOURCES pe/coll_reduce.c NP ${_coll_np} TIMEOUT 300 LABELS coll)
# Shared-memory collectives (heap) against MPI ones (static data), large and
# in place, and more teams than flag slots.
shmem_pe_test(coll_node SOURCES pe/coll_node.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
# Broadcast in place (dest == source): team, mem and active-set forms.
shmem_pe_test(coll_inplace SOURCES pe/coll_inplace.c NP ${_coll_np} TIMEOUT 120 LABELS coll)
shmem_pe_test(coll_aset SOURCES pe/coll_aset.c NP ${_coll_np} TIMEOUT 300 LABELS coll)
target_compile_options(coll_aset PRIVATE -Wno-deprecated-declarations)
shmem_pe_test(team_split SOURCES pe/team_split.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
# Negative strides: numbering, contexts, and every collective on a team
# destroyed right after it while the other members arrive late.
shmem_pe_test(team_negative SOURCES pe/team_negative.c NP 2 3 4 TIMEOUT 120 LABELS coll)
# The C11 generic names, compiled as strict C11.
shmem_pe_test(coll_generic SOURCES pe/coll_generic.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
set_target_properties(coll_generic PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                      C_EXTENSIONS OFF)
# The C++17 template forms and the shmem_sync(team) overload.
shmem_pe_test(coll_generic_cxx SOURCES pe/coll_generic.cpp NP ${_coll_np} TIMEOUT 180 LABELS coll)
# More than INT_MAX bytes and more than one 1 GiB piece per call.
shmem_pe_test(coll_large SOURCES pe/coll_large.c NP 2 TIMEOUT 600 LABELS coll large
              ENV SHMEM_SYMMETRIC_SIZE=4200M)

# Bad input: coll_errors CASE makes one erroneous call on every PE; the job
# must fail with a message naming the routine, the argument and the range.
add_executable(coll_errors pe/coll_errors.c)
target_link_libraries(coll_errors PRIVATE shmem)
target_compile_options(coll_errors PRIVATE -Wall -Wextra)
function(coll_error case regex)
  shmem_fail_test(coll_error_${case} PROGRAM coll_errors NP 2 ARGS ${case} REGEX "${regex}")
endfunction()
set(_ptr "0x[0-9a-f]+")
coll_error(sync_invalid_team "shmem_team_sync: argument team is SHMEM_TEAM_INVALID")
coll_error(destroyed_team
           "shmem_int_sum_reduce: argument team = ${_ptr} is not a valid team \\(destroyed")
coll_error(destroy_world
           "shmem_team_destroy: argument team is SHMEM_TEAM_WORLD: predefined teams cannot be destroyed")
coll_error(broadcast_root
           "shmem_int_broadcast: argument PE_root = 2 is out of range: allowed 0 to 1")
coll_error(active_set_size "shmem_barrier: argument PE_size = 3 is out of range for PE_start = 0 and logPE_stride = 0 with 2 PEs: allowed 1 to 2")
coll_error(active_set_start
           "shmem_broadcast64: argument PE_start = -1 is out of range: allowed 0 to 1")
coll_error(active_set_stride
           "shmem_sync: argument logPE_stride = -1 is out of range: allowed 0 to 30")
coll_error(not_in_active_set "shmem_int_sum_to_all: PE 1 is not in the active set PE_start = 0, logPE_stride = 0, PE_size = 1")
coll_error(alltoalls_stride
           "shmem_int_alltoalls: arguments dst = 0 and sst = 1 must both be at least 1")
coll_error(reduce_overlap "shmem_int_sum_reduce: arguments dest = ${_ptr} and source = ${_ptr} overlap partially")
# In place is honoured for broadcasts only (docs/user-guide.md, "Errors you may meet").
coll_error(broadcast_overlap "shmem_broadcast64: arguments dest = ${_ptr} \\(32 bytes\\) and source = ${_ptr} \\(32 bytes\\) overlap")
coll_error(collect_in_place "shmem_int_fcollect: arguments dest = ${_ptr} \\([0-9]+ bytes\\) and source = ${_ptr} \\(16 bytes\\) overlap")
coll_error(alltoall_in_place "shmem_int_alltoall: arguments dest = ${_ptr} \\([0-9]+ bytes\\) and source = ${_ptr} \\([0-9]+ bytes\\) overlap")
coll_error(collect_stack "shmem_int_fcollect: argument source = ${_ptr} \\(16 bytes\\) is a local variable \\(on the stack\\), not a symmetric address")
coll_error(split_mask "shmem_team_split_strided: argument config_mask = 0x100 has bits of no configuration constant")
coll_error(split_null_config "shmem_team_split_2d: argument xaxis_config is NULL but xaxis_mask selects SHMEM_TEAM_NUM_CONTEXTS")
coll_error(to_all_negative "shmem_long_max_to_all: argument nreduce = -1 is negative")

# SHMEM_TEAM_SHARED against MPI's view of the node; on MPICH also with the
# PEs spread round-robin over two faked nodes.
shmem_pe_test(team_shared SOURCES pe/team_shared.c LINK MPI::MPI_C NP ${_coll_np} TIMEOUT 120
              LABELS coll)
if(SHMEM_MPI_FLAVOR STREQUAL "mpich")
  shmem_pe_test(team_shared_2nodes SOURCES pe/team_shared.c LINK MPI::MPI_C NP 2 TIMEOUT 120
                LABELS coll ENV MPIR_CVAR_NUM_CLIQUES=2)
endif()
# Two PEs of the node bound to CPU 0 alone (taskset after the launcher's
# own binding, as srun --cpu-bind=map_cpu:0 does): shmem_init says so once
# (tests/cluster/slurm_cluster.sh checks the same under Slurm, and that it
# is one line per job). Not in forced inter-node mode, where each PE is its
# own node.
find_program(SHMEM_TASKSET taskset)
if(SHMEM_TASKSET)
  add_test(NAME team_shared_bound_together
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_status.sh 0
                   "PEs 0 and 1 of one node are both bound to CPU 0 alone"
                   ${MPIEXEC_EXECUTABLE} ${SHMEM_MPIEXEC_OPTIONS} ${MPIEXEC_NUMPROC_FLAG} 2
                   ${SHMEM_TASKSET} -c 0 $<TARGET_FILE:team_shared>)
  set_tests_properties(team_shared_bound_together PROPERTIES TIMEOUT 120
    LABELS "pe;${SHMEM_MPI_FLAVOR};coll" ENVIRONMENT "${SHMEM_TEST_ENV};SHMEM_FORCE_INTERNODE=0")
endif()
# Collectives back to back without barriers, on the world and a split team,
# checked at once: run-ahead roots and early pushes show as wrong values.
shmem_pe_test(coll_pipeline SOURCES pe/coll_pipeline.c NP 2 3 8 TIMEOUT 300 LABELS coll)
