! Strided RMA of the Fortran binding (OpenSHMEM 1.3 sections 8.3.3 and
! 8.3.6): SHMEM_{COMPLEX,DOUBLE,INTEGER,LOGICAL,REAL}_IPUT/IGET and
! SHMEM_IPUT4/8/32/64/128, IGET4/8/32/64/128 (4 and 8 count bytes: 4- and
! 8-byte elements), with default INTEGER dst, sst, nelems and pe.
!
! Part 1 moves bytes: each routine with its element size, on a COMMON block
! and on a SHPALLOC'd block, to and from the right neighbour and the PE
! itself, with several (dst, sst, nelems); every byte of the target is
! checked (the gaps between the strided elements must stay untouched).
! Part 2 moves Fortran data: the spec's STRIDELOGICAL example, a row of a
! 2-D INTEGER array into a column, REAL, DOUBLE PRECISION and COMPLEX on the
! heap.
program f_strided
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes

  integer, parameter :: NB = 512
  integer(1) :: sbuf(NB), dbuf(NB)
  common /strided_bytes/ sbuf, dbuf
  integer(1) :: hs(NB), hd(NB)
  pointer (hs_addr, hs)
  pointer (hd_addr, hd)
  integer(1), parameter :: SENT = -1

  external :: shmem_complex_iput, shmem_complex_iget, shmem_double_iput, shmem_double_iget, &
              shmem_integer_iput, shmem_integer_iget, shmem_logical_iput, shmem_logical_iget, &
              shmem_real_iput, shmem_real_iget, shmem_iput4, shmem_iget4, shmem_iput8, &
              shmem_iget8, shmem_iput32, shmem_iget32, shmem_iput64, shmem_iget64, &
              shmem_iput128, shmem_iget128

  integer :: me, npes, right, left, ierr
  integer :: salt = 0 ! one more for each transfer
  character(*), parameter :: this = 'f_strided'

  include 'f_start.inc'

  call alloc_bytes()

  call sweep('SHMEM_COMPLEX_IPUT', 'SHMEM_COMPLEX_IGET', 8, shmem_complex_iput, &
             shmem_complex_iget)
  call sweep('SHMEM_DOUBLE_IPUT', 'SHMEM_DOUBLE_IGET', 8, shmem_double_iput, shmem_double_iget)
  call sweep('SHMEM_INTEGER_IPUT', 'SHMEM_INTEGER_IGET', 4, shmem_integer_iput, &
             shmem_integer_iget)
  call sweep('SHMEM_LOGICAL_IPUT', 'SHMEM_LOGICAL_IGET', 4, shmem_logical_iput, &
             shmem_logical_iget)
  call sweep('SHMEM_REAL_IPUT', 'SHMEM_REAL_IGET', 4, shmem_real_iput, shmem_real_iget)
  call sweep('SHMEM_IPUT4', 'SHMEM_IGET4', 4, shmem_iput4, shmem_iget4)
  call sweep('SHMEM_IPUT8', 'SHMEM_IGET8', 8, shmem_iput8, shmem_iget8)
  call sweep('SHMEM_IPUT32', 'SHMEM_IGET32', 4, shmem_iput32, shmem_iget32)
  call sweep('SHMEM_IPUT64', 'SHMEM_IGET64', 8, shmem_iput64, shmem_iget64)
  call sweep('SHMEM_IPUT128', 'SHMEM_IGET128', 16, shmem_iput128, shmem_iget128)

  call free_bytes()

  call typed()

  include 'f_end.inc'

