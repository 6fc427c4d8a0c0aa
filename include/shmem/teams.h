/* Section 9.4: team management. The team handles and shmem_team_config_t
 * are in shmem.h (sections 7 and 9.4.3); shmem_team_ptr is with shmem_ptr
 * (section 9.1) and the team collectives are in shmem/coll.h.
 * Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_TEAMS_H
#define SHMEM_TEAMS_H

#define SHMEMI_DECLS_TEAMS                                                                         \
  SHMEM_API int SHMEMI_NAME(shmem_team_my_pe)(shmem_team_t team) SHMEMI_NOEXCEPT;                  \
  SHMEM_API int SHMEMI_NAME(shmem_team_n_pes)(shmem_team_t team) SHMEMI_NOEXCEPT;                  \
  SHMEM_API int SHMEMI_NAME(shmem_team_get_config)(shmem_team_t team, long config_mask,            \
                                                   shmem_team_config_t *config) SHMEMI_NOEXCEPT;   \
  SHMEM_API int SHMEMI_NAME(shmem_team_translate_pe)(shmem_team_t src_team, int src_pe,            \
                                                     shmem_team_t dest_team) SHMEMI_NOEXCEPT;      \
  SHMEM_API int SHMEMI_NAME(shmem_team_split_strided)(                                             \
      shmem_team_t parent_team, int start, int stride, int size,                                   \
      const shmem_team_config_t *config, long config_mask, shmem_team_t *new_team)                 \
      SHMEMI_NOEXCEPT;                                                                             \
  SHMEM_API int SHMEMI_NAME(shmem_team_split_2d)(                                                  \
      shmem_team_t parent_team, int xrange, const shmem_team_config_t *xaxis_config,               \
      long xaxis_mask, shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,          \
      long yaxis_mask, shmem_team_t *yaxis_team) SHMEMI_NOEXCEPT;                                  \
  SHMEM_API void SHMEMI_NAME(shmem_team_destroy)(shmem_team_t team) SHMEMI_NOEXCEPT;

#ifdef __cplusplus
extern "C" {
#endif

SHMEMI_DECLS_TEAMS

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SHMEM_TEAMS_H */
