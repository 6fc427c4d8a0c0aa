! shmem_long.fh declares the type of every function of the binding: a
! program under IMPLICIT NONE calls them without declaring any (with
! shmem.fh, SHMEM_MY_PE, the AMOs, ... would be undeclared and it would not
! compile). Every PE checks the results and prints "PE x of N ok". Built by
! CTest and by the installed oshfort (tests/tools, step fortran).
program f_long_header
  implicit none
  include 'shmem_long.fh'
  integer*8, save :: counter8 = 0
  integer*4, save :: counter4 = 0
  real*8, save :: value8 = 0
  real*4, save :: value4 = 1.5
  integer, save :: word = 0, lock = 0
  integer :: me, npes, failures

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  failures = 0
  call expect(my_pe() == me .and. num_pes() == npes, 'MY_PE, NUM_PES')
  call expect(shmem_pe_accessible(me) .and. .not. shmem_pe_accessible(npes), &
              'SHMEM_PE_ACCESSIBLE')
  call expect(shmem_addr_accessible(counter8, me), 'SHMEM_ADDR_ACCESSIBLE')
  call expect(shmem_ptr(counter8, me) /= 0, 'SHMEM_PTR')
  ! Each PE adds 1 to the next one's counter8.
  call expect(shmem_int8_fadd(counter8, 1_8, mod(me + 1, npes)) >= 0, 'SHMEM_INT8_FADD')
  call shmem_barrier_all()
  call expect(shmem_int8_fetch(counter8, me) == 1_8, 'SHMEM_INT8_FETCH')
  call expect(shmem_int4_finc(counter4, me) == 0, 'SHMEM_INT4_FINC')
  call expect(shmem_int4_cswap(counter4, 1, 5, me) == 1 .and. counter4 == 5, 'SHMEM_INT4_CSWAP')
  call expect(shmem_real8_swap(value8, 2.5d0, me) == 0d0 .and. value8 == 2.5d0, &
              'SHMEM_REAL8_SWAP')
  call expect(shmem_real4_fetch(value4, me) == 1.5, 'SHMEM_REAL4_FETCH')
  call expect(shmem_swap(word, 3, me) == 0 .and. word == 3, 'SHMEM_SWAP')
  if (shmem_test_lock(lock) == 0) call shmem_clear_lock(lock)
  call shmem_barrier_all()
  if (failures == 0) write (*, '(a,i0,a,i0,a)') 'PE ', me, ' of ', npes, ' ok'
  call shmem_finalize()
  if (failures > 0) error stop 1

contains

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
      write (*, '(a,i0,2a)') 'PE ', me, ': wrong result of ', what
      failures = failures + 1
    end if
  end subroutine expect
end program f_long_header
