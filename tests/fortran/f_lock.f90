! Distributed locks of the Fortran binding (OpenSHMEM 1.3 section 8.9):
! SHMEM_SET_LOCK, SHMEM_CLEAR_LOCK and SHMEM_TEST_LOCK on default INTEGER
! locks (4 bytes: two locks side by side in a COMMON block, and the word
! after them, stay independent), in COMMON and on the heap.
! - Counters on PE 0 updated by a non-atomic GET + PUT under a lock, many
!   times by every PE: the final counts show that no update was lost; the
!   owner recorded on entry is still the caller's at the exit.
! - Both COMMON locks nested, and the heap lock taken with SHMEM_TEST_LOCK
!   in a retry loop.
! - SHMEM_TEST_LOCK answers 1 while another PE (or the caller) holds the
!   lock and 0, taking it, when it is free.
program f_lock
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes, shmem_test_lock

  integer :: locks(2), after, counters(3), owners(4)
  common /lock_static/ locks, after, counters, owners
  integer :: hlock, hcounter
  pointer (hlock_a, hlock)
  pointer (hcounter_a, hcounter)
  integer*1 :: heap(1)
  pointer (heap_a, heap)

  integer, parameter :: ITER = 100
  integer :: me, npes, ierr, i, v, tries, pe, r
  character(*), parameter :: this = 'f_lock'

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  check_me = me

  call shpalloc(heap_a, 2, ierr, 0)
  call check('SHPALLOC errcode', ierr, 0)
  hlock_a = heap_a
  hcounter_a = heap_a + 4
  hlock = 0
  hcounter = 0
  locks = 0
  after = 0
  counters = 0
  owners = -1
  call shmem_barrier_all()

  tries = 0
  do i = 1, ITER
    ! LOCKS(1) alone.
    call shmem_set_lock(locks(1))
    call critical(counters(1), owners(1), 'SHMEM_SET_LOCK(LOCKS(1))', i)
    call shmem_clear_lock(locks(1))
    ! LOCKS(2) alone.
    call shmem_set_lock(locks(2))
    call critical(counters(2), owners(2), 'SHMEM_SET_LOCK(LOCKS(2))', i)
    call shmem_clear_lock(locks(2))
    ! Both, nested (always in this order).
    call shmem_set_lock(locks(1))
    call shmem_set_lock(locks(2))
    call critical(counters(3), owners(3), 'SHMEM_SET_LOCK(LOCKS(1) and LOCKS(2))', i)
    call shmem_clear_lock(locks(2))
    call shmem_clear_lock(locks(1))
    ! The heap lock, by SHMEM_TEST_LOCK.
    do
      r = shmem_test_lock(hlock)
      if (r == 0) exit
      call check_true('SHMEM_TEST_LOCK returns 0 or 1', r == 1)
      tries = tries + 1
    end do
    call critical(hcounter, owners(4), 'SHMEM_TEST_LOCK(heap lock)', i)
    call shmem_clear_lock(hlock)
  end do
  call shmem_barrier_all()
  if (me == 0) then
    call check('counter under LOCKS(1)', counters(1), npes * ITER)
    call check('counter under LOCKS(2)', counters(2), npes * ITER)
    call check('counter under both locks', counters(3), npes * ITER)
    call check('counter under the heap lock (SHMEM_TEST_LOCK)', hcounter, npes * ITER)
  end if
  call check('the word after the COMMON locks (untouched)', after, 0)
  call shmem_barrier_all()

  ! SHMEM_TEST_LOCK on a lock that PE 0 holds.
  if (me == 0) call shmem_set_lock(hlock)
  call shmem_barrier_all()
  call check('SHMEM_TEST_LOCK while PE 0 holds the lock', shmem_test_lock(hlock), 1)
  call shmem_barrier_all()
  if (me == 0) call shmem_clear_lock(hlock)
  call shmem_barrier_all()
  ! Each PE in turn: a free lock is taken (0), then it is held (1).
  do pe = 0, npes - 1
    if (me == pe) then
      call check('SHMEM_TEST_LOCK on a free lock', shmem_test_lock(locks(2)), 0)
      call check('SHMEM_TEST_LOCK on a lock the caller holds', shmem_test_lock(locks(2)), 1)
      call check('SHMEM_TEST_LOCK on the other COMMON lock (free)', shmem_test_lock(locks(1)), 0)
      call shmem_clear_lock(locks(1))
      call shmem_clear_lock(locks(2))
    end if
    call shmem_barrier_all()
  end do
  call check('the word after the COMMON locks (untouched)', after, 0)

  call shmem_barrier_all()
  call shpdeallc(heap_a, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  include 'f_end.inc'

contains

  ! Increments COUNTER on PE 0 by GET + PUT (not atomic: only the lock
  ! keeps the updates apart), and checks that nobody else entered meanwhile
  ! (OWNER on PE 0: who entered last).
  subroutine critical(counter, owner, what, i)
    integer :: counter, owner
    character(*), intent(in) :: what
    integer, intent(in) :: i
    integer :: who
    call shmem_integer_put(owner, me, 1, 0)
    call shmem_quiet()
    call shmem_integer_get(v, counter, 1, 0)
    v = v + 1
    call shmem_integer_put(counter, v, 1, 0)
    call shmem_integer_get(who, owner, 1, 0)
    call check(at(what // ': owner at the exit, iteration', i), who, me)
  end subroutine critical

end program f_lock
