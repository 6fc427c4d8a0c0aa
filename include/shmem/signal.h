/* Section 9.8: signaling operations. Included by shmem.h. */
#ifndef SHMEM_SIGNAL_H
#define SHMEM_SIGNAL_H

#define SHMEMI_SIGNAL_PARAMS(T)                                                                    \
  (T * dest, const T *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op,      \
   int pe)
#define SHMEMI_DECL_PUT_SIGNAL(A, T, N)                                                            \
  SHMEMI_DECL_PAIR(void, N##_put_signal, SHMEMI_SIGNAL_PARAMS(T))                                  \
  SHMEMI_DECL_PAIR(void, N##_put_signal_nbi, SHMEMI_SIGNAL_PARAMS(T))
#define SHMEMI_DECL_PUT_SIGNAL_SIZED(A, BITS, BYTES)                                               \
  SHMEMI_DECL_PAIR(void, put##BITS##_signal, SHMEMI_SIGNAL_PARAMS(void))                           \
  SHMEMI_DECL_PAIR(void, put##BITS##_signal_nbi, SHMEMI_SIGNAL_PARAMS(void))

#define SHMEMI_DECLS_SIGNAL                                                                        \
  SHMEMI_RMA_TYPES(SHMEMI_DECL_PUT_SIGNAL, ~)                                                      \
  SHMEMI_RMA_SIZES(SHMEMI_DECL_PUT_SIGNAL_SIZED, ~)                                                \
  SHMEMI_DECL_PAIR(void, putmem_signal, SHMEMI_SIGNAL_PARAMS(void))                                \
  SHMEMI_DECL_PAIR(void, putmem_signal_nbi, SHMEMI_SIGNAL_PARAMS(void))                            \
  SHMEM_API uint64_t SHMEMI_NAME(shmem_signal_fetch)(const uint64_t *sig_addr) SHMEMI_NOEXCEPT;    \
  SHMEM_API uint64_t SHMEMI_NAME(shmem_signal_wait_until)(uint64_t * sig_addr, int cmp,            \
                                                          uint64_t cmp_value) SHMEMI_NOEXCEPT;     \
  SHMEMI_DECL_PAIR(void, signal_add, (uint64_t * sig_addr, uint64_t signal, int pe))               \
  SHMEMI_DECL_PAIR(void, signal_set, (uint64_t * sig_addr, uint64_t signal, int pe))

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_SIGNAL

#ifdef __cplusplus
}
#endif

#if defined(SHMEMI_HAVE_C11_GENERICS)
#define shmem_put_signal(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHMEMI_C11_GENERIC(SHMEMI_RMA_TYPES, _put_signal_nbi, __VA_ARGS__)
/* The plain forms are functions of the same name (not re-expanded here). */
#define shmem_signal_add(...)                                                                      \
  _Generic((SHMEMI_ARG1(__VA_ARGS__, ~)), shmem_ctx_t                                              \
           : shmem_ctx_signal_add, default                                                         \
           : shmem_signal_add)(__VA_ARGS__)
#define shmem_signal_set(...)                                                                      \
  _Generic((SHMEMI_ARG1(__VA_ARGS__, ~)), shmem_ctx_t                                              \
           : shmem_ctx_signal_set, default                                                         \
           : shmem_signal_set)(__VA_ARGS__)
#elif defined(SHMEMI_HAVE_CXX_GENERICS)
SHMEMI_CXX_GENERIC(SHMEMI_RMA_TYPES, void, put_signal, SHMEMI_SIGNAL_PARAMS(T),
                   (dest, source, nelems, sig_addr, signal, sig_op, pe))
SHMEMI_CXX_GENERIC(SHMEMI_RMA_TYPES, void, put_signal_nbi, SHMEMI_SIGNAL_PARAMS(T),
                   (dest, source, nelems, sig_addr, signal, sig_op, pe))
inline void shmem_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe) {
  shmem_ctx_signal_add(ctx, sig_addr, signal, pe);
}
inline void shmem_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe) {
  shmem_ctx_signal_set(ctx, sig_addr, signal, pe);
}
#endif

#endif /* SHMEM_SIGNAL_H */
