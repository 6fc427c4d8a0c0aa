# Atomicity of mixed operations and progress without the target (issue 3).
shmem_pe_test(amo_stress SOURCES pe/amo_stress.c NP 1 2 4 TIMEOUT 120 LABELS amo)
shmem_pe_test(amo_progress SOURCES pe/amo_progress.c NP 2 TIMEOUT 60 LABELS amo)
