! The Fortran 2008 module (use shmem) on one PE's partners: the queries,
! generic and typed puts and gets (blocking, _nbi, p/g, type(*) mem and sized
! forms), put with signal and signal_wait_until, a context (create, put,
! quiet, destroy) and SHMEM_CTX_DEFAULT, AMOs on the integer and real kinds,
! wait_until, test and test_any (status absent: C's NULL), a lock, and the
! heap through c_f_pointer. Every PE puts to its right neighbour and checks
! what its left one put.
module f08_rma_data
  use, intrinsic :: iso_c_binding
  implicit none
  integer, parameter :: n = 8
  integer(c_size_t), parameter :: nn = n
  ! Symmetric: module variables are, and the compiler reloads them after a call.
  integer(c_int), target :: a(n), flag = 0, ready = 0
  integer(c_int64_t) :: l(n), sig = 0, total = 0
  real(c_double) :: d(n), x = 0
  real(c_float) :: f(n)
  integer(c_long) :: lock = 0, shared = 0
end module f08_rma_data

program f08_rma
  use, intrinsic :: iso_c_binding
  use shmem
  use f_check
  use f08_rma_data
  implicit none
  integer :: me, npes, right, left, i, major, minor
  integer(c_int) :: src(n), got(n)
  integer(c_int64_t) :: lsrc(n), old8
  real(c_double) :: dsrc(n)
  real(c_float) :: fsrc(n)
  type(shmem_ctx_t) :: ctx
  type(c_ptr) :: block
  integer(c_int32_t), pointer :: heap(:)
  character(len=SHMEM_MAX_NAME_LEN) :: name
  character(*), parameter :: this = 'f08_rma'

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  check_me = me
  right = mod(me + 1, npes)
  left = mod(me - 1 + npes, npes)

  call shmem_info_get_version(major, minor)
  call check('shmem_info_get_version', major * 100 + minor, &
             SHMEM_MAJOR_VERSION * 100 + SHMEM_MINOR_VERSION)
  name = ''
  call shmem_info_get_name(name)
  call check('shmem_info_get_name', name(1:index(name, c_null_char) - 1), SHMEM_VENDOR_STRING)
  call check('shmem_team_my_pe(SHMEM_TEAM_WORLD)', shmem_team_my_pe(SHMEM_TEAM_WORLD), me)
  call check('shmem_team_n_pes(SHMEM_TEAM_WORLD)', shmem_team_n_pes(SHMEM_TEAM_WORLD), npes)
  call check('shmem_pe_accessible', shmem_pe_accessible(right), 1)
  call check('shmem_addr_accessible', shmem_addr_accessible(a, right), 1)
  call check_true('shmem_ptr(a, me) is a', c_associated(shmem_ptr(a, me), c_loc(a)))
  call check_true('shmem_ptr(flag, me) is flag', c_associated(shmem_ptr(flag, me), c_loc(flag)))

  ! Generic puts of four kinds, then gets back from the right neighbour.
  src = [(100 * me + i, i = 1, n)]
  lsrc = src + 2_c_int64_t**40
  dsrc = src + 0.5d0
  fsrc = src + 0.25
  call shmem_barrier_all()
  call shmem_put(a, src, nn, right)
  call shmem_put(l, lsrc, nn, right)
  call shmem_put_nbi(d, dsrc, nn, right)
  call shmem_put32(f, fsrc, nn, right)
  call shmem_quiet()
  call shmem_barrier_all()
  do i = 1, n
    call check(at('shmem_put a', i), a(i), 100 * left + i)
    call check(at('shmem_put l', i), l(i), 100 * left + i + 2_c_int64_t**40)
    call check(at('shmem_put_nbi d', i), d(i), 100 * left + i + 0.5d0)
    call check(at('shmem_put32 f', i), f(i), 100 * left + i + 0.25)
  end do
  call shmem_get(got, a, nn, right)
  call check_true('shmem_get', all(got == [(100 * me + i, i = 1, n)]))
  got = 0
  call shmem_getmem_nbi(got, a, 4 * nn, right)
  call shmem_quiet()
  call check_true('shmem_getmem_nbi', all(got == [(100 * me + i, i = 1, n)]))
  call check('shmem_g', shmem_g(l(3), right), 100 * me + 3 + 2_c_int64_t**40)
  call shmem_barrier_all()
  call shmem_p(x, real(me, c_double), right)
  call shmem_barrier_all()
  call check('shmem_p', x, real(left, c_double))

  ! Put with signal: the data is there when the signal is.
  src = [(-10 * me - i, i = 1, n)]
  call shmem_put_signal(a, src, nn, sig, int(me + 1, c_int64_t), SHMEM_SIGNAL_SET, right)
  call check('shmem_signal_wait_until', &
             shmem_signal_wait_until(sig, SHMEM_CMP_EQ, int(left + 1, c_int64_t)), &
             int(left + 1, c_int64_t))
  call check_true('shmem_put_signal data', all(a == [(-10 * left - i, i = 1, n)]))
  call check('shmem_signal_fetch', shmem_signal_fetch(sig), int(left + 1, c_int64_t))
  call shmem_barrier_all()
  call shmem_putmem_signal(l, lsrc, 8 * nn, sig, 10_c_int64_t, SHMEM_SIGNAL_ADD, right)
  call check('shmem_putmem_signal (add)', &
             shmem_signal_wait_until(sig, SHMEM_CMP_GE, int(left + 11, c_int64_t)), &
             int(left + 11, c_int64_t))
  call shmem_barrier_all()

  ! A context of its own, then the default one.
  call check('shmem_ctx_create', shmem_ctx_create(SHMEM_CTX_PRIVATE, ctx), 0)
  src = [(1000 * me + i, i = 1, n)]
  call shmem_put(ctx, a, src, nn, right)
  call shmem_p(ctx, flag, me + 1, right)
  call shmem_ctx_quiet(ctx)
  call shmem_ctx_destroy(ctx)
  call shmem_barrier_all()
  call check_true('shmem_ctx put', all(a == [(1000 * left + i, i = 1, n)]))
  call check('shmem_ctx p', flag, left + 1)
  call shmem_barrier_all()
  call shmem_atomic_set(SHMEM_CTX_DEFAULT, flag, -1, right)
  call shmem_ctx_quiet(SHMEM_CTX_DEFAULT)
  call shmem_barrier_all()
  call check('shmem_atomic_set (SHMEM_CTX_DEFAULT)', flag, -1)

  ! AMOs: a sum on PE 0 from everyone, then the neighbour's cells.
  call shmem_atomic_add(total, int(me + 1, c_int64_t), 0)
  call shmem_barrier_all()
  if (me == 0) call check('shmem_atomic_add', total, int(npes * (npes + 1) / 2, c_int64_t))
  call check('shmem_atomic_fetch_inc', shmem_atomic_fetch_inc(flag, right), -1)
  call check('shmem_atomic_compare_swap', shmem_atomic_compare_swap(flag, 0, 7, right), 0)
  call check('shmem_atomic_swap', shmem_atomic_swap(flag, 8, right), 7)
  call check('shmem_atomic_fetch_add', shmem_atomic_fetch_add(l(1), 5_c_int64_t, right), &
             100 * me + 1 + 2_c_int64_t**40)
  call shmem_atomic_fetch_add_nbi(old8, l(1), 1_c_int64_t, right)
  call shmem_quiet()
  call check('shmem_atomic_fetch_add_nbi', old8, 100 * me + 6 + 2_c_int64_t**40)
  call check('shmem_atomic_fetch_xor', shmem_atomic_fetch_xor(l(2), 3_c_int64_t, right), &
             100 * me + 2 + 2_c_int64_t**40)
  call check('shmem_atomic_swap (real)', shmem_atomic_swap(d(1), 2.5d0, right), 100 * me + 1.5d0)
  call shmem_atomic_set(f(1), 4.5, right)
  call check('shmem_atomic_fetch (real)', shmem_atomic_fetch(f(1), right), 4.5)
  call shmem_barrier_all()
  call check('after shmem_atomic_swap', flag, 8)
  call check('after shmem_atomic_fetch_xor', l(2), ieor(100 * left + 2 + 2_c_int64_t**40, 3_c_int64_t))

  ! wait_until and test: each PE sets its right neighbour's ready.
  call check('shmem_test (not yet)', shmem_test(ready, SHMEM_CMP_EQ, 1), 0)
  call shmem_barrier_all()
  call shmem_atomic_set(ready, 1, right)
  call shmem_wait_until(ready, SHMEM_CMP_EQ, 1)
  call check('shmem_test', shmem_test(ready, SHMEM_CMP_EQ, 1), 1)
  call check('shmem_test_any (status absent)', &
             shmem_test_any(a, nn, cmp=SHMEM_CMP_EQ, cmp_value=a(3)), 2_c_size_t)

  ! A lock round a get and put on PE 0.
  call shmem_set_lock(lock)
  call shmem_p(shared, shmem_g(shared, 0) + 1_c_long, 0)
  call shmem_quiet()
  call shmem_clear_lock(lock)
  call shmem_barrier_all()
  if (me == 0) call check('lock counter', shared, int(npes, c_long))

  ! The heap: a block for an array pointer, filled by the neighbour.
  block = shmem_calloc(nn, 4_c_size_t)
  call c_f_pointer(block, heap, [n])
  call check_true('shmem_calloc zeroes', all(heap == 0))
  call shmem_barrier_all()
  call shmem_put(heap, [(me * 3 + i, i = 1, n)], nn, right)
  call shmem_barrier_all()
  call check_true('shmem_put to shmem_calloc block', all(heap == [(left * 3 + i, i = 1, n)]))
  call shmem_free(block)

  call shmem_finalize()
  call summary(this)
  if (errs /= 0) error stop 1
end program f08_rma
