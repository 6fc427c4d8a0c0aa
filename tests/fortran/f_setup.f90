! Setup and query routines of the Fortran binding (OpenSHMEM 1.3 section 8.1,
! and the deprecated cache routines of 8.10): SHMEM_INIT, SHMEM_MY_PE,
! SHMEM_N_PES, MY_PE, NUM_PES, SHMEM_PE_ACCESSIBLE, SHMEM_ADDR_ACCESSIBLE
! (COMMON, SAVE, module and heap data; stack and ALLOCATABLE memory),
! SHMEM_PTR (own PE: the same address; other PEs: usable or 0, and 0 in
! forced inter-node mode), SHMEM_INFO_GET_VERSION, SHMEM_INFO_GET_NAME
! (blank-padded to the variable's length), SHMEM_BARRIER_ALL and the cache
! routines (no effect on data), SHMEM_FINALIZE.
module f_setup_data
  implicit none
  integer :: modvar(4) = [1, 2, 3, 4]
end module f_setup_data

program f_setup
  use f_check
  use f_setup_data
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes, my_pe, num_pes

  integer :: targ, cvar(8)
  common /setup_c/ targ, cvar
  integer, save :: svar(3)
  integer :: heap(16)
  pointer (heap_addr, heap)
  integer :: remote(16)
  pointer (remote_addr, remote)
  integer, allocatable :: private_mem(:)

  integer :: me, npes, right, pe, ierr, major, minor, i
  character(len=SHMEM_MAX_NAME_LEN) :: name
  character(len=300) :: long_name
  character(len=8) :: short_name
  integer(8) :: p
  character(*), parameter :: this = 'f_setup'

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  check_me = me
  right = mod(me + 1, npes)

  call check('MY_PE', my_pe(), me)
  call check('NUM_PES', num_pes(), npes)
  call check_true('SHMEM_N_PES >= 1', npes >= 1)
  call check_true('0 <= SHMEM_MY_PE < SHMEM_N_PES', me >= 0 .and. me < npes)

  call shpalloc(heap_addr, 16, ierr, 0)
  call check('SHPALLOC errcode', ierr, 0)
  heap = me
  cvar = 100 + me
  svar = 200 + me
  allocate (private_mem(100000))
  private_mem = 0

  ! 8.1.6
  do pe = 0, npes - 1
    call check(at('SHMEM_PE_ACCESSIBLE', pe), shmem_pe_accessible(pe), .true.)
  end do
  call check('SHMEM_PE_ACCESSIBLE(-1)', shmem_pe_accessible(-1), .false.)
  call check(at('SHMEM_PE_ACCESSIBLE', npes), shmem_pe_accessible(npes), .false.)
  call check(at('SHMEM_PE_ACCESSIBLE', npes + 100), shmem_pe_accessible(npes + 100), .false.)

  ! 8.1.7
  do pe = 0, npes - 1
    call check(at('SHMEM_ADDR_ACCESSIBLE heap, PE', pe), shmem_addr_accessible(heap, pe), .true.)
    call check(at('SHMEM_ADDR_ACCESSIBLE heap(9), PE', pe), &
               shmem_addr_accessible(heap(9), pe), .true.)
    call check(at('SHMEM_ADDR_ACCESSIBLE COMMON, PE', pe), &
               shmem_addr_accessible(cvar(3), pe), .true.)
    call check(at('SHMEM_ADDR_ACCESSIBLE SAVE, PE', pe), shmem_addr_accessible(svar, pe), .true.)
    call check(at('SHMEM_ADDR_ACCESSIBLE module variable, PE', pe), &
               shmem_addr_accessible(modvar(2), pe), .true.)
    call check(at('SHMEM_ADDR_ACCESSIBLE ALLOCATABLE, PE', pe), &
               shmem_addr_accessible(private_mem, pe), .false.)
    call check(at('SHMEM_ADDR_ACCESSIBLE stack variable, PE', pe), stack_accessible(pe), .false.)
  end do
  call check('SHMEM_ADDR_ACCESSIBLE(heap, -1)', shmem_addr_accessible(heap, -1), .false.)
  call check(at('SHMEM_ADDR_ACCESSIBLE(heap, npes) PE', npes), &
             shmem_addr_accessible(heap, npes), .false.)

  ! 8.1.8: own PE.
  call check('SHMEM_PTR(heap, me)', shmem_ptr(heap, me), loc(heap))
  call check('SHMEM_PTR(heap(5), me)', shmem_ptr(heap(5), me), loc(heap(5)))
  call check('SHMEM_PTR(COMMON, me)', shmem_ptr(cvar(2), me), loc(cvar(2)))
  call check('SHMEM_PTR(module variable, me)', shmem_ptr(modvar, me), loc(modvar))
  call check('SHMEM_PTR(ALLOCATABLE, me)', shmem_ptr(private_mem, me), 0_8)
  call check('SHMEM_PTR(stack variable, me)', stack_ptr(me), 0_8)
  remote_addr = shmem_ptr(heap, me)
  if (remote_addr /= 0) then
    remote(3) = -5
    call check('heap(3) stored through SHMEM_PTR to own PE', heap(3), -5)
    heap(3) = me
  end if
  call shmem_barrier_all()
  ! The right neighbour, as the spec's REMOTEWRITE example does: on one node
  ! the PEs share memory; in forced inter-node mode they do not.
  remote_addr = shmem_ptr(heap, right)
  if (forced_internode() .and. right /= me) then
    call check(at('SHMEM_PTR(heap) in forced inter-node mode, PE', right), remote_addr, 0_8)
  else
    call check_true(at('SHMEM_PTR(heap) on one node is not 0, PE', right), remote_addr /= 0)
  end if
  if (remote_addr /= 0) then
    call check(at('load through SHMEM_PTR(heap) from PE', right), remote(1), right)
    remote(2) = 1000 + me
  end if
  p = shmem_ptr(cvar, right)
  if (forced_internode() .and. right /= me) then
    call check(at('SHMEM_PTR(COMMON) in forced inter-node mode, PE', right), p, 0_8)
  else
    call check_true(at('SHMEM_PTR(COMMON) on one node is not 0, PE', right), p /= 0)
  end if
  call shmem_barrier_all()
  if (remote_addr /= 0) then
    call check('heap(2) stored by the left neighbour through SHMEM_PTR', heap(2), &
               1000 + mod(me - 1 + npes, npes))
  end if
  call shmem_barrier_all()

  ! 8.1.9, 8.1.10
  major = -1
  minor = -1
  call shmem_info_get_version(major, minor)
  call check('SHMEM_INFO_GET_VERSION major', major, SHMEM_MAJOR_VERSION)
  call check('SHMEM_INFO_GET_VERSION minor', minor, SHMEM_MINOR_VERSION)
  call check_true('SHMEM_MAJOR_VERSION >= 1', SHMEM_MAJOR_VERSION >= 1)
  name = repeat('x', len(name))
  call shmem_info_get_name(name)
  call check('SHMEM_INFO_GET_NAME', name, SHMEM_VENDOR_STRING)
  call check_true('SHMEM_INFO_GET_NAME is not blank', len_trim(name) > 0)
  call check_true('SHMEM_INFO_GET_NAME has no NUL', index(name, achar(0)) == 0)
  long_name = repeat('x', len(long_name))
  call shmem_info_get_name(long_name)
  call check('SHMEM_INFO_GET_NAME into CHARACTER*300', long_name(1:len_trim(name)), &
             name(1:len_trim(name)))
  call check('SHMEM_INFO_GET_NAME into CHARACTER*300: blank padding', &
             verify(long_name(len_trim(name) + 1:), ' '), 0)
  short_name = 'xxxxxxxx'
  call shmem_info_get_name(short_name)
  call check('SHMEM_INFO_GET_NAME into CHARACTER*8', short_name, SHMEM_VENDOR_STRING(1:8))

  ! 8.6.1's example: put to the next PE in a circle, barrier, read.
  targ = -1
  call shmem_barrier_all()
  call shmem_integer_put(targ, 4 + me, 1, right)
  call shmem_barrier_all()
  call check('TARG after SHMEM_INTEGER_PUT + SHMEM_BARRIER_ALL', targ, &
             4 + mod(me - 1 + npes, npes))
  call shmem_barrier_all()

  ! 8.10: the cache routines change nothing and RMA still works after them.
  call shmem_set_cache_inv()
  call shmem_set_cache_line_inv(cvar)
  call shmem_clear_cache_line_inv(cvar)
  call shmem_clear_cache_inv()
  call shmem_udcflush()
  call shmem_udcflush_line(heap(4))
  do i = 1, 8
    call check(at('COMMON after the cache routines cvar', i), cvar(i), 100 + me)
  end do
  call check('heap after the cache routines', heap(4), me)
  call shmem_barrier_all()
  call shmem_integer_put(cvar(8), me, 1, right)
  call shmem_barrier_all()
  call check('SHMEM_INTEGER_PUT after the cache routines', cvar(8), mod(me - 1 + npes, npes))

  call shmem_barrier_all()
  call shpdeallc(heap_addr, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  deallocate (private_mem)
  include 'f_end.inc'

contains

  ! A variable on the stack of a recursive routine: never symmetric.
  recursive logical function stack_accessible(pe)
    integer, intent(in) :: pe
    integer :: local(4)
    local = pe
    stack_accessible = shmem_addr_accessible(local, pe)
    if (local(1) /= pe) stack_accessible = .true.
  end function stack_accessible

  recursive integer(8) function stack_ptr(pe)
    integer, intent(in) :: pe
    integer :: local(4)
    local = pe
    stack_ptr = shmem_ptr(local, pe)
    if (local(1) /= pe) stack_ptr = -1
  end function stack_ptr

end program f_setup
