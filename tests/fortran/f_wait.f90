! Point-to-point synchronization of the Fortran binding (OpenSHMEM 1.3
! section 8.7) and the ordering routines it relies on (8.8): SHMEM_WAIT and
! SHMEM_WAIT_UNTIL on a default INTEGER, SHMEM_INT4_WAIT(_UNTIL) on
! INTEGER*4, SHMEM_INT8_WAIT(_UNTIL) on INTEGER*8 (values beyond 32 bits),
! with every SHMEM_CMP_* constant; SHMEM_FENCE and SHMEM_QUIET between a
! payload and its flag.
! - A token goes round the ring of all PEs many times (PE 0 to itself on 1
!   PE): each PE waits for its flag, checks the payload that came before
!   it, and passes both on; the wait routine, the flag's kind and target
!   (COMMON or SHPALLOC'd) and the ordering (payload PUT + FENCE, or PUT_NBI
!   + QUIET) change every round.
! - Each comparison, each kind: the left neighbour first writes a value
!   that does not satisfy the condition, then (after a fence) one that does;
!   the wait must return with the second. A condition already true returns
!   at once.
! - A ping-pong of INTEGER_PUT + WAIT_UNTIL between PE 0 and PE 1.
program f_wait
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  integer, parameter :: PN = 32 ! payload words
  integer*8 :: flag8
  integer*4 :: flag4
  integer :: flag, payload(PN), ping, pong
  common /wait_static/ flag8, flag4, flag, payload, ping, pong
  integer*8 :: hflag8
  integer*4 :: hflag4
  integer :: hflag, hpayload(PN)
  pointer (hflag8_a, hflag8)
  pointer (hflag4_a, hflag4)
  pointer (hflag_a, hflag)
  pointer (hpayload_a, hpayload)
  integer*1 :: heap(1)
  pointer (heap_a, heap)

  integer :: me, npes, right, left, ierr
  character(*), parameter :: this = 'f_wait'

  include 'f_start.inc'

  call shpalloc(heap_a, 4 + PN, ierr, 0)
  call check('SHPALLOC errcode', ierr, 0)
  hflag8_a = heap_a
  hflag4_a = heap_a + 8
  hflag_a = heap_a + 12
  hpayload_a = heap_a + 16

  call ring()
  call comparisons()
  call ping_pong()

  call shmem_barrier_all()
  call shpdeallc(heap_a, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  include 'f_end.inc'

contains

  subroutine ring()
    integer, parameter :: ROUNDS = 48
    integer :: r, mode, i
    integer :: prev(6) ! the last value written to each flag (default, INT4, INT8; static, heap)
    integer :: out(PN)
    character(:), allocatable :: what

    flag8 = 0
    flag4 = 0
    flag = 0
    hflag8 = 0
    hflag4 = 0
    hflag = 0
    prev = 0
    call shmem_barrier_all()
    do r = 1, ROUNDS
      mode = mod(r - 1, 6) + 1 ! 1-2 default INTEGER, 3-4 INTEGER*4, 5-6 INTEGER*8
      if (me /= 0) then
        call receive(r, mode, prev, what)
      end if
      ! Pass it on: the payload first, ordered before the flag.
      do i = 1, PN
        out(i) = r * 1000 + i
      end do
      if (mod(r, 2) == 1) then
        call shmem_integer_put(payload, out, PN, right)
        call shmem_integer_put(hpayload, out, PN, right)
        call shmem_fence()
      else
        call shmem_integer_put_nbi(payload, out, PN, right)
        call shmem_putmem_nbi(hpayload, out, 4 * PN, right)
        call shmem_quiet()
      end if
      select case (mode)
      case (1, 2)
        if (mod(r / 6, 2) == 0) then
          call shmem_integer_put(flag, r, 1, right)
        else
          call shmem_integer_put(hflag, r, 1, right)
        end if
      case (3, 4)
        if (mod(r / 6, 2) == 0) then
          call shmem_int4_set(flag4, int(r, 4), right)
        else
          call shmem_put4(hflag4, int(r, 4), 1, right)
        end if
      case (5, 6)
        if (mod(r / 6, 2) == 0) then
          call shmem_put8(flag8, int(r, 8) * 2_8**32, 1, right)
        else
          call shmem_int8_set(hflag8, int(r, 8) * 2_8**32, right)
        end if
      end select
      if (me == 0) then
        call receive(r, mode, prev, what)
      end if
    end do
    call shmem_barrier_all()
  end subroutine ring

  ! Waits for round R's flag (the wait routine chosen by MODE), then checks
  ! the payload.
  subroutine receive(r, mode, prev, what)
    integer, intent(in) :: r, mode
    integer, intent(inout) :: prev(6)
    character(:), allocatable, intent(out) :: what
    logical :: on_heap
    integer :: slot
    on_heap = mod(r / 6, 2) /= 0
    slot = (mode + 1) / 2 + merge(3, 0, on_heap)
    select case (mode)
    case (1)
      what = 'SHMEM_WAIT_UNTIL(CMP_EQ)'
      if (on_heap) then
        call shmem_wait_until(hflag, SHMEM_CMP_EQ, r)
        call check(at(what // ' heap flag, round', r), hflag, r)
      else
        call shmem_wait_until(flag, SHMEM_CMP_EQ, r)
        call check(at(what // ' COMMON flag, round', r), flag, r)
      end if
    case (2)
      what = 'SHMEM_WAIT'
      if (on_heap) then
        call shmem_wait(hflag, prev(slot))
        call check(at(what // ' heap flag, round', r), hflag, r)
      else
        call shmem_wait(flag, prev(slot))
        call check(at(what // ' COMMON flag, round', r), flag, r)
      end if
    case (3)
      what = 'SHMEM_INT4_WAIT_UNTIL(CMP_GE)'
      if (on_heap) then
        call shmem_int4_wait_until(hflag4, SHMEM_CMP_GE, int(r, 4))
        call check(at(what // ' heap flag, round', r), hflag4, int(r, 4))
      else
        call shmem_int4_wait_until(flag4, SHMEM_CMP_GE, int(r, 4))
        call check(at(what // ' COMMON flag, round', r), flag4, int(r, 4))
      end if
    case (4)
      what = 'SHMEM_INT4_WAIT'
      if (on_heap) then
        call shmem_int4_wait(hflag4, int(prev(slot), 4))
        call check(at(what // ' heap flag, round', r), hflag4, int(r, 4))
      else
        call shmem_int4_wait(flag4, int(prev(slot), 4))
        call check(at(what // ' COMMON flag, round', r), flag4, int(r, 4))
      end if
    case (5)
      ! Only the high word changes: a 32-bit comparison would return at once.
      what = 'SHMEM_INT8_WAIT_UNTIL(CMP_GT)'
      if (on_heap) then
        call shmem_int8_wait_until(hflag8, SHMEM_CMP_GT, int(prev(slot), 8) * 2_8**32)
        call check(at(what // ' heap flag, round', r), hflag8, int(r, 8) * 2_8**32)
      else
        call shmem_int8_wait_until(flag8, SHMEM_CMP_GT, int(prev(slot), 8) * 2_8**32)
        call check(at(what // ' COMMON flag, round', r), flag8, int(r, 8) * 2_8**32)
      end if
    case (6)
      what = 'SHMEM_INT8_WAIT'
      if (on_heap) then
        call shmem_int8_wait(hflag8, int(prev(slot), 8) * 2_8**32)
        call check(at(what // ' heap flag, round', r), hflag8, int(r, 8) * 2_8**32)
      else
        call shmem_int8_wait(flag8, int(prev(slot), 8) * 2_8**32)
        call check(at(what // ' COMMON flag, round', r), flag8, int(r, 8) * 2_8**32)
      end if
    end select
    prev(slot) = r
    call check_payload(what // merge(' + FENCE    ', ' + NBI/QUIET', mod(r, 2) == 1), r, &
                       payload, hpayload)
  end subroutine receive

  subroutine check_payload(what, r, p, hp)
    character(*), intent(in) :: what
    integer, intent(in) :: r, p(PN), hp(PN)
    integer :: i, bad
    bad = 0
    do i = 1, PN
      if (p(i) /= r * 1000 + i .or. hp(i) /= r * 1000 + i) then
        bad = bad + 1
        if (bad == 1) then
          call check(at(what // ': COMMON payload, round', r, i), p(i), r * 1000 + i)
          call check(at(what // ': heap payload, round', r, i), hp(i), r * 1000 + i)
        end if
      end if
    end do
    call check(at(what // ': payload words not yet there, round', r), bad, 0)
  end subroutine check_payload

  ! Every comparison on every kind: a first value that fails it, a second
  ! that satisfies it.
  subroutine comparisons()
    integer :: cmps(6), firsts(6), seconds(6), starts(6), targets(6)
    character(5) :: names(6)
    integer :: c, kind, v
    logical :: on_heap
    cmps = [SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE]
    names = ['EQ   ', 'NE   ', 'GT   ', 'GE   ', 'LT   ', 'LE   ']
    ! Initial value, comparison value, first (fails) and second (holds).
    starts = [0, 7, 0, 0, 0, 0]
    targets = [42, 7, 10, 10, 0, -5]
    firsts = [41, 7, 10, 9, 0, -4]
    seconds = [42, 8, 11, 10, -1, -5]
    do kind = 1, 3
      do c = 1, 6
        on_heap = mod(c + kind, 2) == 0
        call set_flag(kind, on_heap, starts(c))
        call shmem_barrier_all()
        call write_flag(kind, on_heap, firsts(c), right)
        call shmem_fence()
        call write_flag(kind, on_heap, seconds(c), right)
        call wait_flag(kind, on_heap, cmps(c), targets(c))
        v = read_flag(kind, on_heap)
        call check(trim(kind_name(kind)) // '_WAIT_UNTIL(SHMEM_CMP_' // trim(names(c)) // &
                   merge(') heap  ', ') COMMON', on_heap) // ' returned with', v, seconds(c))
        call shmem_barrier_all()
        ! Already true: returns at once.
        call wait_flag(kind, on_heap, cmps(c), targets(c))
        call shmem_barrier_all()
      end do
    end do
  end subroutine comparisons

  function kind_name(kind) result(s)
    integer, intent(in) :: kind
    character(10) :: s
    s = merge('SHMEM     ', 'SHMEM_INT4', kind == 1)
    if (kind == 3) s = 'SHMEM_INT8'
  end function kind_name

  subroutine set_flag(kind, on_heap, v)
    integer, intent(in) :: kind, v
    logical, intent(in) :: on_heap
    select case (kind)
    case (1)
      if (on_heap) then
        hflag = v
      else
        flag = v
      end if
    case (2)
      if (on_heap) then
        hflag4 = v
      else
        flag4 = v
      end if
    case (3)
      ! The high word is set too: the comparisons must use all 64 bits.
      if (on_heap) then
        hflag8 = int(v, 8) + 2_8**40
      else
        flag8 = int(v, 8) + 2_8**40
      end if
    end select
  end subroutine set_flag

  subroutine write_flag(kind, on_heap, v, pe)
    integer, intent(in) :: kind, v, pe
    logical, intent(in) :: on_heap
    select case (kind)
    case (1)
      if (on_heap) then
        call shmem_integer_put(hflag, v, 1, pe)
      else
        call shmem_integer_put(flag, v, 1, pe)
      end if
    case (2)
      if (on_heap) then
        call shmem_int4_set(hflag4, int(v, 4), pe)
      else
        call shmem_put32(flag4, int(v, 4), 1, pe)
      end if
    case (3)
      if (on_heap) then
        call shmem_int8_set(hflag8, int(v, 8) + 2_8**40, pe)
      else
        call shmem_put64(flag8, int(v, 8) + 2_8**40, 1, pe)
      end if
    end select
  end subroutine write_flag

  subroutine wait_flag(kind, on_heap, cmp, v)
    integer, intent(in) :: kind, cmp, v
    logical, intent(in) :: on_heap
    select case (kind)
    case (1)
      if (on_heap) then
        call shmem_wait_until(hflag, cmp, v)
      else
        call shmem_wait_until(flag, cmp, v)
      end if
    case (2)
      if (on_heap) then
        call shmem_int4_wait_until(hflag4, cmp, int(v, 4))
      else
        call shmem_int4_wait_until(flag4, cmp, int(v, 4))
      end if
    case (3)
      if (on_heap) then
        call shmem_int8_wait_until(hflag8, cmp, int(v, 8) + 2_8**40)
      else
        call shmem_int8_wait_until(flag8, cmp, int(v, 8) + 2_8**40)
      end if
    end select
  end subroutine wait_flag

  integer function read_flag(kind, on_heap)
    integer, intent(in) :: kind
    logical, intent(in) :: on_heap
    select case (kind)
    case (1)
      read_flag = merge(hflag, flag, on_heap)
    case (2)
      read_flag = merge(hflag4, flag4, on_heap)
    case default
      read_flag = int(merge(hflag8, flag8, on_heap) - 2_8**40)
    end select
  end function read_flag

  ! PE 0 and PE 1 (PE 0 alone on 1 PE): PING goes one way, PONG back.
  subroutine ping_pong()
    integer, parameter :: N = 200
    integer :: i, peer
    ping = 0
    pong = 0
    call shmem_barrier_all()
    peer = merge(1, 0, npes > 1)
    if (npes == 1) then
      do i = 1, N
        call shmem_integer_put(ping, i, 1, 0)
        call shmem_wait(ping, i - 1)
        call check_true(at('ping-pong (self): PING after SHMEM_WAIT, round', i), ping == i)
        call shmem_integer_put(pong, i, 1, 0)
        call shmem_wait_until(pong, SHMEM_CMP_EQ, i)
        call check_true(at('ping-pong (self): PONG after SHMEM_WAIT_UNTIL, round', i), pong == i)
      end do
    else if (me == 0) then
      do i = 1, N
        call shmem_integer_put(ping, i, 1, peer)
        call shmem_wait_until(pong, SHMEM_CMP_EQ, i)
        call check_true(at('ping-pong: PONG after SHMEM_WAIT_UNTIL, round', i), pong == i)
      end do
    else if (me == peer) then
      do i = 1, N
        call shmem_wait(ping, i - 1)
        call check_true(at('ping-pong: PING after SHMEM_WAIT, round', i), ping == i)
        call shmem_integer_put(pong, i, 1, 0)
      end do
    end if
    call shmem_barrier_all()
  end subroutine ping_pong

end program f_wait
