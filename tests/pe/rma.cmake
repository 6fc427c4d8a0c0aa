# Multi-PE tests of the RMA routines (section 9.6) and of the ordering
# routines they rely on (fence and quiet, section 9.11).

# Every typed (table), SIZE and mem routine and its ctx form; heap and
# static targets; right neighbour and self; strides and blocks.
shmem_pe_test(rma_routines SOURCES pe/rma_routines.c NP 1 2 4 TIMEOUT 120)
# The C11 generic names, compiled as strict C11.
shmem_pe_test(rma_generic SOURCES pe/rma_generic.c NP 1 2 4 TIMEOUT 120)
set_target_properties(rma_generic PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                      C_EXTENSIONS OFF)
# The C++17 template forms.
shmem_pe_test(rma_generic_cxx SOURCES pe/rma_generic.cpp NP 1 2 4 TIMEOUT 120)
# Globals and statics at odd offsets, packed structs, a large bss array.
shmem_pe_test(rma_static SOURCES pe/rma_static.c NP 1 2 4 TIMEOUT 120)
# Strided blocks of 2-24 bytes at every byte offset, heap and global.
shmem_pe_test(rma_strided_odd SOURCES pe/rma_strided_odd.c NP 1 2 TIMEOUT 60)
# fence/quiet ordering seen by a polling PE, many nbi + quiet, and source
# reuse after blocking puts.
shmem_pe_test(rma_order SOURCES pe/rma_order.c NP 1 2 4 TIMEOUT 120)
# More than INT_MAX bytes in one call.
shmem_pe_test(rma_large SOURCES pe/rma_large.c NP 2 TIMEOUT 300 LABELS large
              ENV SHMEM_SYMMETRIC_SIZE=5G)
# shmem_ctx_fence/shmem_ctx_quiet on SHMEM_CTX_INVALID do nothing.
shmem_pe_test(rma_ctx_invalid SOURCES pe/rma_ctx_invalid.c NP 1 2 4 TIMEOUT 60)
