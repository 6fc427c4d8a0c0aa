# Multi-PE tests of teams (section 9.4) and collectives (section 9.9).
# Included by tests/CMakeLists.txt. 3 PEs give teams of non-power-of-two
# size; MPICH runs only 1 and 2 (see shmem_pe_test).
set(_coll_np 1 2 3 4)

shmem_pe_test(coll_data SOURCES pe/coll_data.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
shmem_pe_test(coll_reduce SOURCES pe/coll_reduce.c NP ${_coll_np} TIMEOUT 300 LABELS coll)
shmem_pe_test(coll_aset SOURCES pe/coll_aset.c NP ${_coll_np} TIMEOUT 300 LABELS coll)
target_compile_options(coll_aset PRIVATE -Wno-deprecated-declarations)
shmem_pe_test(team_split SOURCES pe/team_split.c NP ${_coll_np} TIMEOUT 180 LABELS coll)
