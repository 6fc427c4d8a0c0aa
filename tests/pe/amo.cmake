# Atomicity of mixed operations and progress without the target (issue 3).
shmem_pe_test(amo_stress SOURCES pe/amo_stress.c NP 1 2 4 TIMEOUT 120 LABELS amo)
shmem_pe_test(amo_progress SOURCES pe/amo_progress.c NP 2 TIMEOUT 60 LABELS amo)
# Global variables shared on a node like the heap (issue 14), in a PIE and a
# non-PIE executable, and global objects constructed before shmem_init.
shmem_pe_test(statics_shared SOURCES pe/statics_shared.c NP 1 2 4 LABELS amo)
target_compile_options(statics_shared PRIVATE -fPIE)
target_link_options(statics_shared PRIVATE -pie)
shmem_pe_test(statics_shared_nopie SOURCES pe/statics_shared.c NP 2 4 LABELS amo)
target_compile_options(statics_shared_nopie PRIVATE -fno-pie)
target_link_options(statics_shared_nopie PRIVATE -no-pie)
shmem_pe_test(statics_ctor SOURCES pe/statics_ctor.cpp NP 2 4 LABELS amo)
