! Mistakes in Fortran calls, one per run, chosen by the first argument; the
! job must end with a non-zero status and a message naming the Fortran
! routine as the program called it (tests/fortran/fortran.cmake gives each
! expected message):
!   put_pe           SHMEM_INTEGER_PUT to PE npes
!   shpalloc_abort   SHPALLOC with length -1 and abort = 1
!   nelems           SHMEM_INTEGER_PUT with nelems = -1
!   shpdeallc_abort  SHPDEALLC of a COMMON variable with abort = 1
!   shpclmove_abort  SHPCLMOVE of a freed block with abort = 1
!   amo_pe           SHMEM_INT8_FADD to PE -1
!   nreduce          SHMEM_INT4_SUM_TO_ALL with nreduce = -2
!   bcast_root       SHMEM_BROADCAST4 with PE_root = PE_size
!   active_set       SHMEM_BARRIER on an active set past the last PE
!   wait_cmp         SHMEM_WAIT_UNTIL with cmp = 99
!   lock_private     SHMEM_SET_LOCK on a variable that is not symmetric
!   global_exit      SHMEM_GLOBAL_EXIT(3) on the last PE, the others in a
!                    barrier
! If the call returns, the program says so and exits with status 0.
program f_errors
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes
  integer*8 :: shmem_int8_fadd
  integer :: x(4), y(4)
  common /errors_c/ x, y
  integer :: psync(SHMEM_REDUCE_SYNC_SIZE), pwrk(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  data psync /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/
  save psync, pwrk
  integer :: h(1)
  pointer (ha, h)
  integer*8 :: addr, r8
  integer :: me, npes, ierr
  character(32) :: mode

  call get_command_argument(1, mode)
  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  x = 0
  y = me
  call shmem_barrier_all()

  select case (trim(mode))
  case ('put_pe')
    call shmem_integer_put(x, y, 1, npes)
  case ('shpalloc_abort')
    call shpalloc(ha, -1, ierr, 1)
  case ('nelems')
    call shmem_integer_put(x, y, -1, mod(me + 1, npes))
  case ('shpdeallc_abort')
    addr = loc(x)
    call shpdeallc(addr, ierr, 1)
  case ('shpclmove_abort')
    call shpalloc(ha, 4, ierr, 0)
    addr = ha
    call shpdeallc(ha, ierr, 0)
    call shpclmove(addr, 8, ierr, 1)
  case ('amo_pe')
    r8 = shmem_int8_fadd(x, 1_8, -1)
  case ('nreduce')
    call shmem_int4_sum_to_all(x, y, -2, 0, 0, npes, pwrk, psync)
  case ('bcast_root')
    call shmem_broadcast4(x, y, 1, npes, 0, 0, npes, psync)
  case ('active_set')
    call shmem_barrier(0, 0, npes + 1, psync)
  case ('wait_cmp')
    call shmem_wait_until(x, 99, 0)
  case ('lock_private')
    call set_private_lock()
  case ('global_exit')
    if (me == npes - 1) then
      write (*, '(a,i0,a)') 'f_errors: PE ', me, ' calls SHMEM_GLOBAL_EXIT(3)'
      flush (6)
      call shmem_global_exit(3)
    end if
    call shmem_barrier_all()
  case default
    write (0, '(a,a)') 'f_errors: unknown mode ', trim(mode)
    call shmem_finalize()
    error stop 2
  end select

  write (*, '(a,a,a,i0)') 'f_errors: ', trim(mode), ' returned on PE ', me
  call shmem_finalize()

contains

  recursive subroutine set_private_lock()
    integer :: lock
    lock = 0
    call shmem_set_lock(lock)
    if (lock == 42) write (*, *) 'unreachable'
  end subroutine set_private_lock

end program f_errors
