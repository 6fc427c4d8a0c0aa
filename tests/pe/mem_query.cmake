# The symmetric heap queries of shmemx.h (shmemx_heap_size,
# shmemx_heap_available). Included by tests/CMakeLists.txt. The argument is
# SHMEM_SYMMETRIC_SIZE in bytes; the odd size checks the rounding to pages.
shmem_pe_program(mem_heap_query SOURCES pe/mem_heap_query.c)
shmem_pe_test(mem_heap_query PROGRAM mem_heap_query NP 1 2 4 TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=64M ARGS 67108864)
shmem_pe_test(mem_heap_query_odd PROGRAM mem_heap_query NP 1 2 TIMEOUT 120 LABELS memory
              ENV SHMEM_SYMMETRIC_SIZE=1000001 ARGS 1000001)
