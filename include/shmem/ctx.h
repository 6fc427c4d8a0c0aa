/* Section 9.5: communication management (contexts and sessions), and
 * shmem_pe_quiet (section 9.11). The context handles and the session
 * configuration type are in shmem.h (sections 7 and 9.5.5); the shmem_ctx_*
 * RMA, AMO and signal routines are with their plain forms.
 * Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_CTX_H
#define SHMEM_CTX_H

#define SHMEMI_DECLS_CTX                                                                           \
  SHMEM_API int SHMEMI_NAME(shmem_ctx_create)(long options, shmem_ctx_t *ctx) SHMEMI_NOEXCEPT;     \
  SHMEM_API int SHMEMI_NAME(shmem_team_create_ctx)(shmem_team_t team, long options,                \
                                                   shmem_ctx_t *ctx) SHMEMI_NOEXCEPT;              \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_destroy)(shmem_ctx_t ctx) SHMEMI_NOEXCEPT;                  \
  SHMEM_API int SHMEMI_NAME(shmem_ctx_get_team)(shmem_ctx_t ctx, shmem_team_t * team)              \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_session_start)(shmem_ctx_t ctx, long options,               \
                                                      const shmem_ctx_session_config_t *config,    \
                                                      long config_mask) SHMEMI_NOEXCEPT;           \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_session_stop)(shmem_ctx_t ctx) SHMEMI_NOEXCEPT;             \
  SHMEM_API void SHMEMI_NAME(shmem_pe_quiet)(const int *target_pes, size_t npes) SHMEMI_NOEXCEPT;  \
  SHMEM_API void SHMEMI_NAME(shmem_ctx_pe_quiet)(shmem_ctx_t ctx, const int *target_pes,           \
                                                 size_t npes) SHMEMI_NOEXCEPT;

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_CTX

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SHMEM_CTX_H */
