/* The C11 generic AMO names (shmem_atomic_fetch_add(dest, value, pe), with
 * and without a leading ctx, and the deprecated shmem_fadd, shmem_swap, ...)
 * for every type of their tables: amo_typed.c's checks, with every call
 * made through the generic name. */
#define AMO_GENERIC 1
#include "amo_typed.c"
