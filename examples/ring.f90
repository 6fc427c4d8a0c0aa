! ring.f90: ring.c in Fortran 2008 with the module of OpenSHMEM 1.6 (use
! shmem). Tokens travel around a ring of PEs: each round every PE puts the
! token it holds, plus one, into its right neighbour's slot, a module
! variable; the slots alternate between rounds so one barrier per round is
! all the synchronization needed. The hop count lives in the symmetric heap
! (shmem_malloc, c_f_pointer) and is summed with shmem_sum_reduce into a
! module variable.
!
!   oshfort -o ring_f08 ring.f90 && oshrun -np 4 ./ring_f08
module ring_slots
  use, intrinsic :: iso_c_binding, only: c_int64_t
  implicit none
  integer(c_int64_t) :: slot(0:1), total(1) ! symmetric, as every module variable
end module ring_slots

program ring
  use, intrinsic :: iso_c_binding
  use shmem
  use ring_slots
  implicit none
  integer, parameter :: laps = 10
  integer :: me, npes, right, r
  integer(c_int64_t) :: token, expect, want
  integer(c_int64_t), pointer :: hops(:)
  type(c_ptr) :: heap

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  right = mod(me + 1, npes)
  heap = shmem_malloc(c_sizeof(token))
  call c_f_pointer(heap, hops, [1])

  token = 1000 * me
  do r = 0, laps * npes - 1
    call shmem_p(slot(mod(r, 2)), token + 1, right)
    call shmem_barrier_all()
    token = slot(mod(r, 2))
  end do
  expect = 1000 * me + laps * npes

  hops(1) = token - 1000 * me
  if (shmem_sum_reduce(SHMEM_TEAM_WORLD, total, hops, 1_c_size_t) /= 0) error stop 'sum_reduce'
  want = npes * laps * npes
  if (me == 0) then
    if (token == expect .and. total(1) == want) then
      print '(a,i0,a,i0,a,i0,a)', 'ring: ', npes, ' PEs, ', laps, ' laps, ', laps * npes, &
        ' hops per token: ok'
    else
      print *, 'ring: WRONG: token', token, 'expected', expect, 'hops', total(1), 'expected', want
    end if
  end if
  call shmem_free(heap)
  call shmem_finalize()
  if (token /= expect .or. total(1) /= want) error stop 1
end program ring
