# Multi-PE tests of atomics (section 9.7), signals (9.8), point-to-point
# synchronization (9.10) and locks (9.12).

# Every AMO of the standard, extended and bitwise tables in every form
# (plain, ctx, deprecated, nbi), all PEs on one target, exact outcomes.
shmem_pe_test(amo_typed SOURCES pe/amo_typed.c NP 1 2 4 TIMEOUT 120 LABELS amo)
# The same checks through the C11 generic names, compiled as strict C11...
shmem_pe_test(amo_generic SOURCES pe/amo_generic.c NP 1 2 4 TIMEOUT 120 LABELS amo)
set_target_properties(amo_generic PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                      C_EXTENSIONS OFF)
# ... and through the C++17 templates.
shmem_pe_test(amo_generic_cxx SOURCES pe/amo_generic.cpp NP 1 2 4 TIMEOUT 120 LABELS amo)

# Point-to-point synchronization: every routine of the sync type table with
# each comparison, status masks, empty sets; driven by the left neighbour.
shmem_pe_test(p2p_typed SOURCES pe/p2p_typed.c NP 1 2 4 TIMEOUT 120 LABELS p2p)
