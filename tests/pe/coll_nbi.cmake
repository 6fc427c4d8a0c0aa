# The nonblocking team collectives of shmemx.h (shmemx_*_nbi). Included by
# tests/CMakeLists.txt. 3 PEs give teams of non-power-of-two size; MPICH
# runs only 1 and 2 (see shmem_pe_test).
set(_nbi_np 1 2 3 4)

# Every kind and completion, on the world, a strided and a reversed team,
# heap and global buffers; the C11 generic names, hence strict C11.
shmem_pe_test(coll_nbi SOURCES pe/coll_nbi.c NP ${_nbi_np} TIMEOUT 180 LABELS coll)
set_target_properties(coll_nbi PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
# The C++17 template forms.
shmem_pe_test(coll_nbi_cxx SOURCES pe/coll_nbi.cpp NP ${_nbi_np} TIMEOUT 180 LABELS coll)

# Bad input: coll_nbi_errors CASE makes one erroneous call on every PE; the
# job must fail with the message of the blocking routine's check, naming the
# nbi routine.
shmem_pe_program(coll_nbi_errors SOURCES pe/coll_nbi_errors.c)
function(coll_nbi_error case regex)
  shmem_fail_test(coll_nbi_error_${case} PROGRAM coll_nbi_errors NP 2 ARGS ${case} REGEX "${regex}")
endfunction()
set(_nbi_ptr "0x[0-9a-f]+")
set(_nbi_root "argument PE_root = 2 is out of range: allowed 0 to 1")
coll_nbi_error(nbi_root_range "shmemx_int_broadcast_nbi: ${_nbi_root}")
coll_nbi_error(nbi_root_negative
               "shmemx_broadcastmem_nbi: argument PE_root = -1 is out of range: allowed 0 to 1")
coll_nbi_error(nbi_invalid_team "shmemx_long_sum_reduce_nbi: argument team is SHMEM_TEAM_INVALID: allowed are SHMEM_TEAM_WORLD")
coll_nbi_error(nbi_invalid_team_mem "shmemx_alltoallmem_nbi: argument team is SHMEM_TEAM_INVALID")
coll_nbi_error(nbi_destroyed_team
               "shmemx_int_fcollect_nbi: argument team = ${_nbi_ptr} is not a valid team \\(destroyed")
coll_nbi_error(nbi_overlap "shmemx_int_sum_reduce_nbi: arguments dest = ${_nbi_ptr} and source = ${_nbi_ptr} overlap partially \\(16 bytes each\\)")
coll_nbi_error(nbi_scan_overlap "shmemx_long_sum_exscan_nbi: arguments dest = ${_nbi_ptr} and source = ${_nbi_ptr} overlap partially \\(32 bytes each\\)")
coll_nbi_error(nbi_broadcast_overlap "shmemx_long_broadcast_nbi: arguments dest = ${_nbi_ptr} \\(32 bytes\\) and source = ${_nbi_ptr} \\(32 bytes\\) overlap")
coll_nbi_error(nbi_collect_in_place "shmemx_int_fcollect_nbi: arguments dest = ${_nbi_ptr} \\(32 bytes\\) and source = ${_nbi_ptr} \\(16 bytes\\) overlap")
coll_nbi_error(nbi_alltoall_in_place "shmemx_long_alltoall_nbi: arguments dest = ${_nbi_ptr} \\(32 bytes\\) and source = ${_nbi_ptr} \\(32 bytes\\) overlap")
coll_nbi_error(nbi_alltoalls_stride
               "shmemx_int_alltoalls_nbi: arguments dst = 0 and sst = 1 must both be at least 1")
coll_nbi_error(nbi_collect_stack "shmemx_int_collect_nbi: argument source = ${_nbi_ptr} \\(16 bytes\\) is a local variable \\(on the stack\\), not a symmetric address")
coll_nbi_error(nbi_null_dest
               "shmemx_long_broadcast_nbi: argument dest is NULL but 16 bytes are to be transferred")
# A bad call while other nbi collectives are outstanding still ends the job.
coll_nbi_error(nbi_outstanding_then_bad "shmemx_int_broadcast_nbi: ${_nbi_root}")