contains

  integer(1) function pattern(pe, s, i)
    integer, intent(in) :: pe, s, i
    pattern = int(mod(pe * 59 + s * 13 + i * 5, 127), 1)
  end function pattern

  subroutine sweep(pname, gname, esize, iput, iget)
    character(*), intent(in) :: pname, gname
    integer, intent(in) :: esize
    external :: iput, iget
    call on_target(pname, gname, 'COMMON', esize, iput, iget, sbuf, dbuf)
    call on_target(pname, gname, 'heap', esize, iput, iget, hs, hd)
  end subroutine sweep

  subroutine on_target(pname, gname, where, esize, iput, iget, src, dst)
    character(*), intent(in) :: pname, gname, where
    integer, intent(in) :: esize
    external :: iput, iget
    integer(1) :: src(NB), dst(NB)
    integer, parameter :: NCASE = 6
    integer, parameter :: dsts(NCASE) = [1, 2, 3, 1, 5, 2], ssts(NCASE) = [1, 3, 1, 2, 1, 2], &
                          counts(NCASE) = [5, 4, 4, 1, 3, 0]
    integer :: peer, k, variant, pe, owner
    character(64) :: desc

    do peer = 1, 2
      pe = merge(right, me, peer == 1)
      do k = 1, NCASE
        do variant = 1, 2
          salt = salt + 1
          call fill(src, me, salt)
          dst = SENT
          call shmem_barrier_all()
          if (variant == 1) then
            call iput(dst, src, dsts(k), ssts(k), counts(k), pe)
            call shmem_barrier_all()
            owner = merge(left, me, peer == 1)
          else
            call iget(dst, src, dsts(k), ssts(k), counts(k), pe)
            owner = pe
          end if
          write (desc, '(a,a,a,a,i0,a,i0,a,i0,a)') where, ' ', trim(merge('neighbour', 'self     ', &
            peer == 1)), ' (dst ', dsts(k), ', sst ', ssts(k), ', nelems ', counts(k), ')'
          call verify(trim(merge(pname, gname, variant == 1)) // ' ' // trim(desc), dst, &
                      dsts(k), ssts(k), counts(k), esize, owner, salt)
          if (variant == 2) call shmem_barrier_all()
        end do
      end do
    end do
  end subroutine on_target

  include 'f_bytes.inc'

  ! Element j of dest (byte (j-1)*ds*esize + 1 on) holds element j of
  ! OWNER's source (byte (j-1)*ss*esize + 1 on); every other byte is SENT.
  subroutine verify(what, dst, ds, ss, n, esize, owner, s)
    character(*), intent(in) :: what
    integer(1), intent(in) :: dst(NB)
    integer, intent(in) :: ds, ss, n, esize, owner, s
    integer(1) :: expected(NB)
    integer :: j, b
    expected = SENT
    do j = 1, n
      do b = 1, esize
        expected((j - 1) * ds * esize + b) = pattern(owner, s, (j - 1) * ss * esize + b)
      end do
    end do
    call compare(what, dst, expected, NB)
  end subroutine verify

  subroutine typed()
    logical :: source(10), dest(5)
    integer :: a(4, 5), b(4, 5)
    real :: r(12)
    double precision :: d(12), dd(4)
    save source, dest, a, b, r, d, dd
    complex :: hc(8)
    pointer (hc_addr, hc)
    complex :: c(8)
    integer :: i, j

    ! STRIDELOGICAL (8.3.6), from the right neighbour.
    source = [(mod(i, 2) == 1, i = 1, 10)]
    if (me == 0) source(9) = .false. ! PE 0's SOURCE differs from the others'
    dest = .false.
    call shmem_barrier_all()
    call shmem_logical_iget(dest, source, 1, 2, 5, right)
    do i = 1, 5
      call check(at('SHMEM_LOGICAL_IGET DEST', i), dest(i), i /= 5 .or. right /= 0)
    end do
    call shmem_barrier_all()

    ! Row 2 of A on this PE into column 3 of B on the right neighbour.
    a = reshape([(1000 * me + i, i = 1, 20)], [4, 5])
    b = -1
    call shmem_barrier_all()
    call shmem_integer_iput(b(1, 3), a(2, 1), 1, 4, 4, right)
    call shmem_barrier_all()
    do j = 1, 5
      do i = 1, 4
        if (j == 3) then
          call check(at('SHMEM_INTEGER_IPUT row into column: B', i, j), b(i, j), &
                     1000 * left + 2 + 4 * (i - 1))
        else
          call check(at('SHMEM_INTEGER_IPUT row into column: B', i, j), b(i, j), -1)
        end if
      end do
    end do
    call shmem_barrier_all()

    ! REAL: R(2), R(4), R(6) into R(3), R(7), R(11) of the right neighbour.
    r = [(real(me) + real(i) / 4.0, i = 1, 12)]
    call shmem_barrier_all()
    call shmem_real_iput(r(3), r(2), 4, 2, 3, right)
    call shmem_barrier_all()
    do i = 1, 12
      if (i == 3 .or. i == 7 .or. i == 11) then
        call check(at('SHMEM_REAL_IPUT R', i), r(i), real(left) + real(2 + 2 * ((i - 3) / 4)) / 4.0)
      else
        call check(at('SHMEM_REAL_IPUT R', i), r(i), real(me) + real(i) / 4.0)
      end if
    end do
    call shmem_barrier_all()

    ! DOUBLE PRECISION: every fourth element of the right neighbour's D.
    d = [(real(me, 8) * 1.0d12 + real(i, 8), i = 1, 12)]
    dd = 0.0d0
    call shmem_barrier_all()
    call shmem_double_iget(dd, d, 1, 4, 3, right)
    do i = 1, 3
      call check(at('SHMEM_DOUBLE_IGET DD', i), dd(i), real(right, 8) * 1.0d12 + real(1 + 4 * (i - 1), 8))
    end do
    call check('SHMEM_DOUBLE_IGET DD(4) (not sent)', dd(4), 0.0d0)
    call shmem_barrier_all()

    ! COMPLEX on the heap: every second element put, then got back.
    call shpalloc(hc_addr, 16, ierr, 0)
    call check('SHPALLOC errcode (hc)', ierr, 0)
    do i = 1, 8
      hc(i) = (0.0, 0.0)
      c(i) = cmplx(real(me), real(i))
    end do
    call shmem_barrier_all()
    call shmem_complex_iput(hc, c, 2, 1, 4, right)
    call shmem_barrier_all()
    do i = 1, 8
      if (mod(i, 2) == 1) then
        call check(at('SHMEM_COMPLEX_IPUT heap HC', i), hc(i), cmplx(real(left), real((i + 1) / 2)))
      else
        call check(at('SHMEM_COMPLEX_IPUT heap HC', i), hc(i), (0.0, 0.0))
      end if
    end do
    c = (-1.0, -1.0)
    call shmem_barrier_all()
    call shmem_complex_iget(c, hc, 1, 2, 4, right)
    do i = 1, 8
      if (i <= 4) then
        call check(at('SHMEM_COMPLEX_IGET heap C', i), c(i), cmplx(real(me), real(i)))
      else
        call check(at('SHMEM_COMPLEX_IGET heap C', i), c(i), (-1.0, -1.0))
      end if
    end do
    call shmem_barrier_all()
    call shpdeallc(hc_addr, ierr, 0)
    call check('SHPDEALLC errcode (hc)', ierr, 0)
  end subroutine typed

end program f_strided
