! Fortran's static data as symmetric objects (OpenSHMEM 1.3 section 3: "Fortran
! data objects in common blocks or with the SAVE attribute", and module
! variables, all in the executable's data or bss): named and blank COMMON,
! COMMON initialized by BLOCK DATA, main-program SAVE and initialized
! variables, SAVE variables of an external subroutine and of a module
! procedure, module variables with and without initializers, a 4 MiB
! COMMON array (bss), CHARACTER, DOUBLE PRECISION and INTEGER*8 objects.
! - Values set by DATA, by initializers and by assignments before
!   SHMEM_INIT are still there after it, on every PE.
! - Each object: SHMEM_ADDR_ACCESSIBLE for every PE, SHMEM_PTR to the own
!   PE gives its address, a put from the left neighbour, a get from the
!   right one, an AMO, and (module LOGICAL-free flag) a SHMEM_WAIT_UNTIL.
module f_sym_mod
  implicit none
  integer :: mv(5)
  integer :: mvi(3) = [9, 10, 11]
  real(8) :: mvd(2) = [0.5d0, -0.25d0]
  integer(8) :: mv8
  integer :: mflag = 0
contains
  ! A SAVE variable of a module procedure; returns its address.
  integer(8) function mod_saved_loc(value)
    integer, intent(in) :: value
    integer, save :: kept(4) = 0
    if (value >= 0) kept = value
    mod_saved_loc = loc(kept)
  end function mod_saved_loc
end module f_sym_mod

block data f_sym_init
  implicit none
  integer :: ic(4)
  common /sym_init/ ic
  data ic /11, 22, 33, 44/
end block data f_sym_init

! A SAVE variable of an external subroutine, tested by the subroutine.
subroutine f_sym_external(me, npes)
  use f_check
  implicit none
  integer, intent(in) :: me, npes
  integer, save :: ext_saved(6)
  logical :: shmem_addr_accessible
  integer :: got(6), i, right, left
  right = mod(me + 1, npes)
  left = mod(me - 1 + npes, npes)
  call check('SHMEM_ADDR_ACCESSIBLE(external SAVE)', shmem_addr_accessible(ext_saved, right), &
             .true.)
  ext_saved = -1
  call shmem_barrier_all()
  call shmem_integer_put(ext_saved, [(100 * me + i, i = 1, 6)], 6, right)
  call shmem_barrier_all()
  do i = 1, 6
    call check(at('SHMEM_INTEGER_PUT into an external subroutine''s SAVE variable', i), &
               ext_saved(i), 100 * left + i)
  end do
  call shmem_integer_get(got, ext_saved, 6, right)
  do i = 1, 6
    call check(at('SHMEM_INTEGER_GET from an external subroutine''s SAVE variable', i), got(i), &
               100 * me + i)
  end do
  call shmem_barrier_all()
end subroutine f_sym_external

