! Collectives of the Fortran binding on active sets (OpenSHMEM 1.3 section
! 8.6, reductions apart): SHMEM_BARRIER_ALL, SHMEM_BARRIER,
! SHMEM_BROADCAST4/8/32/64 (the root's dest untouched), SHMEM_COLLECT4/8/32/64
! (a different count on every PE), SHMEM_FCOLLECT4/8/32/64,
! SHMEM_ALLTOALL32/64, SHMEM_ALLTOALLS32/64 (strided). 4 and 8 are 4- and
! 8-byte elements in Fortran, as 32 and 64 bits.
!
! Active sets: all PEs, and for 2 PEs or more the even PEs and the odd PEs
! (logPE_stride 1), one set at a time while the others stand by. Targets:
! a COMMON block and a SHPALLOC'd block. Elements are bytes patterns of the
! PE and position (the high half of a 64-bit element differs from the low
! one), and every byte of every PE's dest is checked: members get the
! result, non-members (and the root of a broadcast) keep their dest
! untouched, and nothing is written past the result or into strides' gaps
! (the source bytes around the data are filled too, so reading too much or
! with the wrong element size shows).
! pSync arrays are default INTEGER, set by DATA to SHMEM_SYNC_VALUE, and
! must hold it again after each call.
program f_coll
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  integer, parameter :: MB = 8192 ! bytes of each static buffer
  integer(1) :: csrc(MB), cdst(MB)
  common /coll_static/ csrc, cdst
  integer(1) :: hsrc(1), hdst(1)
  pointer (hsrc_a, hsrc)
  pointer (hdst_a, hdst)
  integer(1), parameter :: SENT = -1 ! dest bytes nobody may write
  integer(1), parameter :: JUNK = -2 ! source bytes nobody may read

  integer :: psync_bar(SHMEM_BARRIER_SYNC_SIZE), psync_bcast(SHMEM_BCAST_SYNC_SIZE), &
             psync_coll(SHMEM_COLLECT_SYNC_SIZE), psync_a2a(SHMEM_ALLTOALL_SYNC_SIZE), &
             psync_a2as(SHMEM_ALLTOALLS_SYNC_SIZE)
  data psync_bar /SHMEM_BARRIER_SYNC_SIZE*SHMEM_SYNC_VALUE/
  data psync_bcast /SHMEM_BCAST_SYNC_SIZE*SHMEM_SYNC_VALUE/
  data psync_coll /SHMEM_COLLECT_SYNC_SIZE*SHMEM_SYNC_VALUE/
  data psync_a2a /SHMEM_ALLTOALL_SYNC_SIZE*SHMEM_SYNC_VALUE/
  data psync_a2as /SHMEM_ALLTOALLS_SYNC_SIZE*SHMEM_SYNC_VALUE/
  integer :: box
  common /coll_box/ box

  external :: shmem_broadcast4, shmem_broadcast8, shmem_broadcast32, shmem_broadcast64, &
              shmem_collect4, shmem_collect8, shmem_collect32, shmem_collect64, &
              shmem_fcollect4, shmem_fcollect8, shmem_fcollect32, shmem_fcollect64, &
              shmem_alltoall32, shmem_alltoall64, shmem_alltoalls32, shmem_alltoalls64

  integer, parameter :: NE = 3  ! elements per block (collect, alltoall)
  integer, parameter :: NBC = 5 ! broadcast elements
  integer :: me, npes, ierr, hb, need, right, left
  character(*), parameter :: this = 'f_coll'
  ! The active set being tested.
  integer :: s_start, s_log, s_size, s_stride, s_idx
  character(len=32) :: s_name ! fixed length: nothing for LeakSanitizer to find

  include 'f_start.inc'

  ! The largest dest: ALLTOALLS with dst 2 over all PEs, in 8-byte elements.
  need = (npes * NE * 3 + 4) * 8
  hb = max(MB, need)
  call shpalloc(hsrc_a, hb / 4, ierr, 0)
  call check('SHPALLOC errcode (source)', ierr, 0)
  call shpalloc(hdst_a, hb / 4, ierr, 0)
  call check('SHPALLOC errcode (dest)', ierr, 0)

  call active_set(0, 0, npes, 'all PEs')
  if (npes >= 2) then
    call active_set(0, 1, (npes + 1) / 2, 'even PEs')
    call active_set(1, 1, npes / 2, 'odd PEs')
  end if

  call shmem_barrier_all()
  call shpdeallc(hdst_a, ierr, 0)
  call shpdeallc(hsrc_a, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  include 'f_end.inc'

contains

  subroutine active_set(start, logstride, size, name)
    integer, intent(in) :: start, logstride, size
    character(*), intent(in) :: name
    call set(start, logstride, size, name)
    call barrier_test()
    if (need <= MB) then
      call suite('COMMON', csrc, cdst, MB)
    else if (me == 0) then
      write (*, '(a,i0,a)') 'f_coll: static buffers too small for ', npes, ' PEs: heap only'
    end if
    call suite('heap', hsrc, hdst, hb)
  end subroutine active_set

  include 'f_aset.inc'

  ! Byte B of element KEY of PE's data (never SENT).
  integer(1) function pattern(pe, key, b)
    integer, intent(in) :: pe, key, b
    pattern = int(mod(pe * 37 + key * 11 + b * 3, 127), 1)
  end function pattern

  ! Element IDX (from 0) of BUF, of ESIZE bytes, := element KEY of PE.
  subroutine put_elem(buf, nb, esize, idx, pe, key)
    integer, intent(in) :: nb, esize, idx, pe, key
    integer(1), intent(inout) :: buf(nb)
    integer :: b
    do b = 1, esize
      buf(idx * esize + b) = pattern(pe, key, b)
    end do
  end subroutine put_elem

  ! Before a collective: source JUNK, dest and the expected dest SENT.
  subroutine reset(src, dst, expected, nb)
    integer, intent(in) :: nb
    integer(1), intent(out) :: src(nb), dst(nb), expected(nb)
    src = JUNK
    dst = SENT
    expected = SENT
  end subroutine reset

  include 'f_compare.inc'

  subroutine check_psync(what, psync)
    character(*), intent(in) :: what
    integer, intent(in) :: psync(:)
    call check(what // ': pSync elements changed', count(psync /= SHMEM_SYNC_VALUE), 0)
  end subroutine check_psync

  ! After a collective: the member's pSync is back to SHMEM_SYNC_VALUE, and
  ! once every PE is done, dest is what was expected.
  subroutine finish(what, psync, dst, expected, nb)
    character(*), intent(in) :: what
    integer, intent(in) :: psync(:), nb
    integer(1), intent(in) :: dst(nb), expected(nb)
    if (s_idx >= 0) call check_psync(what, psync)
    call shmem_barrier_all()
    call compare(what, dst, expected, nb)
  end subroutine finish

  function label(routine, where) result(s)
    character(*), intent(in) :: routine, where
    character(:), allocatable :: s
    s = routine // ' ' // where // ' on ' // trim(s_name)
  end function label

  ! SHMEM_BARRIER: each member puts to the next member of the set, then the
  ! set's barrier completes the puts; several times on one pSync.
  subroutine barrier_test()
    integer :: round, next, prev
    box = -1
    call shmem_barrier_all()
    if (s_idx >= 0) then
      next = member_pe(mod(s_idx + 1, s_size))
      prev = member_pe(mod(s_idx - 1 + s_size, s_size))
      do round = 1, 5
        call shmem_integer_put(box, 100 * round + me, 1, next)
        call shmem_barrier(s_start, s_log, s_size, psync_bar)
        call check(at(label('SHMEM_BARRIER', 'COMMON') // ': value from the previous member, round', &
                   round), box, 100 * round + prev)
        call check_psync(label('SHMEM_BARRIER', ''), psync_bar)
        call shmem_barrier(s_start, s_log, s_size, psync_bar) ! nobody still reads BOX
      end do
    end if
    call shmem_barrier_all()
    if (s_idx < 0) call check(label('SHMEM_BARRIER', 'COMMON') // ': non-member''s box', box, -1)
    call shmem_barrier_all()
  end subroutine barrier_test

  subroutine suite(where, src, dst, nb)
    character(*), intent(in) :: where
    integer, intent(in) :: nb
    integer(1) :: src(nb), dst(nb)
    integer :: root
    do root = 0, s_size - 1, max(1, s_size - 1)
      call t_bcast('SHMEM_BROADCAST4', shmem_broadcast4, 4, root, where, src, dst, nb)
      call t_bcast('SHMEM_BROADCAST8', shmem_broadcast8, 8, root, where, src, dst, nb)
      call t_bcast('SHMEM_BROADCAST32', shmem_broadcast32, 4, root, where, src, dst, nb)
      call t_bcast('SHMEM_BROADCAST64', shmem_broadcast64, 8, root, where, src, dst, nb)
    end do
    call t_collect('SHMEM_COLLECT4', shmem_collect4, 4, .false., where, src, dst, nb)
    call t_collect('SHMEM_COLLECT8', shmem_collect8, 8, .false., where, src, dst, nb)
    call t_collect('SHMEM_COLLECT32', shmem_collect32, 4, .false., where, src, dst, nb)
    call t_collect('SHMEM_COLLECT64', shmem_collect64, 8, .false., where, src, dst, nb)
    call t_collect('SHMEM_FCOLLECT4', shmem_fcollect4, 4, .true., where, src, dst, nb)
    call t_collect('SHMEM_FCOLLECT8', shmem_fcollect8, 8, .true., where, src, dst, nb)
    call t_collect('SHMEM_FCOLLECT32', shmem_fcollect32, 4, .true., where, src, dst, nb)
    call t_collect('SHMEM_FCOLLECT64', shmem_fcollect64, 8, .true., where, src, dst, nb)
    call t_alltoall('SHMEM_ALLTOALL32', shmem_alltoall32, 4, where, src, dst, nb)
    call t_alltoall('SHMEM_ALLTOALL64', shmem_alltoall64, 8, where, src, dst, nb)
    call t_alltoalls('SHMEM_ALLTOALLS32', shmem_alltoalls32, 4, 1, 1, where, src, dst, nb)
    call t_alltoalls('SHMEM_ALLTOALLS64', shmem_alltoalls64, 8, 1, 1, where, src, dst, nb)
    call t_alltoalls('SHMEM_ALLTOALLS32', shmem_alltoalls32, 4, 2, 3, where, src, dst, nb)
    call t_alltoalls('SHMEM_ALLTOALLS64', shmem_alltoalls64, 8, 3, 2, where, src, dst, nb)
  end subroutine suite

  subroutine t_bcast(routine, bcast, esize, root, where, src, dst, nb)
    character(*), intent(in) :: routine, where
    external :: bcast
    integer, intent(in) :: esize, root, nb
    integer(1) :: src(nb), dst(nb)
    integer(1) :: expected(nb)
    integer :: k
    character(:), allocatable :: what
    what = label(routine, where) // ' root ' // achar(48 + mod(root, 10))
    if (root >= 10) what = at(label(routine, where) // ' root', root)
    call reset(src, dst, expected, nb)
    if (s_idx >= 0) then
      do k = 0, NBC - 1
        call put_elem(src, nb, esize, k, me, k)
        if (s_idx /= root) call put_elem(expected, nb, esize, k, member_pe(root), k)
      end do
    end if
    call shmem_barrier_all()
    if (s_idx >= 0) call bcast(dst, src, NBC, root, s_start, s_log, s_size, psync_bcast)
    call finish(what, psync_bcast, dst, expected, nb)
  end subroutine t_bcast

  ! Member i contributes i+1 elements (COLLECT) or NE (FCOLLECT).
  subroutine t_collect(routine, collect, esize, fixed, where, src, dst, nb)
    character(*), intent(in) :: routine, where
    external :: collect
    integer, intent(in) :: esize, nb
    logical, intent(in) :: fixed
    integer(1) :: src(nb), dst(nb)
    integer(1) :: expected(nb)
    integer :: i, k, at_elem, mine
    character(:), allocatable :: what
    what = label(routine, where)
    call reset(src, dst, expected, nb)
    mine = 0
    if (s_idx >= 0) then
      mine = merge(NE, s_idx + 1, fixed)
      do k = 0, mine - 1
        call put_elem(src, nb, esize, k, me, k)
      end do
      at_elem = 0
      do i = 0, s_size - 1
        do k = 0, merge(NE, i + 1, fixed) - 1
          call put_elem(expected, nb, esize, at_elem, member_pe(i), k)
          at_elem = at_elem + 1
        end do
      end do
    end if
    call shmem_barrier_all()
    if (s_idx >= 0) call collect(dst, src, mine, s_start, s_log, s_size, psync_coll)
    call finish(what, psync_coll, dst, expected, nb)
  end subroutine t_collect

  ! Block j of member i's source goes to block i of member j's dest.
  subroutine t_alltoall(routine, alltoall, esize, where, src, dst, nb)
    character(*), intent(in) :: routine, where
    external :: alltoall
    integer, intent(in) :: esize, nb
    integer(1) :: src(nb), dst(nb)
    integer(1) :: expected(nb)
    integer :: i, j, e
    character(:), allocatable :: what
    what = label(routine, where)
    call reset(src, dst, expected, nb)
    if (s_idx >= 0) then
      do j = 0, s_size - 1
        do e = 0, NE - 1
          call put_elem(src, nb, esize, j * NE + e, me, j * 10 + e)
        end do
      end do
      do i = 0, s_size - 1
        do e = 0, NE - 1
          call put_elem(expected, nb, esize, i * NE + e, member_pe(i), s_idx * 10 + e)
        end do
      end do
    end if
    call shmem_barrier_all()
    if (s_idx >= 0) call alltoall(dst, src, NE, s_start, s_log, s_size, psync_a2a)
    call finish(what, psync_a2a, dst, expected, nb)
  end subroutine t_alltoall

  ! Element e of block j is source element (j*NE + e)*sst (from 0); it lands
  ! at dest element (i*NE + e)*dst of member j, i being the sender.
  subroutine t_alltoalls(routine, alltoalls, esize, ds, ss, where, src, dst, nb)
    character(*), intent(in) :: routine, where
    external :: alltoalls
    integer, intent(in) :: esize, ds, ss, nb
    integer(1) :: src(nb), dst(nb)
    integer(1) :: expected(nb)
    integer :: i, j, e
    character(:), allocatable :: what
    character(24) :: strides
    write (strides, '(a,i0,a,i0,a)') ' (dst ', ds, ', sst ', ss, ')'
    what = label(routine // trim(strides), where)
    call reset(src, dst, expected, nb)
    if (s_idx >= 0) then
      do j = 0, s_size - 1
        do e = 0, NE - 1
          call put_elem(src, nb, esize, (j * NE + e) * ss, me, j * 10 + e)
        end do
      end do
      do i = 0, s_size - 1
        do e = 0, NE - 1
          call put_elem(expected, nb, esize, (i * NE + e) * ds, member_pe(i), s_idx * 10 + e)
        end do
      end do
    end if
    call shmem_barrier_all()
    if (s_idx >= 0) call alltoalls(dst, src, ds, ss, NE, s_start, s_log, s_size, psync_a2as)
    call finish(what, psync_a2as, dst, expected, nb)
  end subroutine t_alltoalls

end program f_coll
