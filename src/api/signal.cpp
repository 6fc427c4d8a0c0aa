// Section 9.8: signaling operations (core/signal.cpp).
#include "api/stamp.hpp"
#include "core/amo.hpp"
#include "core/p2p.hpp"
#include "core/runtime.hpp"
#include "core/signal.hpp"

using namespace shmemi;

#define SHMEMI_DEF_PUT_SIGNAL_PAIR(NAME, T, E)                                                     \
  SHMEMI_DEF_PAIR(void, NAME, SHMEMI_SIGNAL_PARAMS(T),                                             \
                  put_signal(routine, ctx, dest, source, nelems, E, sig_addr, signal, sig_op, pe))
#define SHMEMI_DEF_PUT_SIGNAL(A, T, N)                                                             \
  SHMEMI_DEF_PUT_SIGNAL_PAIR(N##_put_signal, T, sizeof(T))                                         \
  SHMEMI_DEF_PUT_SIGNAL_PAIR(N##_put_signal_nbi, T, sizeof(T))
#define SHMEMI_DEF_PUT_SIGNAL_SIZED(A, BITS, BYTES)                                                \
  SHMEMI_DEF_PUT_SIGNAL_PAIR(put##BITS##_signal, void, BYTES)                                      \
  SHMEMI_DEF_PUT_SIGNAL_PAIR(put##BITS##_signal_nbi, void, BYTES)

extern "C" {

SHMEMI_RMA_TYPES(SHMEMI_DEF_PUT_SIGNAL, ~)
SHMEMI_RMA_SIZES(SHMEMI_DEF_PUT_SIGNAL_SIZED, ~)
SHMEMI_DEF_PUT_SIGNAL_PAIR(putmem_signal, void, 1)
SHMEMI_DEF_PUT_SIGNAL_PAIR(putmem_signal_nbi, void, 1)

SHMEMI_DEF_PAIR(void, signal_add, (uint64_t * sig_addr, uint64_t signal, int pe),
                amo_post<uint64_t>(routine, ctx, sig_addr, AmoOp::sum, signal, pe))
SHMEMI_DEF_PAIR(void, signal_set, (uint64_t * sig_addr, uint64_t signal, int pe),
                amo_post<uint64_t>(routine, ctx, sig_addr, AmoOp::replace, signal, pe))

SHMEMI_ENTRY(uint64_t, shmem_signal_fetch)(const uint64_t *sig_addr) noexcept {
  require_init("shmem_signal_fetch");
  return amo_fetch<uint64_t>("shmem_signal_fetch", SHMEM_CTX_DEFAULT, sig_addr, AmoOp::fetch, 0, 0,
                             rt.my_pe);
}

// sig_addr is remotely accessible (the spec), so symmetric.
SHMEMI_ENTRY(uint64_t, shmem_signal_wait_until)
(uint64_t *sig_addr, int cmp, uint64_t cmp_value) noexcept {
  wait_all(ivar_set<uint64_t>({"shmem_signal_wait_until", "sig_addr", 1, nullptr, nullptr, 0},
                              sig_addr, cmp, nullptr, cmp_value));
  return load_acquire(sig_addr);
}

} // extern "C"