program f_symmetric
  use f_check
  use f_sym_mod
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes
  ! EXTERNAL: only the contained INT_OBJECT calls these (shmem.fh types
  ! SHMEM_PTR and SHMEM_ADDR_ACCESSIBLE; the EXTERNAL attribute may be
  ! added to them).
  external :: shmem_addr_accessible, shmem_ptr
  integer*4, external :: shmem_int4_fadd
  integer*8, external :: shmem_int8_swap

  integer :: ni(10)
  double precision :: nd(5)
  character(len=12) :: nc
  common /sym_named/ ni, nd, nc
  integer :: bi(8)
  common bi
  integer :: ic(4)
  common /sym_init/ ic
  integer, parameter :: NBIG = 1024 * 1024
  integer :: big(NBIG)
  common /sym_big/ big
  integer, save :: sv(6)
  integer :: svi(3) = [5, 6, 7] ! implicitly SAVE
  integer :: kept(4)
  pointer (kept_a, kept)

  integer :: me, npes, right, left, i
  character(len=12) :: cgot
  character(*), parameter :: this = 'f_symmetric'

  ! Before SHMEM_INIT: assignments that must survive it.
  ni(1) = 123
  bi(8) = -8
  big(NBIG) = 777
  sv(1) = 4
  mv(5) = 55

  include 'f_start.inc'

  call check('named COMMON assigned before SHMEM_INIT', ni(1), 123)
  call check('blank COMMON assigned before SHMEM_INIT', bi(8), -8)
  call check('big COMMON assigned before SHMEM_INIT', big(NBIG), 777)
  call check('SAVE variable assigned before SHMEM_INIT', sv(1), 4)
  call check('module variable assigned before SHMEM_INIT', mv(5), 55)
  do i = 1, 4
    call check(at('BLOCK DATA value after SHMEM_INIT: IC', i), ic(i), 11 * i)
  end do
  do i = 1, 3
    call check(at('initialized SAVE variable after SHMEM_INIT: SVI', i), svi(i), 4 + i)
    call check(at('initialized module variable after SHMEM_INIT: MVI', i), mvi(i), 8 + i)
  end do
  call check('initialized module DOUBLE PRECISION after SHMEM_INIT', mvd(2), -0.25d0)
  call check('initialized module flag after SHMEM_INIT', mflag, 0)
  ! Initial values must also be readable remotely, unchanged.
  call shmem_barrier_all()
  call check('BLOCK DATA value IC(3) of the neighbour', int_g(ic(3), right), 33)
  call check('initialized module variable MVI(2) of the neighbour', int_g(mvi(2), right), 10)
  call check('initialized SAVE variable SVI(1) of the neighbour', int_g(svi(1), right), 5)
  call shmem_barrier_all()

  call int_object('named COMMON ni', ni, 10)
  call int_object('blank COMMON bi', bi, 8)
  call int_object('BLOCK DATA COMMON ic', ic, 4)
  call int_object('SAVE sv', sv, 6)
  call int_object('initialized SAVE svi', svi, 3)
  call int_object('module variable mv', mv, 5)
  call int_object('initialized module variable mvi', mvi, 3)
  call int_object('4 MiB COMMON big (start)', big, 16)
  call int_object('4 MiB COMMON big (end)', big(NBIG - 15), 16)
  kept_a = mod_saved_loc(-1)
  call int_object('module procedure SAVE kept', kept, 4)
  call f_sym_external(me, npes)

  ! CHARACTER in COMMON.
  nc = 'xxxxxxxxxxxx'
  call shmem_barrier_all()
  write (cgot, '(a,i4.4,a)') 'from PE', me, '!'
  call shmem_character_put(nc, cgot, 12, right)
  call shmem_barrier_all()
  write (cgot, '(a,i4.4,a)') 'from PE', left, '!'
  call check('SHMEM_CHARACTER_PUT into CHARACTER COMMON', nc, cgot)
  call shmem_barrier_all()

  ! DOUBLE PRECISION in COMMON and in a module (initialized).
  nd = -1.0d0
  call shmem_barrier_all()
  call shmem_double_put(nd(2), [real(me, 8) + 0.5d0, real(me, 8) * 1.0d-3], 2, right)
  call shmem_double_get(mvd, mvd, 2, right) ! the neighbour's initial values
  call shmem_barrier_all()
  call check('SHMEM_DOUBLE_PUT into COMMON nd(2)', nd(2), real(left, 8) + 0.5d0)
  call check('SHMEM_DOUBLE_PUT into COMMON nd(3)', nd(3), real(left, 8) * 1.0d-3)
  call check('SHMEM_DOUBLE_PUT into COMMON nd(1) (untouched)', nd(1), -1.0d0)
  call check('SHMEM_DOUBLE_GET from a module variable mvd(1)', mvd(1), 0.5d0)
  call check('SHMEM_DOUBLE_GET from a module variable mvd(2)', mvd(2), -0.25d0)
  call shmem_barrier_all()

  ! INTEGER*8 module variable: SWAP from the left neighbour.
  mv8 = int(me, 8) * 2_8**36
  call shmem_barrier_all()
  call check('SHMEM_INT8_SWAP on a module variable: result', &
             shmem_int8_swap(mv8, -int(me, 8), right), int(right, 8) * 2_8**36)
  call shmem_barrier_all()
  call check('SHMEM_INT8_SWAP on a module variable: target', mv8, -int(left, 8))
  call shmem_barrier_all()

  ! A module variable as a flag: the left neighbour raises it after a put.
  call shmem_integer_put(mv, [(me * 10 + i, i = 1, 5)], 5, right)
  call shmem_fence()
  call shmem_integer_put(mflag, 1, 1, right)
  call shmem_wait_until(mflag, SHMEM_CMP_EQ, 1)
  do i = 1, 5
    call check(at('module variable put before the flag: mv', i), mv(i), left * 10 + i)
  end do
  call shmem_barrier_all()

  include 'f_end.inc'

contains

  integer function int_g(x, pe)
    integer :: x
    integer, intent(in) :: pe
    call shmem_integer_get(int_g, x, 1, pe)
  end function int_g

  ! An INTEGER object of N elements: accessible from every PE, SHMEM_PTR to
  ! itself, put from the left, get from the right, fetch-and-add.
  subroutine int_object(name, x, n)
    character(*), intent(in) :: name
    integer, intent(in) :: n
    integer, volatile :: x(n)
    integer :: src(n), got(n), i, pe, old
    do pe = 0, npes - 1
      call check(at('SHMEM_ADDR_ACCESSIBLE(' // name // ') from PE', pe), &
                 shmem_addr_accessible(x, pe), .true.)
    end do
    call check('SHMEM_PTR(' // name // ', me)', shmem_ptr(x(n), me), loc(x(n)))
    call shmem_barrier_all()
    do i = 1, n
      src(i) = 1000 * me + i
    end do
    call shmem_integer_put(x, src, n, right)
    call shmem_barrier_all()
    do i = 1, n
      call check(at('SHMEM_INTEGER_PUT into ' // name, i), x(i), 1000 * left + i)
    end do
    call shmem_integer_get(got, x, n, right)
    do i = 1, n
      call check(at('SHMEM_INTEGER_GET from ' // name, i), got(i), 1000 * me + i)
    end do
    call shmem_barrier_all()
    old = shmem_int4_fadd(x(n), 5, right)
    call check('SHMEM_INT4_FADD on ' // name // ': result', old, 1000 * me + n)
    call shmem_barrier_all()
    call check('SHMEM_INT4_FADD on ' // name // ': target', x(n), 1000 * left + n + 5)
    call shmem_barrier_all()
  end subroutine int_object

end program f_symmetric
