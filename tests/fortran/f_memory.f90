! Symmetric heap routines of the Fortran binding (OpenSHMEM 1.3 section
! 8.2): SHPALLOC, SHPCLMOVE and SHPDEALLC with Cray pointers, lengths in
! 32-bit words.
! - Blocks are disjoint, remotely accessible (SHMEM_ADDR_ACCESSIBLE, puts to
!   the neighbour), and SHMEM_PTR to the own PE gives their address.
! - SHPCLMOVE grows a block that another one follows, shrinks one, grows
!   one that free space follows (status 0: extended in place, as the spec
!   says), grows another: status 0 (in place) or 1 (moved), matching whether
!   the address changed; the data is kept, the other blocks untouched, and
!   the block (moved or not) stays symmetric: RMA to the neighbour's copy
!   works.
! - With abort = 0 the errors are codes: -1 length <= 0 (SHPALLOC,
!   SHPCLMOVE), -2 no memory (SHPALLOC, SHPCLMOVE, which then keeps the
!   block), -3 address outside the heap (SHPDEALLC, SHPCLMOVE), -4 a block
!   already freed, and -5 an address inside a block; the heap works
!   afterwards.
! - abort /= 0 changes nothing when there is no error.
program f_memory
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  integer :: a(*), b(*), c(*), d(*), e(*), p(*)
  pointer (pa, a)
  pointer (pb, b)
  pointer (pc, c)
  pointer (pd, d)
  pointer (pe_, e)
  pointer (pp, p)
  integer :: cvar(4)
  common /memory_static/ cvar

  integer :: me, npes, right, left, ierr, status, i
  integer*8 :: old, freed, inside, outside
  character(*), parameter :: this = 'f_memory'

  include 'f_start.inc'

  ! ---- SHPALLOC ----
  call shpalloc(pa, 100, ierr, 0)
  call check('SHPALLOC(100) errcode', ierr, 0)
  call shpalloc(pb, 37, ierr, 1) ! abort requested, no error
  call check('SHPALLOC(37, abort=1) errcode', ierr, 0)
  call shpalloc(pc, 1, ierr, 0)
  call check('SHPALLOC(1) errcode', ierr, 0)
  call check_true('SHPALLOC addresses are not 0', pa /= 0 .and. pb /= 0 .and. pc /= 0)
  call check('SHPALLOC address aligned to 8 bytes (A)', mod(pa, 8_8), 0_8)
  call check('SHPALLOC address aligned to 8 bytes (B)', mod(pb, 8_8), 0_8)
  call check_true('SHPALLOC blocks are disjoint (A, B)', pa + 400 <= pb .or. pb + 148 <= pa)
  call check_true('SHPALLOC blocks are disjoint (A, C)', pa + 400 <= pc .or. pc + 4 <= pa)
  call check_true('SHPALLOC blocks are disjoint (B, C)', pb + 148 <= pc .or. pc + 4 <= pb)
  call check('SHMEM_ADDR_ACCESSIBLE(A(100), right)', shmem_addr_accessible(a(100), right), .true.)
  call check('SHMEM_PTR(A, me) is A''s address', shmem_ptr(a, me), pa)
  call check('SHMEM_PTR(B(37), me) is B(37)''s address', shmem_ptr(b(37), me), pb + 36 * 4)
  pp = shmem_ptr(a(2), me)
  if (pp /= 0) then
    p(1) = 4242
    call check('A(2) stored through SHMEM_PTR(A(2), me)', a(2), 4242)
  end if
  do i = 1, 100
    a(i) = me * 1000 + i
  end do
  do i = 1, 37
    b(i) = -me * 1000 - i
  end do
  c(1) = 7 + me
  call shmem_barrier_all()
  ! Every word of A reaches the neighbour's A.
  call shmem_integer_get(a(51), a(1), 50, right)
  do i = 1, 50
    call check(at('SHMEM_INTEGER_GET from the neighbour''s SHPALLOC block A', 50 + i), a(50 + i), &
               right * 1000 + i)
  end do
  call shmem_barrier_all()
  do i = 1, 100
    a(i) = me * 1000 + i
  end do
  call shmem_barrier_all()

  ! ---- SHPCLMOVE: A, which B follows, grows ----
  old = pa
  call shpclmove(pa, 5000, status, 0)
  call check_true('SHPCLMOVE(A, 5000) status is 0 or 1', status == 0 .or. status == 1)
  if (me == 0) write (*, '(a,i0)') 'f_memory: SHPCLMOVE growing A (B follows) gave status ', status
  if (status == 0) call check('SHPCLMOVE status 0: address kept', pa, old)
  if (status == 1) call check_true('SHPCLMOVE status 1: address changed', pa /= old)
  do i = 1, 100
    call check(at('A after SHPCLMOVE grew it: kept', i), a(i), me * 1000 + i)
  end do
  do i = 1, 37
    call check(at('B after SHPCLMOVE grew A: untouched', i), b(i), -me * 1000 - i)
  end do
  call check('C after SHPCLMOVE grew A: untouched', c(1), 7 + me)
  do i = 101, 5000
    a(i) = me * 100000 + i
  end do
  call shmem_barrier_all()
  ! The grown block is symmetric: its new end on the neighbour.
  call shmem_integer_put(a(4990), a(4001), 10, right)
  call shmem_barrier_all()
  do i = 0, 9
    call check(at('SHMEM_INTEGER_PUT to the neighbour''s grown block A', 4990 + i), a(4990 + i), &
               left * 100000 + 4001 + i)
  end do
  call shmem_barrier_all()

  ! ---- SHPCLMOVE: A shrinks ----
  old = pa
  call shpclmove(pa, 10, status, 0)
  call check_true('SHPCLMOVE(A, 10) status is 0 or 1', status == 0 .or. status == 1)
  if (me == 0) write (*, '(a,i0)') 'f_memory: SHPCLMOVE shrinking A gave status ', status
  if (status == 0) call check('SHPCLMOVE (shrink) status 0: address kept', pa, old)
  if (status == 1) call check_true('SHPCLMOVE (shrink) status 1: address changed', pa /= old)
  do i = 1, 10
    call check(at('A after SHPCLMOVE shrank it: kept', i), a(i), me * 1000 + i)
  end do

  ! ---- SHPCLMOVE: A, followed by the free rest of the heap, grows in place ----
  old = pa
  call shpclmove(pa, 3000, status, 0)
  call check('SHPCLMOVE(A, 3000) with free space after A: status (extended in place)', status, 0)
  call check('SHPCLMOVE(A, 3000) with free space after A: address kept', pa, old)
  do i = 1, 10
    call check(at('A after SHPCLMOVE grew it in place: kept', i), a(i), me * 1000 + i)
  end do
  a(3000) = 3000 + me
  call shmem_barrier_all()
  call check('A(3000) of the neighbour after SHPCLMOVE in place', int_g(a(3000), right), &
             3000 + right)
  call shmem_barrier_all()

  ! ---- SHPCLMOVE: a new block D grows ----
  call shpalloc(pd, 16, ierr, 0)
  call check('SHPALLOC(16) errcode (D)', ierr, 0)
  do i = 1, 16
    d(i) = 50 * me + i
  end do
  old = pd
  call shpclmove(pd, 2000, status, 0)
  call check_true('SHPCLMOVE(D, 2000) status is 0 or 1', status == 0 .or. status == 1)
  if (me == 0) write (*, '(a,i0)') 'f_memory: SHPCLMOVE growing D gave status ', status
  if (status == 0) call check('SHPCLMOVE (D) status 0: address kept', pd, old)
  if (status == 1) call check_true('SHPCLMOVE (D) status 1: address changed', pd /= old)
  do i = 1, 16
    call check(at('D after SHPCLMOVE: kept', i), d(i), 50 * me + i)
  end do
  d(2000) = -me
  call shmem_barrier_all()
  call check('D(2000) of the neighbour after SHPCLMOVE', int_g(d(2000), right), -right)
  call shmem_barrier_all()

  ! ---- Errors, abort = 0 ----
  call shpalloc(pe_, 0, ierr, 0)
  call check('SHPALLOC(length 0) errcode', ierr, -1)
  call shpalloc(pe_, -5, ierr, 0)
  call check('SHPALLOC(length -5) errcode', ierr, -1)
  call shpalloc(pe_, huge(0), ierr, 0)
  call check('SHPALLOC(length HUGE(0): 8 GiB) errcode', ierr, -2)
  old = pb
  call shpclmove(pb, 0, status, 0)
  call check('SHPCLMOVE(length 0) status', status, -1)
  call shpclmove(pb, huge(0), status, 0)
  call check('SHPCLMOVE(length HUGE(0)) status', status, -2)
  call check('SHPCLMOVE that failed: address kept', pb, old)
  do i = 1, 37
    call check(at('B after SHPCLMOVE failed: kept', i), b(i), -me * 1000 - i)
  end do
  outside = loc(cvar)
  call shpdeallc(outside, ierr, 0)
  call check('SHPDEALLC(a COMMON variable) errcode', ierr, -3)
  call shpclmove(outside, 10, status, 0)
  call check('SHPCLMOVE(a COMMON variable) status', status, -3)
  inside = pb + 16
  call shpdeallc(inside, ierr, 0)
  call check('SHPDEALLC(address inside a block) errcode', ierr, -5)
  call shpclmove(inside, 10, status, 0)
  call check('SHPCLMOVE(address inside a block) status', status, -5)
  call shpdeallc(pc, ierr, 0)
  call check('SHPDEALLC(C) errcode', ierr, 0)
  freed = pc
  call shpdeallc(freed, ierr, 0)
  call check('SHPDEALLC(C again: already free) errcode', ierr, -4)
  call shpclmove(freed, 10, status, 0)
  call check('SHPCLMOVE(C: already free) status', status, -4)

  ! ---- The heap still works ----
  do i = 1, 37
    call check(at('B after the failed calls: kept', i), b(i), -me * 1000 - i)
  end do
  call shpdeallc(pb, ierr, 1) ! abort requested, no error
  call check('SHPDEALLC(B, abort=1) errcode', ierr, 0)
  call shpdeallc(pd, ierr, 0)
  call check('SHPDEALLC(D) errcode', ierr, 0)
  call shpdeallc(pa, ierr, 0)
  call check('SHPDEALLC(A) errcode', ierr, 0)
  ! 64 MiB, 16 times: nothing leaked.
  do i = 1, 16
    call shpalloc(pe_, 16 * 1024 * 1024, ierr, 0)
    call check(at('SHPALLOC(64 MiB) after the rest was freed, round', i), ierr, 0)
    if (ierr /= 0) exit
    e(16 * 1024 * 1024) = i
    call shpdeallc(pe_, ierr, 0)
    call check(at('SHPDEALLC(64 MiB), round', i), ierr, 0)
  end do

  include 'f_end.inc'

contains

  ! One INTEGER of PE's copy (SHMEM_INTEGER_GET).
  integer function int_g(x, pe)
    integer :: x
    integer, intent(in) :: pe
    call shmem_integer_get(int_g, x, 1, pe)
  end function int_g

end program f_memory
