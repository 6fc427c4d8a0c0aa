! Reductions of the Fortran binding (OpenSHMEM 1.3 section 8.6.5), every
! routine of the tables:
!   SHMEM_INT4_ and SHMEM_INT8_  AND, OR, XOR, MAX, MIN, SUM, PROD _TO_ALL
!   SHMEM_REAL4_, REAL8_, REAL16_ MAX, MIN, SUM, PROD _TO_ALL
!   SHMEM_COMP4_ and SHMEM_COMP8_ SUM, PROD _TO_ALL
! with nreduce 1 and NR, and in place (dest = source); on COMMON arrays and
! on SHPALLOC'd ones; over all PEs, then over the even and the odd PEs
! (logPE_stride 1) at the same time, each set with its own pSync. pWrk has
! the spec's size, MAX(NREDUCE/2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE), and
! the type of dest. Values are chosen so that every order of evaluation
! gives the same exact result (INT8 beyond 32 bits; REAL16 values differ by
! 2**-100, which a REAL*8 would lose), computed here by folding over the set;
! dest past nreduce and the source must stay untouched.
program f_reduce
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  integer, parameter :: NR = 7
  integer, parameter :: NW = max(NR / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  integer*4 :: si4(NR), di4(NR), wi4(NW)
  integer*8 :: si8(NR), di8(NR), wi8(NW)
  real*4 :: sr4(NR), dr4(NR), wr4(NW)
  real*8 :: sr8(NR), dr8(NR), wr8(NW)
  real*16 :: sr16(NR), dr16(NR), wr16(NW)
  complex*8 :: sc4(NR), dc4(NR), wc4(NW)
  complex*16 :: sc8(NR), dc8(NR), wc8(NW)
  common /reduce_static/ sr16, dr16, wr16, sc8, dc8, wc8, si8, di8, wi8, sr8, dr8, wr8, &
                         sc4, dc4, wc4, si4, di4, wi4, sr4, dr4, wr4
  integer*4 :: hsi4(NR), hdi4(NR), hwi4(NW)
  integer*8 :: hsi8(NR), hdi8(NR), hwi8(NW)
  real*4 :: hsr4(NR), hdr4(NR), hwr4(NW)
  real*8 :: hsr8(NR), hdr8(NR), hwr8(NW)
  real*16 :: hsr16(NR), hdr16(NR), hwr16(NW)
  complex*8 :: hsc4(NR), hdc4(NR), hwc4(NW)
  complex*16 :: hsc8(NR), hdc8(NR), hwc8(NW)
  pointer (a1, hsi4), (a2, hdi4), (a3, hwi4), (a4, hsi8), (a5, hdi8), (a6, hwi8)
  pointer (a7, hsr4), (a8, hdr4), (a9, hwr4), (a10, hsr8), (a11, hdr8), (a12, hwr8)
  pointer (a13, hsr16), (a14, hdr16), (a15, hwr16), (a16, hsc4), (a17, hdc4), (a18, hwc4)
  pointer (a19, hsc8), (a20, hdc8), (a21, hwc8)
  integer*1 :: heap(1)
  pointer (heap_a, heap)

  integer :: psync1(SHMEM_REDUCE_SYNC_SIZE), psync2(SHMEM_REDUCE_SYNC_SIZE)
  data psync1 /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/
  data psync2 /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/
  integer :: ps(SHMEM_REDUCE_SYNC_SIZE) ! the pSync of the next call
  pointer (ps_a, ps)

  character(4), parameter :: OPS(7) = ['AND ', 'OR  ', 'XOR ', 'MAX ', 'MIN ', 'SUM ', 'PROD']
  integer, parameter :: IAND_ = 1, IOR_ = 2, IXOR_ = 3, MAX_ = 4, MIN_ = 5, SUM_ = 6, PROD_ = 7
  real*16, parameter :: TINY16 = 2.0_16**(-100)

  integer :: me, npes, ierr, off, calls, right, left
  character(*), parameter :: this = 'f_reduce'
  integer :: s_start, s_log, s_size, s_stride, s_idx
  character(len=32) :: s_name ! fixed length: nothing for LeakSanitizer to find

  include 'f_start.inc'
  calls = 0

  call shpalloc(heap_a, 21 * 4 * (NW + 4), ierr, 0)
  call check('SHPALLOC errcode', ierr, 0)
  off = 0
  a1 = carve(4 * NR); a2 = carve(4 * NR); a3 = carve(4 * NW)
  a4 = carve(8 * NR); a5 = carve(8 * NR); a6 = carve(8 * NW)
  a7 = carve(4 * NR); a8 = carve(4 * NR); a9 = carve(4 * NW)
  a10 = carve(8 * NR); a11 = carve(8 * NR); a12 = carve(8 * NW)
  a13 = carve(16 * NR); a14 = carve(16 * NR); a15 = carve(16 * NW)
  a16 = carve(8 * NR); a17 = carve(8 * NR); a18 = carve(8 * NW)
  a19 = carve(16 * NR); a20 = carve(16 * NR); a21 = carve(16 * NW)
  call check_true('heap block large enough', off <= 21 * 4 * (NW + 4) * 4)

  ! All PEs.
  call set(0, 0, npes, 'all PEs')
  call every_type()
  ! Even and odd PEs, at the same time.
  if (npes >= 2) then
    if (mod(me, 2) == 0) then
      call set(0, 1, (npes + 1) / 2, 'even PEs')
    else
      call set(1, 1, npes / 2, 'odd PEs')
    end if
    call every_type()
  end if

  call check('pSync 1 elements changed', count(psync1 /= SHMEM_SYNC_VALUE), 0)
  call check('pSync 2 elements changed', count(psync2 /= SHMEM_SYNC_VALUE), 0)
  call shmem_barrier_all()
  call shpdeallc(heap_a, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  include 'f_end.inc'

contains

  ! The next 16-byte aligned piece of the heap block.
  integer*8 function carve(bytes)
    integer, intent(in) :: bytes
    carve = heap_a + off
    off = off + (bytes + 15) / 16 * 16
  end function carve

  include 'f_aset.inc'

  subroutine every_type()
    call r_int4('COMMON', si4, di4, wi4)
    call r_int4('heap', hsi4, hdi4, hwi4)
    call r_int8('COMMON', si8, di8, wi8)
    call r_int8('heap', hsi8, hdi8, hwi8)
    call r_real4('COMMON', sr4, dr4, wr4)
    call r_real4('heap', hsr4, hdr4, hwr4)
    call r_real8('COMMON', sr8, dr8, wr8)
    call r_real8('heap', hsr8, hdr8, hwr8)
    call r_real16('COMMON', sr16, dr16, wr16)
    call r_real16('heap', hsr16, hdr16, hwr16)
    call r_comp4('COMMON', sc4, dc4, wc4)
    call r_comp4('heap', hsc4, hdc4, hwc4)
    call r_comp8('COMMON', sc8, dc8, wc8)
    call r_comp8('heap', hsc8, hdc8, hwc8)
  end subroutine every_type

  ! The message prefix: routine, nreduce, in place or not, target, set.
  function what(kind, op, n, inplace, where) result(s)
    character(*), intent(in) :: kind, where
    integer, intent(in) :: op, n
    logical, intent(in) :: inplace
    character(:), allocatable :: s
    character(16) :: nr
    write (nr, '(a,i0)') ' nreduce ', n
    s = 'SHMEM_' // kind // '_' // trim(OPS(op)) // '_TO_ALL' // trim(nr) // &
        trim(merge(' in place', '         ', inplace)) // ' ' // where // ' on ' // trim(s_name)
  end function what

  ! PS: PSYNC1 and PSYNC2 by turns.
  subroutine next_psync()
    calls = calls + 1
    if (mod(calls, 2) == 1) then
      ps_a = loc(psync1)
    else
      ps_a = loc(psync2)
    end if
  end subroutine next_psync

  ! ---- INTEGER*4 ----
  integer*4 function v_int4(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    select case (op)
    case (IAND_)
      v_int4 = not(ishft(1, mod(p + 2 * i, 31)))
    case (IOR_)
      v_int4 = ishft(1, mod(p + 2 * i, 31))
    case (IXOR_)
      v_int4 = p * 7919 + i * 104729
    case (MAX_, MIN_)
      v_int4 = mod(p * 37 + i * 11, 101) - 50
    case (SUM_)
      v_int4 = p * 1000 + i - 500
    case default
      v_int4 = merge(-1, 1, mod(p + i, 2) == 1) * merge(2 + mod(i, 2), 1, j < 3)
    end select
  end function v_int4

  ! ---- INTEGER*8 ----
  integer*8 function v_int8(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    select case (op)
    case (IAND_)
      v_int8 = not(ishft(1_8, mod(p + 5 * i, 63)))
    case (IOR_)
      v_int8 = ishft(1_8, mod(p + 5 * i + 30, 63))
    case (IXOR_)
      v_int8 = int(p, 8) * 2_8**33 + int(i, 8) * 2_8**40 + p * i
    case (MAX_, MIN_)
      v_int8 = int(mod(p * 37 + i * 11, 101) - 50, 8) * 2_8**33 + p
    case (SUM_)
      v_int8 = int(p, 8) * 2_8**35 + i
    case default
      v_int8 = merge(-1_8, 1_8, mod(p + i, 2) == 1) * merge(2_8**(10 + j), 1_8, j < 3)
    end select
  end function v_int8

  ! ---- REAL*4 ----
  real*4 function v_real4(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    select case (op)
    case (MAX_, MIN_)
      v_real4 = real(mod(p * 37 + i * 11, 101) - 50) * 0.25
    case (SUM_)
      v_real4 = real(p + 1) * 0.5 + real(i)
    case default
      v_real4 = merge(-1.0, 1.0, mod(p + i, 2) == 1) * merge(1.5 * 2.0**(i - 3), 1.0, j < 3)
    end select
  end function v_real4

  ! ---- REAL*8 ----
  real*8 function v_real8(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    select case (op)
    case (MAX_, MIN_)
      v_real8 = real(mod(p * 37 + i * 11, 101) - 50, 8) * 2.0d0**40 + real(p, 8) * 0.125d0
    case (SUM_)
      v_real8 = real(p, 8) * 2.0d0**30 + real(i, 8) * 0.25d0
    case default
      v_real8 = merge(-1.0d0, 1.0d0, mod(p + i, 2) == 1) * merge(1.25d0 * 2.0d0**(i * 20), 1.0d0, j < 3)
    end select
  end function v_real8

  ! ---- REAL*16 (IEEE quad): values 2**-100 apart ----
  real*16 function v_real16(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    select case (op)
    case (MAX_)
      v_real16 = real(i, 16) + 1.0_16 + real(mod(p + i, 5), 16) * TINY16
    case (MIN_)
      v_real16 = real(i, 16) + 1.0_16 - real(mod(p + i, 5), 16) * TINY16
    case (SUM_)
      v_real16 = real(i, 16) + 1.0_16 + real(p + 1, 16) * TINY16
    case default
      if (j == 0) then
        v_real16 = 1.0_16 + real(i, 16) * TINY16
      else if (j < 3) then
        v_real16 = -2.0_16
      else
        v_real16 = 1.0_16
      end if
    end select
  end function v_real16

  ! ---- COMPLEX*8 (two REAL*4) ----
  complex*8 function v_comp4(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    if (op == SUM_) then
      v_comp4 = cmplx(real(p + i), -0.5 * real(p))
    else if (j < 3) then
      v_comp4 = cmplx(real(1 + mod(i, 2)), real(j))
    else
      v_comp4 = merge((0.0, 1.0), (1.0, 0.0), mod(p + i, 2) == 1)
    end if
  end function v_comp4

  ! ---- COMPLEX*16 (two REAL*8) ----
  complex*16 function v_comp8(op, p, j, i)
    integer, intent(in) :: op, p, j, i
    if (op == SUM_) then
      v_comp8 = cmplx(real(p, 8) * 2.0d0**30 + real(i, 8), -0.25d0 * real(p, 8), kind=8)
    else if (j < 3) then
      v_comp8 = cmplx(real(1 + mod(i, 2), 8) * 2.0d0**30, real(j, 8), kind=8)
    else
      v_comp8 = merge((0.0d0, 1.0d0), (1.0d0, 0.0d0), mod(p + i, 2) == 1)
    end if
  end function v_comp8

  ! F_k, R_k and REDUCE_k of every type k.
  include 'f_reduce_types.inc'

end program f_reduce
