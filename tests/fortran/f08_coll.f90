! The Fortran 2008 module (use shmem) on teams and collectives: a strided
! team of the even PEs (its PE numbers, translation, sum and max reductions,
! team_sync, destroy), a 2-D split with absent configurations and a context
! on one of its teams, reductions over the world (prod on reals, and/xor on
! integers), broadcast (generic and mem), collect, fcollect and alltoall.
module f08_coll_data
  use, intrinsic :: iso_c_binding
  implicit none
  integer, parameter :: n = 4, max_pes = 8
  integer(c_size_t), parameter :: nn = n
  ! Symmetric: module variables.
  integer(c_int32_t) :: isrc(n), idst(n), fc(n * max_pes), col(max_pes * (max_pes + 1) / 2)
  integer(c_int64_t) :: lsrc(n), ldst(n), a2a_src(n * max_pes), a2a(n * max_pes)
  real(c_double) :: dsrc(n), ddst(n)
end module f08_coll_data

program f08_coll
  use, intrinsic :: iso_c_binding
  use shmem
  use f_check
  use f08_coll_data
  implicit none
  integer :: me, npes, i, j, k, evens_n, top_even
  integer(c_int32_t) :: want(n)
  type(shmem_team_t) :: evens, xt, yt, t
  type(shmem_ctx_t) :: ctx
  type(shmem_team_config_t) :: config
  character(*), parameter :: this = 'f08_coll'

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  check_me = me
  if (npes > max_pes) error stop 'f08_coll: at most 8 PEs'

  ! The even PEs, with no configuration (config absent: C's NULL).
  evens_n = (npes + 1) / 2
  top_even = 2 * (evens_n - 1)
  call check('shmem_team_split_strided', shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, &
             evens_n, config_mask=0_c_long, new_team=evens), 0)
  if (mod(me, 2) == 0) then
    call check('shmem_team_my_pe(evens)', shmem_team_my_pe(evens), me / 2)
    call check('shmem_team_n_pes(evens)', shmem_team_n_pes(evens), evens_n)
    call check('shmem_team_translate_pe', &
               shmem_team_translate_pe(evens, me / 2, SHMEM_TEAM_WORLD), me)
    isrc = [(me + i, i = 1, n)]
    lsrc = [(me * 2_c_int64_t**33 + i, i = 1, n)]
    call check('shmem_sum_reduce(evens)', shmem_sum_reduce(evens, idst, isrc, nn), 0)
    want = [(sum([(k + i, k = 0, npes - 1, 2)]), i = 1, n)]
    call check_true('shmem_sum_reduce(evens) values', all(idst == want))
    call check('shmem_max_reduce(evens)', shmem_max_reduce(evens, ldst, lsrc, nn), 0)
    call check_true('shmem_max_reduce(evens) values', &
                    all(ldst == [(top_even * 2_c_int64_t**33 + i, i = 1, n)]))
    call check('shmem_team_sync(evens)', shmem_team_sync(evens), 0)
    call shmem_team_destroy(evens)
  else
    call check_true('odd PE: SHMEM_TEAM_INVALID', .not. c_associated(evens%ptr))
  end if

  ! Reductions over the world.
  dsrc = [(me + 1.0d0, i = 1, n)]
  call check('shmem_prod_reduce', shmem_prod_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, nn), 0)
  call check('shmem_prod_reduce value', ddst(n), real(product([(k, k = 1, npes)]), c_double))
  isrc = 2**me
  call check('shmem_xor_reduce', shmem_xor_reduce(SHMEM_TEAM_WORLD, idst, isrc, nn), 0)
  call check('shmem_xor_reduce value', idst(1), 2**npes - 1)
  isrc = not(2**me)
  call check('shmem_and_reduce', shmem_and_reduce(SHMEM_TEAM_WORLD, idst, isrc, nn), 0)
  call check('shmem_and_reduce value', idst(n), not(2**npes - 1))

  ! Broadcast from the last PE, typed and mem.
  lsrc = [(1000 * me + i, i = 1, n)]
  ldst = 0
  call check('shmem_broadcast', shmem_broadcast(SHMEM_TEAM_WORLD, ldst, lsrc, nn, npes - 1), 0)
  call check_true('shmem_broadcast values', &
                  all(ldst == [(1000 * (npes - 1) + i, i = 1, n)]))
  dsrc = [(me + i / 8.0d0, i = 1, n)]
  call check('shmem_broadcastmem', shmem_broadcastmem(SHMEM_TEAM_WORLD, ddst, dsrc, 8 * nn, 0), 0)
  call check_true('shmem_broadcastmem values', all(ddst == [(i / 8.0d0, i = 1, n)]))

  ! fcollect: n from every PE; collect: PE k gives k + 1 elements of k.
  isrc = [(10 * me + i, i = 1, n)]
  call check('shmem_fcollect', shmem_fcollect(SHMEM_TEAM_WORLD, fc, isrc, nn), 0)
  call check_true('shmem_fcollect values', &
                  all(fc(:n * npes) == [((10 * k + i, i = 1, n), k = 0, npes - 1)]))
  isrc = me
  call check('shmem_collect', &
             shmem_collect(SHMEM_TEAM_WORLD, col, isrc, int(me + 1, c_size_t)), 0)
  call check_true('shmem_collect values', &
                  all(col(:npes * (npes + 1) / 2) == [((k, j = 0, k), k = 0, npes - 1)]))

  ! alltoall: block j of PE k's source goes to block k of PE j.
  a2a_src = [((1000 * me + 10 * j + i, i = 1, n), j = 0, npes - 1)]
  call check('shmem_alltoall', shmem_alltoall(SHMEM_TEAM_WORLD, a2a, a2a_src, nn), 0)
  call check_true('shmem_alltoall values', &
                  all(a2a(:n * npes) == [((1000 * k + 10 * me + i, i = 1, n), k = 0, npes - 1)]))

  ! A 2-D split (rows of 2) with absent configurations, a context on its x team.
  call check('shmem_team_split_2d', shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, &
             xaxis_mask=0_c_long, xaxis_team=xt, yaxis_mask=0_c_long, yaxis_team=yt), 0)
  call check('shmem_team_my_pe(x)', shmem_team_my_pe(xt), mod(me, 2))
  call check('shmem_team_my_pe(y)', shmem_team_my_pe(yt), me / 2)
  call check('shmem_team_create_ctx', shmem_team_create_ctx(xt, 0_c_long, ctx), 0)
  call check('shmem_ctx_get_team', shmem_ctx_get_team(ctx, t), 0)
  call check_true('shmem_ctx_get_team is x', c_associated(t%ptr, xt%ptr))
  call shmem_ctx_destroy(ctx)
  call check('shmem_team_get_config', &
             shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, config), 0)
  call shmem_team_destroy(xt)
  call shmem_team_destroy(yt)

  call shmem_finalize()
  call summary(this)
  if (errs /= 0) error stop 1
end program f08_coll
