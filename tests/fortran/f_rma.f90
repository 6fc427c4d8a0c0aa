! Contiguous RMA of the Fortran binding (OpenSHMEM 1.3 sections 8.3 and 8.4):
! every SHMEM_<TYPE>_PUT/GET, SHMEM_PUT4/8/32/64/128, GET4/8/32/64/128,
! SHMEM_PUTMEM/GETMEM and the deprecated SHMEM_PUT/SHMEM_GET, each blocking
! and _NBI (completed by SHMEM_QUIET).
!
! Part 1 moves bytes: each routine with its element size (4 and 8 count
! BYTES in Fortran, 32/64/128 bits, CHARACTER and MEM single bytes), on a
! COMMON block and on a SHPALLOC'd block, to and from the right neighbour and
! the PE itself, with 0, 1 and 8 elements (the last at an element offset on
! both sides); every byte of the target is checked, so a wrong element size
! shows as a short or long transfer.
! Part 2 moves Fortran data with the typed routines (INTEGER, LOGICAL, REAL,
! DOUBLE PRECISION, COMPLEX, CHARACTER, REAL*16 with PUT128 ...), and sums a
! value from every PE with SHMEM_REAL_GET as the spec's REDUCTION example does.
program f_rma
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  ! Part 1: byte buffers, static (COMMON) and on the heap.
  integer, parameter :: NB = 256
  integer(1) :: sbuf(NB), dbuf(NB)
  common /rma_bytes/ sbuf, dbuf
  integer(1) :: hs(NB), hd(NB)
  pointer (hs_addr, hs)
  pointer (hd_addr, hd)
  integer(1), parameter :: SENT = -1 ! never a pattern byte

  ! Part 2: typed data.
  integer, parameter :: NT = 6
  integer :: ti(NT), tid(NT)
  logical :: tl(NT), tld(NT)
  real :: tr(NT), trd(NT)
  double precision :: td(NT), tdd(NT)
  complex :: tc(NT), tcd(NT)
  character(len=16) :: tch, tchd
  integer(8) :: t8(NT), t8d(NT)
  real(16) :: tq(NT), tqd(NT)
  complex(8) :: tz(NT), tzd(NT)
  real :: values
  common /rma_typed/ ti, tid, tl, tld, tr, trd, td, tdd, tc, tcd, tch, tchd, t8, t8d, tq, tqd, &
                     tz, tzd, values
  integer :: hti(NT)
  pointer (hti_addr, hti)
  complex(8) :: htz(NT)
  pointer (htz_addr, htz)

  external :: shmem_character_put, shmem_character_get, shmem_character_put_nbi, &
              shmem_character_get_nbi, shmem_complex_put, shmem_complex_get, &
              shmem_complex_put_nbi, shmem_complex_get_nbi, shmem_double_put, &
              shmem_double_get, shmem_double_put_nbi, shmem_double_get_nbi, &
              shmem_integer_put, shmem_integer_get, shmem_integer_put_nbi, &
              shmem_integer_get_nbi, shmem_logical_put, shmem_logical_get, &
              shmem_logical_put_nbi, shmem_logical_get_nbi, shmem_real_put, shmem_real_get, &
              shmem_real_put_nbi, shmem_real_get_nbi, shmem_put4, shmem_get4, shmem_put4_nbi, &
              shmem_get4_nbi, shmem_put8, shmem_get8, shmem_put8_nbi, shmem_get8_nbi, &
              shmem_put32, shmem_get32, shmem_put32_nbi, shmem_get32_nbi, shmem_put64, &
              shmem_get64, shmem_put64_nbi, shmem_get64_nbi, shmem_put128, shmem_get128, &
              shmem_put128_nbi, shmem_get128_nbi, shmem_putmem, shmem_getmem, &
              shmem_putmem_nbi, shmem_getmem_nbi, shmem_put, shmem_get, shmem_put_nbi, &
              shmem_get_nbi

  integer :: me, npes, right, left, ierr
  integer :: salt = 0 ! one more for each transfer
  character(*), parameter :: this = 'f_rma'

  include 'f_start.inc'

  call alloc_bytes()

  call sweep('SHMEM_CHARACTER_PUT', 'SHMEM_CHARACTER_GET', 1, shmem_character_put, &
             shmem_character_get, shmem_character_put_nbi, shmem_character_get_nbi)
  call sweep('SHMEM_COMPLEX_PUT', 'SHMEM_COMPLEX_GET', 8, shmem_complex_put, &
             shmem_complex_get, shmem_complex_put_nbi, shmem_complex_get_nbi)
  call sweep('SHMEM_DOUBLE_PUT', 'SHMEM_DOUBLE_GET', 8, shmem_double_put, shmem_double_get, &
             shmem_double_put_nbi, shmem_double_get_nbi)
  call sweep('SHMEM_INTEGER_PUT', 'SHMEM_INTEGER_GET', 4, shmem_integer_put, &
             shmem_integer_get, shmem_integer_put_nbi, shmem_integer_get_nbi)
  call sweep('SHMEM_LOGICAL_PUT', 'SHMEM_LOGICAL_GET', 4, shmem_logical_put, &
             shmem_logical_get, shmem_logical_put_nbi, shmem_logical_get_nbi)
  call sweep('SHMEM_REAL_PUT', 'SHMEM_REAL_GET', 4, shmem_real_put, shmem_real_get, &
             shmem_real_put_nbi, shmem_real_get_nbi)
  call sweep('SHMEM_PUT4', 'SHMEM_GET4', 4, shmem_put4, shmem_get4, shmem_put4_nbi, &
             shmem_get4_nbi)
  call sweep('SHMEM_PUT8', 'SHMEM_GET8', 8, shmem_put8, shmem_get8, shmem_put8_nbi, &
             shmem_get8_nbi)
  call sweep('SHMEM_PUT32', 'SHMEM_GET32', 4, shmem_put32, shmem_get32, shmem_put32_nbi, &
             shmem_get32_nbi)
  call sweep('SHMEM_PUT64', 'SHMEM_GET64', 8, shmem_put64, shmem_get64, shmem_put64_nbi, &
             shmem_get64_nbi)
  call sweep('SHMEM_PUT128', 'SHMEM_GET128', 16, shmem_put128, shmem_get128, &
             shmem_put128_nbi, shmem_get128_nbi)
  call sweep('SHMEM_PUTMEM', 'SHMEM_GETMEM', 1, shmem_putmem, shmem_getmem, shmem_putmem_nbi, &
             shmem_getmem_nbi)
  call sweep('SHMEM_PUT', 'SHMEM_GET', 8, shmem_put, shmem_get, shmem_put_nbi, shmem_get_nbi)

  call typed()

  call free_bytes()

  include 'f_end.inc'

