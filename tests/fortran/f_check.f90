! Checks shared by the Fortran test programs of tests/fortran (the library
! shmem_f_check): every PE checks its own results, prints each failure with
! its PE number, what was checked (routine, target, index), the expected and
! the actual value, and counts it in ERRS. A program sets CHECK_ME after
! SHMEM_INIT and ends with
!     CALL SHMEM_FINALIZE()
!     IF (ERRS /= 0) ERROR STOP 1
! (a non-zero exit status fails the test). Nothing here calls the library.
module f_check
  implicit none
  private
  public :: errs, check_me, check, check_true, at, forced_internode, summary

  integer, save :: errs = 0      ! failed checks on this PE
  integer, save :: nchecks = 0   ! checks made on this PE
  integer, save :: check_me = -1 ! this PE, for the messages

  ! CALL CHECK(WHAT, GOT, EXPECTED): exact comparison, any kind.
  interface check
    module procedure check_i1, check_i2, check_i4, check_i8, check_r4, check_r8, check_r16, &
                     check_c4, check_c8, check_l, check_ch
  end interface

contains

  subroutine count_one()
    nchecks = nchecks + 1
  end subroutine count_one

  subroutine fail(what, expected, got)
    character(*), intent(in) :: what, expected, got
    errs = errs + 1
    write (0, '(a,i0,a,a,a,a,a,a)') '[PE ', check_me, '] ', what, ': expected ', expected, &
      ', got ', got
    flush (0)
  end subroutine fail

  ! Text of a value.
  function txt_i8(x) result(s)
    integer(8), intent(in) :: x
    character(:), allocatable :: s
    character(40) :: buf
    write (buf, '(i0)') x
    s = trim(buf)
  end function txt_i8

  function txt_r16(x) result(s)
    real(16), intent(in) :: x
    character(:), allocatable :: s
    character(80) :: buf
    write (buf, '(g0)') x
    s = trim(adjustl(buf))
  end function txt_r16

  function txt_c(re, im) result(s)
    real(8), intent(in) :: re, im
    character(:), allocatable :: s
    s = '(' // txt_r16(real(re, 16)) // ',' // txt_r16(real(im, 16)) // ')'
  end function txt_c

  ! WHAT(I) or WHAT(I,J): names an element in a message.
  function at(what, i, j) result(s)
    character(*), intent(in) :: what
    integer, intent(in) :: i
    integer, intent(in), optional :: j
    character(:), allocatable :: s
    if (present(j)) then
      s = what // '(' // txt_i8(int(i, 8)) // ',' // txt_i8(int(j, 8)) // ')'
    else
      s = what // '(' // txt_i8(int(i, 8)) // ')'
    end if
  end function at

  subroutine check_i1(what, got, expected)
    character(*), intent(in) :: what
    integer(1), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_i8(int(expected, 8)), txt_i8(int(got, 8)))
  end subroutine check_i1

  subroutine check_i2(what, got, expected)
    character(*), intent(in) :: what
    integer(2), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_i8(int(expected, 8)), txt_i8(int(got, 8)))
  end subroutine check_i2

  subroutine check_i4(what, got, expected)
    character(*), intent(in) :: what
    integer(4), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_i8(int(expected, 8)), txt_i8(int(got, 8)))
  end subroutine check_i4

  subroutine check_i8(what, got, expected)
    character(*), intent(in) :: what
    integer(8), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_i8(expected), txt_i8(got))
  end subroutine check_i8

  ! Reals compare exactly (every expected value here is exact; +0 equals -0,
  ! which a product may give in any order of evaluation).
  subroutine check_r4(what, got, expected)
    character(*), intent(in) :: what
    real(4), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_r16(real(expected, 16)), txt_r16(real(got, 16)))
  end subroutine check_r4

  subroutine check_r8(what, got, expected)
    character(*), intent(in) :: what
    real(8), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_r16(real(expected, 16)), txt_r16(real(got, 16)))
  end subroutine check_r8

  subroutine check_r16(what, got, expected)
    character(*), intent(in) :: what
    real(16), intent(in) :: got, expected
    call count_one()
    if (got /= expected) call fail(what, txt_r16(expected), txt_r16(got))
  end subroutine check_r16

  subroutine check_c4(what, got, expected)
    character(*), intent(in) :: what
    complex(4), intent(in) :: got, expected
    call count_one()
    if (got /= expected) &
      call fail(what, txt_c(real(real(expected), 8), real(aimag(expected), 8)), &
                txt_c(real(real(got), 8), real(aimag(got), 8)))
  end subroutine check_c4

  subroutine check_c8(what, got, expected)
    character(*), intent(in) :: what
    complex(8), intent(in) :: got, expected
    call count_one()
    if (got /= expected) &
      call fail(what, txt_c(real(expected, 8), aimag(expected)), txt_c(real(got, 8), aimag(got)))
  end subroutine check_c8

  subroutine check_l(what, got, expected)
    character(*), intent(in) :: what
    logical, intent(in) :: got, expected
    character(7), parameter :: name(0:1) = ['.FALSE.', '.TRUE. ']
    ! The bits, not just the truth: a LOGICAL moved by RMA must stay a
    ! well-formed LOGICAL (gfortran's .TRUE. is 1).
    call count_one()
    if (transfer(got, 0_4) /= transfer(expected, 0_4)) &
      call fail(what, trim(name(merge(1, 0, expected))) // ' (' // &
                txt_i8(int(transfer(expected, 0_4), 8)) // ')', &
                trim(name(merge(1, 0, got))) // ' (' // txt_i8(int(transfer(got, 0_4), 8)) // ')')
  end subroutine check_l

  subroutine check_ch(what, got, expected)
    character(*), intent(in) :: what, got, expected
    call count_one()
    if (got /= expected .or. len(got) /= len(expected)) &
      call fail(what, "'" // expected // "'", "'" // got // "'")
  end subroutine check_ch

  subroutine check_true(what, cond)
    character(*), intent(in) :: what
    logical, intent(in) :: cond
    call count_one()
    if (.not. cond) call fail(what, '.TRUE.', '.FALSE.')
  end subroutine check_true

  ! Whether SHMEM_FORCE_INTERNODE makes every PE its own node (any value
  ! but the library's "off" words enables it), as tests/pe/check.h decides.
  logical function forced_internode()
    character(64) :: v
    integer :: status, length, i
    character(5), parameter :: off(5) = ['0    ', 'no   ', 'off  ', 'false', 'n    ']
    call get_environment_variable('SHMEM_FORCE_INTERNODE', v, length, status)
    forced_internode = .false.
    if (status > 0) return ! not set (-1: longer than V, so no "off" word)
    do i = 1, len_trim(v)
      if (v(i:i) >= 'A' .and. v(i:i) <= 'Z') v(i:i) = achar(iachar(v(i:i)) + 32)
    end do
    forced_internode = .not. any(off == v(1:5) .and. length <= 5)
  end function forced_internode

  ! Prints the verdict of this PE (after SHMEM_FINALIZE, before ERROR STOP).
  subroutine summary(program)
    character(*), intent(in) :: program
    if (errs /= 0) then
      write (0, '(a,i0,a,a,a,i0,a,i0,a)') '[PE ', check_me, '] ', program, ': ', errs, &
        ' of ', nchecks, ' check(s) failed'
      flush (0)
    else
      write (*, '(a,i0,a,a,a,i0,a)') '[PE ', check_me, '] ', program, ': all ', nchecks, &
        ' checks passed'
    end if
  end subroutine summary

end module f_check
