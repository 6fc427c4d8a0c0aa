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
# Arrivals by atomics from every PE consumed with the C11 generic
# wait_until_some/any, test_some/any, wait_until_all_vector; the deprecated
# shmem_wait, shmem_wait_until and shmem_long_wait.
shmem_pe_test(p2p_amo SOURCES pe/p2p_amo.c NP 1 2 4 TIMEOUT 60 LABELS p2p)
# The flag idioms of docs/user-guide.md, "Waiting for a flag", as written there.
shmem_pe_test(p2p_idioms SOURCES pe/p2p_idioms.c NP 2 4 TIMEOUT 60 LABELS p2p)
set_target_properties(p2p_amo PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)

# The spec's examples of every wait/test routine and signal_wait_until
# (the spec's test_any spin among them), and the _any routines naming every
# satisfied index over repeated calls.
shmem_pe_test(p2p_examples SOURCES pe/p2p_examples.c NP 1 2 3 4 TIMEOUT 60 LABELS p2p)

# Put-with-signal: every typed/SIZE/mem routine, nbi and ctx and generic,
# SET and ADD, up to 1 MiB, data complete when the signal is; signal_fetch,
# signal_add and signal_set from every PE.
shmem_pe_test(signal_put SOURCES pe/signal_put.c NP 1 2 4 TIMEOUT 120 LABELS signal)

# Locks: mutual exclusion of a non-atomic read-modify-write, test_lock's
# answers, hand-over to queued PEs; static and heap locks.
shmem_pe_test(lock_mutex SOURCES pe/lock_mutex.c NP 1 2 4 TIMEOUT 120 LABELS lock)