contains

  ! Byte I of PE's source for one transfer (0 to 126: never SENT).
  integer(1) function pattern(pe, s, i)
    integer, intent(in) :: pe, s, i
    pattern = int(mod(pe * 53 + s * 17 + i * 7, 127), 1)
  end function pattern

  ! One routine family on both targets.
  subroutine sweep(pname, gname, esize, put, get, put_nbi, get_nbi)
    character(*), intent(in) :: pname, gname
    integer, intent(in) :: esize
    external :: put, get, put_nbi, get_nbi
    call on_target(pname, gname, 'COMMON', esize, put, get, put_nbi, get_nbi, sbuf, dbuf)
    call on_target(pname, gname, 'heap', esize, put, get, put_nbi, get_nbi, hs, hd)
  end subroutine sweep

  ! Every variant, peer and size on one pair of symmetric buffers.
  subroutine on_target(pname, gname, where, esize, put, get, put_nbi, get_nbi, src, dst)
    character(*), intent(in) :: pname, gname, where
    integer, intent(in) :: esize
    external :: put, get, put_nbi, get_nbi
    integer(1) :: src(NB), dst(NB)
    integer, parameter :: NCASE = 3
    ! Elements, then the element offsets of dest and source.
    integer, parameter :: counts(NCASE) = [0, 1, 8], doffs(NCASE) = [0, 0, 1], &
                          soffs(NCASE) = [0, 0, 2]
    integer :: peer, k, variant, pe, n, db, sb, owner
    character(:), allocatable :: what

    do peer = 1, 2
      pe = merge(right, me, peer == 1)
      do k = 1, NCASE
        n = counts(k)
        db = doffs(k) * esize
        sb = soffs(k) * esize
        do variant = 1, 4
          salt = salt + 1
          call fill(src, me, salt)
          dst = SENT
          call shmem_barrier_all() ! every source filled, every dest reset
          select case (variant)
          case (1)
            what = pname
            call put(dst(db + 1), src(sb + 1), n, pe)
          case (2)
            what = pname // '_NBI'
            call put_nbi(dst(db + 1), src(sb + 1), n, pe)
            call shmem_quiet()
          case (3)
            what = gname
            call get(dst(db + 1), src(sb + 1), n, pe)
          case (4)
            what = gname // '_NBI'
            call get_nbi(dst(db + 1), src(sb + 1), n, pe)
            call shmem_quiet()
          end select
          if (variant <= 2) then
            call shmem_barrier_all() ! the puts to me are complete
            owner = merge(left, me, peer == 1)
          else
            owner = pe
          end if
          call verify(what // ' ' // where // ' ' // trim(merge('neighbour', 'self     ', &
                      peer == 1)) // ' nelems=' // char(48 + n), dst, db, sb, n * esize, owner, salt)
          if (variant > 2) call shmem_barrier_all() ! nobody still reads my source
        end do
      end do
    end do
  end subroutine on_target

  include 'f_bytes.inc'

  ! dst(db+1 : db+nbytes) holds bytes sb+1 ... of OWNER's source, the rest SENT.
  subroutine verify(what, dst, db, sb, nbytes, owner, s)
    character(*), intent(in) :: what
    integer(1), intent(in) :: dst(NB)
    integer, intent(in) :: db, sb, nbytes, owner, s
    integer(1) :: expected(NB)
    integer :: i
    expected = SENT
    do i = db + 1, db + nbytes
      expected(i) = pattern(owner, s, sb + i - db)
    end do
    call compare(what, dst, expected, NB)
  end subroutine verify

  ! Part 2: Fortran types through their own routines.
  subroutine typed()
    integer :: i, pe
    real :: work, total
    character(len=16) :: expect_ch

    call set_typed(me)
    tid = -1
    tld = .false.
    trd = -1.0
    tdd = -1.0d0
    tcd = (-1.0, -1.0)
    tchd = '----------------'
    t8d = -1
    tqd = -1.0_16
    tzd = (-1.0d0, -1.0d0)
    call shmem_barrier_all()

    ! Puts to the right neighbour, of all but the last element.
    call shmem_integer_put(tid, ti, NT - 1, right)
    call shmem_logical_put(tld, tl, NT - 1, right)
    call shmem_real_put(trd, tr, NT - 1, right)
    call shmem_double_put(tdd, td, NT - 1, right)
    call shmem_complex_put(tcd, tc, NT - 1, right)
    call shmem_character_put(tchd, tch, 5, right) ! 5 characters of 16
    call shmem_put8(t8d, t8, NT - 1, right)
    call shmem_put128(tqd, tq, NT - 1, right)
    call shmem_put128(tzd, tz, NT - 1, right)
    call shmem_barrier_all()
    call set_typed(left)
    do i = 1, NT - 1
      call check(at('SHMEM_INTEGER_PUT tid', i), tid(i), ti(i))
      call check(at('SHMEM_LOGICAL_PUT tld', i), tld(i), tl(i))
      call check(at('SHMEM_REAL_PUT trd', i), trd(i), tr(i))
      call check(at('SHMEM_DOUBLE_PUT tdd', i), tdd(i), td(i))
      call check(at('SHMEM_COMPLEX_PUT tcd', i), tcd(i), tc(i))
      call check(at('SHMEM_PUT8 (INTEGER*8) t8d', i), t8d(i), t8(i))
      call check(at('SHMEM_PUT128 (REAL*16) tqd', i), tqd(i), tq(i))
      call check(at('SHMEM_PUT128 (COMPLEX*16) tzd', i), tzd(i), tz(i))
    end do
    call check(at('SHMEM_INTEGER_PUT tid (not sent)', NT), tid(NT), -1)
    call check(at('SHMEM_LOGICAL_PUT tld (not sent)', NT), tld(NT), .false.)
    call check(at('SHMEM_REAL_PUT trd (not sent)', NT), trd(NT), -1.0)
    call check(at('SHMEM_DOUBLE_PUT tdd (not sent)', NT), tdd(NT), -1.0d0)
    call check(at('SHMEM_COMPLEX_PUT tcd (not sent)', NT), tcd(NT), (-1.0, -1.0))
    call check(at('SHMEM_PUT8 t8d (not sent)', NT), t8d(NT), -1_8)
    call check(at('SHMEM_PUT128 tqd (not sent)', NT), tqd(NT), -1.0_16)
    call check(at('SHMEM_PUT128 tzd (not sent)', NT), tzd(NT), (-1.0d0, -1.0d0))
    expect_ch = tch(1:5) // '-----------'
    call check('SHMEM_CHARACTER_PUT tchd', tchd, expect_ch)
    call shmem_barrier_all()

    ! Gets from the right neighbour, into the same (now local) arrays.
    call set_typed(me)
    call shmem_barrier_all()
    call shmem_integer_get(tid, ti, NT, right)
    call shmem_logical_get(tld, tl, NT, right)
    call shmem_real_get(trd, tr, NT, right)
    call shmem_double_get(tdd, td, NT, right)
    call shmem_complex_get(tcd, tc, NT, right)
    call shmem_character_get(tchd, tch, 16, right)
    call shmem_get(t8d, t8, NT, right)
    call shmem_get128(tqd, tq, NT, right)
    tzd = (0.0d0, 0.0d0)
    call shmem_get64(tzd, tz, 2 * NT, right) ! COMPLEX*16 as 64-bit halves
    call shmem_barrier_all()
    call set_typed(right)
    do i = 1, NT
      call check(at('SHMEM_INTEGER_GET tid', i), tid(i), ti(i))
      call check(at('SHMEM_LOGICAL_GET tld', i), tld(i), tl(i))
      call check(at('SHMEM_REAL_GET trd', i), trd(i), tr(i))
      call check(at('SHMEM_DOUBLE_GET tdd', i), tdd(i), td(i))
      call check(at('SHMEM_COMPLEX_GET tcd', i), tcd(i), tc(i))
      call check(at('SHMEM_GET64 (COMPLEX*16) tzd', i), tzd(i), tz(i))
      call check(at('SHMEM_GET (INTEGER*8) t8d', i), t8d(i), t8(i))
      call check(at('SHMEM_GET128 (REAL*16) tqd', i), tqd(i), tq(i))
    end do
    call check('SHMEM_CHARACTER_GET tchd', tchd, tch)
    call shmem_barrier_all()

    ! Typed routines on the heap: SHMEM_INTEGER_PUT_NBI, SHMEM_COMPLEX_GET_NBI
    ! (COMPLEX*16 as two default COMPLEX), SHMEM_PUT64 on COMPLEX*16 halves.
    call shpalloc(hti_addr, NT, ierr, 0)
    call check('SHPALLOC errcode (hti)', ierr, 0)
    call shpalloc(htz_addr, 4 * NT, ierr, 0)
    call check('SHPALLOC errcode (htz)', ierr, 0)
    call set_typed(me)
    hti = -7
    do i = 1, NT
      htz(i) = tz(i)
    end do
    call shmem_barrier_all()
    call shmem_integer_put_nbi(hti, ti, NT, right)
    call shmem_quiet()
    call shmem_barrier_all()
    call set_typed(left)
    do i = 1, NT
      call check(at('SHMEM_INTEGER_PUT_NBI heap hti', i), hti(i), ti(i))
    end do
    tzd = (0.0d0, 0.0d0)
    call shmem_complex_get_nbi(tzd, htz, 2 * NT, right)
    call shmem_quiet()
    call set_typed(right)
    do i = 1, NT
      call check(at('SHMEM_COMPLEX_GET_NBI heap tzd', i), tzd(i), tz(i))
    end do
    call shmem_barrier_all()
    call shpdeallc(htz_addr, ierr, 0)
    call check('SHPDEALLC errcode (htz)', ierr, 0)
    call shpdeallc(hti_addr, ierr, 0)
    call check('SHPDEALLC errcode (hti)', ierr, 0)

    ! The spec's REDUCTION example, with the right count: every PE sums the
    ! VALUES of all PEs with SHMEM_REAL_GET.
    values = real(me + 1)
    call shmem_barrier_all()
    total = 0.0
    do pe = 0, npes - 1
      work = -1.0
      call shmem_real_get(work, values, 1, pe)
      call check(at('SHMEM_REAL_GET VALUES from PE', pe), work, real(pe + 1))
      total = total + work
    end do
    call check('sum of VALUES', total, real(npes * (npes + 1) / 2))
    call shmem_barrier_all()
  end subroutine typed

  ! The typed sources as PE holds them.
  subroutine set_typed(pe)
    integer, intent(in) :: pe
    integer :: i
    do i = 1, NT
      ti(i) = 1000 * pe + i
      tl(i) = mod(pe + i, 2) == 0
      tr(i) = real(pe) + real(i) / 4.0
      td(i) = real(pe, 8) * 1.0d10 + real(i, 8) / 8.0d0
      tc(i) = cmplx(real(pe), -real(i) / 2.0)
      t8(i) = int(pe, 8) * 2_8**40 + i
      tq(i) = 1.0_16 + real(pe * 8 + i, 16) * 2.0_16**(-100)
      tz(i) = cmplx(real(pe, 8) + 2.0d0**(-40), real(-i, 8), kind=8)
    end do
    write (tch, '(a,i3.3,a)') 'PE', pe, '-characters'
  end subroutine set_typed

end program f_rma
