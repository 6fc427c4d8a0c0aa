# The nonblocking collectives with requests of shmemx.h (shmemx_*_nb,
# shmemx_req_test/_wait, shmemx_sync_nb) and the draft's names behind
# SHMEM_NB_COLLECTIVES_DRAFT. Included by tests/CMakeLists.txt. MPICH runs
# only 1 and 2 PEs (see shmem_pe_test).
set(_nb_np 1 2 3 4)

# Every form, typed and generic (strict C11), completions, overlap, many
# requests in flight.
shmem_pe_test(coll_nb SOURCES pe/coll_nb.c NP ${_nb_np} TIMEOUT 240 LABELS coll)
set_target_properties(coll_nb PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
# A program written to the draft's own names.
shmem_pe_test(coll_nb_draft SOURCES pe/coll_nb_draft.c NP ${_nb_np} TIMEOUT 120 LABELS coll)
set_target_properties(coll_nb_draft PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                                               C_EXTENSIONS OFF)
# The C++17 template forms.
shmem_pe_test(coll_nb_cxx SOURCES pe/coll_nb.cpp NP ${_nb_np} TIMEOUT 120 LABELS coll)

# Bad input: one erroneous call on every PE; the message names the routine,
# the argument and what is allowed.
shmem_pe_program(coll_nb_errors SOURCES pe/coll_nb_errors.c)
function(coll_nb_error case regex)
  shmem_fail_test(coll_nb_error_${case} PROGRAM coll_nb_errors NP 2 ARGS ${case} REGEX "${regex}")
endfunction()
set(_nb_ptr "0x[0-9a-f]+")
set(_nb_null "argument request is NULL: allowed is a shmemx_req_h pointer")
coll_nb_error(nb_null_request "shmemx_long_broadcast_nb: ${_nb_null}")
coll_nb_error(nb_null_request_reduce "shmemx_int_sum_reduce_nb: ${_nb_null}")
coll_nb_error(nb_null_request_sync "shmemx_sync_nb: ${_nb_null}")
coll_nb_error(nb_wait_null "shmemx_req_wait: ${_nb_null}")
coll_nb_error(nb_test_null "shmemx_req_test: ${_nb_null}")
coll_nb_error(nb_root_range
              "shmemx_long_broadcast_nb: argument PE_root = 2 is out of range: allowed 0 to 1")
coll_nb_error(nb_invalid_team
              "shmemx_team_sync_nb: argument team is SHMEM_TEAM_INVALID: allowed are SHMEM_TEAM_WORLD")
coll_nb_error(nb_overlap "shmemx_int_sum_reduce_nb: arguments dest = ${_nb_ptr} and source = ${_nb_ptr} overlap partially \\(16 bytes each\\)")
coll_nb_error(nb_alltoall_in_place "shmemx_alltoallmem_nb: arguments dest = ${_nb_ptr} \\(4 bytes\\) and source = ${_nb_ptr} \\(4 bytes\\) overlap")
coll_nb_error(nb_draft_root
              "shmemx_int_broadcast_nb: argument PE_root = -1 is out of range: allowed 0 to 1")
coll_nb_error(nb_outstanding_then_bad "shmemx_int_collect_nb: ${_nb_null}")
