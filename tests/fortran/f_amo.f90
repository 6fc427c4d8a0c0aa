! Atomic memory operations of the Fortran binding (OpenSHMEM 1.3 section
! 8.5): SHMEM_SWAP (default INTEGER); SHMEM_INT4_ and SHMEM_INT8_ SWAP,
! FETCH, SET, CSWAP, FADD, FINC, ADD, INC; SHMEM_REAL4_ and SHMEM_REAL8_
! SWAP, FETCH, SET. The program declares the function types, as the spec's
! synopses do. Every operation runs on a COMMON block and on a SHPALLOC'd
! block:
! - on the right neighbour and on the PE itself, with known results (INT8
!   values beyond 32 bits, carries across bit 32, a CSWAP whose condition
!   differs only in the high word);
! - concurrently from every PE on every PE: ADD/INC/FADD/FINC counters, the
!   values FINC returned (a permutation), one CSWAP winner, a SWAP chain.
program f_amo
  use f_check
  implicit none
  include 'shmem.fh'
  integer :: shmem_my_pe, shmem_n_pes
  ! EXTERNAL too: the contained procedures are the ones that call them.
  integer, external :: shmem_swap
  integer*4, external :: shmem_int4_swap, shmem_int4_fetch, shmem_int4_cswap, &
                         shmem_int4_fadd, shmem_int4_finc
  integer*8, external :: shmem_int8_swap, shmem_int8_fetch, shmem_int8_cswap, &
                         shmem_int8_fadd, shmem_int8_finc
  real*4, external :: shmem_real4_swap, shmem_real4_fetch
  real*8, external :: shmem_real8_swap, shmem_real8_fetch

  ! One set of targets: X4, X8, XR4, XR8, XI for the neighbour tests;
  ! counters C4(2) and C8(2); W4 (CSWAP race), S4 (SWAP chain).
  integer*4 :: x4, c4(2), w4, s4, pad4
  integer*8 :: x8, c8(2)
  real*4 :: xr4
  real*8 :: xr8
  integer :: xi
  common /amo_static/ x8, c8, xr8, x4, c4, w4, s4, xr4, xi, pad4
  ! The same on the heap.
  integer*4 :: hx4, hc4(2), hw4, hs4
  integer*8 :: hx8, hc8(2)
  real*4 :: hxr4
  real*8 :: hxr8
  integer :: hxi
  pointer (hx4_a, hx4)
  pointer (hc4_a, hc4)
  pointer (hw4_a, hw4)
  pointer (hs4_a, hs4)
  pointer (hx8_a, hx8)
  pointer (hc8_a, hc8)
  pointer (hxr4_a, hxr4)
  pointer (hxr8_a, hxr8)
  pointer (hxi_a, hxi)
  ! Gathered on PE 0: what FINC and SWAP returned on every PE.
  integer*4 :: finc_log(1), swap_log(1)
  pointer (finc_log_a, finc_log)
  pointer (swap_log_a, swap_log)
  integer*1 :: heap(1)
  pointer (heap_a, heap)

  integer, parameter :: K = 100 ! concurrent rounds per PE and target PE
  integer :: me, npes, right, left, ierr
  integer*8, parameter :: BIG = 2_8**40
  character(*), parameter :: this = 'f_amo'

  include 'f_start.inc'

  ! One heap block, carved into 8-byte aligned slots.
  call shpalloc(heap_a, 32, ierr, 0)
  call check('SHPALLOC errcode', ierr, 0)
  hx8_a = heap_a
  hc8_a = heap_a + 8
  hxr8_a = heap_a + 24
  hx4_a = heap_a + 32
  hc4_a = heap_a + 36
  hw4_a = heap_a + 44
  hs4_a = heap_a + 48
  hxr4_a = heap_a + 52
  hxi_a = heap_a + 56
  call shpalloc(finc_log_a, npes * K, ierr, 0)
  call check('SHPALLOC errcode (FINC log)', ierr, 0)
  call shpalloc(swap_log_a, npes + 1, ierr, 0)
  call check('SHPALLOC errcode (SWAP log)', ierr, 0)

  pad4 = 12345
  call suite('COMMON', x4, x8, xr4, xr8, xi, c4, c8, w4, s4)
  call check('COMMON word after the targets (untouched)', pad4, 12345)
  call suite('heap', hx4, hx8, hxr4, hxr8, hxi, hc4, hc8, hw4, hs4)
  call self_suite()

  call shmem_barrier_all()
  call shpdeallc(swap_log_a, ierr, 0)
  call shpdeallc(finc_log_a, ierr, 0)
  call shpdeallc(heap_a, ierr, 0)
  call check('SHPDEALLC errcode', ierr, 0)
  include 'f_end.inc'

contains

  subroutine suite(where, x4, x8, xr4, xr8, xi, c4, c8, w4, s4)
    character(*), intent(in) :: where
    integer*4, volatile :: x4, c4(2), w4, s4
    integer*8, volatile :: x8, c8(2)
    real*4, volatile :: xr4
    real*8, volatile :: xr8
    integer, volatile :: xi
    integer*4 :: r4, last4, got4(K)
    integer*8 :: r8
    integer :: ri, i, t, pe, nwin
    character(:), allocatable :: w

    w = ' ' // where

    ! FETCH from the right neighbour.
    x4 = 10 * me
    x8 = BIG + me
    xr4 = real(me) + 0.5
    xr8 = real(me, 8) + 0.25d0
    xi = 7 * me
    call shmem_barrier_all()
    call check('SHMEM_INT4_FETCH' // w, shmem_int4_fetch(x4, right), 10 * right)
    call check('SHMEM_INT8_FETCH' // w, shmem_int8_fetch(x8, right), BIG + right)
    call check('SHMEM_REAL4_FETCH' // w, shmem_real4_fetch(xr4, right), real(right) + 0.5)
    call check('SHMEM_REAL8_FETCH' // w, shmem_real8_fetch(xr8, right), real(right, 8) + 0.25d0)
    call shmem_barrier_all()

    ! SWAP into the right neighbour: the old value back, the new one there.
    call check('SHMEM_INT4_SWAP result' // w, shmem_int4_swap(x4, 1000 + me, right), 10 * right)
    call check('SHMEM_INT8_SWAP result' // w, shmem_int8_swap(x8, 3 * BIG + me, right), &
               BIG + right)
    call check('SHMEM_REAL4_SWAP result' // w, shmem_real4_swap(xr4, -1.5 - real(me), right), &
               real(right) + 0.5)
    call check('SHMEM_REAL8_SWAP result' // w, &
               shmem_real8_swap(xr8, -2.0d0**(-30) - real(me, 8), right), real(right, 8) + 0.25d0)
    call check('SHMEM_SWAP result' // w, shmem_swap(xi, 5000 + me, right), 7 * right)
    call shmem_barrier_all()
    call check('SHMEM_INT4_SWAP target' // w, x4, 1000 + left)
    call check('SHMEM_INT8_SWAP target' // w, x8, 3 * BIG + left)
    call check('SHMEM_REAL4_SWAP target' // w, xr4, -1.5 - real(left))
    call check('SHMEM_REAL8_SWAP target' // w, xr8, -2.0d0**(-30) - real(left, 8))
    call check('SHMEM_SWAP target' // w, xi, 5000 + left)
    call shmem_barrier_all()

    ! SET on the right neighbour.
    call shmem_int4_set(x4, -77 - me, right)
    call shmem_int8_set(x8, -BIG * 5 - me, right)
    call shmem_real4_set(xr4, 0.125 * real(me), right)
    call shmem_real8_set(xr8, 1.0d100 * real(me + 1, 8), right)
    call shmem_barrier_all()
    call check('SHMEM_INT4_SET target' // w, x4, -77 - left)
    call check('SHMEM_INT8_SET target' // w, x8, -BIG * 5 - left)
    call check('SHMEM_REAL4_SET target' // w, xr4, 0.125 * real(left))
    call check('SHMEM_REAL8_SET target' // w, xr8, 1.0d100 * real(left + 1, 8))
    call shmem_barrier_all()

    ! CSWAP on the value just SET there: a condition that differs (for INT8
    ! only in the high word) leaves the target; an equal one swaps. Both
    ! return the old value.
    call check('SHMEM_INT4_CSWAP (no match) result' // w, &
               shmem_int4_cswap(x4, -76 - me, 99, right), -77 - me)
    call check('SHMEM_INT8_CSWAP (no match in the high word) result' // w, &
               shmem_int8_cswap(x8, -BIG * 5 - me + 2_8**32, 99_8, right), -BIG * 5 - me)
    call shmem_barrier_all()
    call check('SHMEM_INT4_CSWAP (no match) target' // w, x4, -77 - left)
    call check('SHMEM_INT8_CSWAP (no match) target' // w, x8, -BIG * 5 - left)
    call shmem_barrier_all()
    call check('SHMEM_INT4_CSWAP (match) result' // w, &
               shmem_int4_cswap(x4, -77 - me, 2000 + me, right), -77 - me)
    call check('SHMEM_INT8_CSWAP (match) result' // w, &
               shmem_int8_cswap(x8, -BIG * 5 - me, BIG * 7 + me, right), -BIG * 5 - me)
    call shmem_barrier_all()
    call check('SHMEM_INT4_CSWAP (match) target' // w, x4, 2000 + left)
    call check('SHMEM_INT8_CSWAP (match) target' // w, x8, BIG * 7 + left)
    call shmem_barrier_all()

    ! FADD, ADD, INC, FINC on the right neighbour; INT8 across bit 32.
    x4 = 0
    x8 = 2_8**32 - 3
    call shmem_barrier_all()
    call check('SHMEM_INT4_FADD result' // w, shmem_int4_fadd(x4, 5, right), 0)
    call shmem_int4_add(x4, 7, right)
    call shmem_int4_inc(x4, right)
    call check('SHMEM_INT4_FINC result' // w, shmem_int4_finc(x4, right), 13)
    call check('SHMEM_INT8_FADD result' // w, shmem_int8_fadd(x8, 1_8, right), 2_8**32 - 3)
    call shmem_int8_inc(x8, right)
    call check('SHMEM_INT8_FINC result' // w, shmem_int8_finc(x8, right), 2_8**32 - 1)
    call shmem_int8_add(x8, BIG, right)
    call shmem_int8_add(x8, -1_8, right)
    call shmem_barrier_all()
    call check('SHMEM_INT4_FADD/ADD/INC/FINC target' // w, x4, 14)
    call check('SHMEM_INT8_FADD/INC/FINC/ADD target' // w, x8, 2_8**32 - 1 + BIG)
    call shmem_barrier_all()

    ! Every PE on every PE at once.
    c4 = 0
    c8 = 0
    w4 = -1
    s4 = -1
    call shmem_barrier_all()
    last4 = -1
    do i = 1, K
      do t = 0, npes - 1
        pe = mod(me + t, npes)
        call shmem_int4_add(c4(1), me + 1, pe)
        call shmem_int8_inc(c8(1), pe)
        r8 = shmem_int8_fadd(c8(2), 2_8**32, pe)
        call check_true('SHMEM_INT8_FADD result is a multiple of 2**32' // w, mod(r8, 2_8**32) == 0)
        if (pe == 0) then
          r4 = shmem_int4_finc(c4(2), pe)
          got4(i) = r4
          if (r4 <= last4) call check_true(at('SHMEM_INT4_FINC results grow' // w, i), .false.)
          last4 = r4
        else
          r4 = shmem_int4_finc(c4(2), pe)
        end if
      end do
    end do
    ! One winner of the CSWAP race on PE 0's W4 (8.5.2's example).
    r4 = shmem_int4_cswap(w4, -1, me, 0)
    ! A SWAP chain on PE 0's S4.
    ri = shmem_int4_swap(s4, me, 0)
    call shmem_barrier_all()
    call check('concurrent SHMEM_INT4_ADD counter' // w, c4(1), K * npes * (npes + 1) / 2)
    call check('concurrent SHMEM_INT8_INC counter' // w, c8(1), int(K * npes, 8))
    call check('concurrent SHMEM_INT8_FADD counter' // w, c8(2), int(K * npes, 8) * 2_8**32)
    call check('concurrent SHMEM_INT4_FINC counter' // w, c4(2), K * npes)
    last4 = shmem_int4_fetch(w4, 0)
    call check_true('SHMEM_INT4_CSWAP race: the winner is a PE' // w, last4 >= 0 .and. last4 < npes)
    if (r4 == -1) then
      call check('SHMEM_INT4_CSWAP race: I won, so W4' // w, last4, me)
    else
      call check('SHMEM_INT4_CSWAP race: I lost, so my result is the winner' // w, r4, last4)
    end if
    ! What FINC gave on PE 0's counter and what SWAP gave, gathered on PE 0.
    call shmem_integer_put(finc_log(me * K + 1), got4, K, 0)
    call shmem_integer_put(swap_log(me + 1), ri, 1, 0)
    call shmem_barrier_all()
    if (me == 0) then
      call check_permutation('SHMEM_INT4_FINC results on PE 0' // w, finc_log, npes * K, 0)
      ! The returned values and S4's final value: -1 and every PE once.
      swap_log(npes + 1) = s4
      call check_permutation('SHMEM_INT4_SWAP chain' // w, swap_log, npes + 1, -1)
    end if
    ! Nobody else may have written the words next to the counters.
    nwin = 0
    if (r4 == -1) nwin = 1
    c4(1) = nwin
    call shmem_barrier_all()
    if (me == 0) then
      nwin = 0
      do pe = 0, npes - 1
        nwin = nwin + shmem_int4_fetch(c4(1), pe)
      end do
      call check('SHMEM_INT4_CSWAP race: number of winners' // w, nwin, 1)
    end if
    call shmem_barrier_all()
  end subroutine suite

  ! LOG(1:N) holds FIRST, FIRST+1, ..., FIRST+N-1 in some order.
  subroutine check_permutation(what, log, n, first)
    character(*), intent(in) :: what
    integer, intent(in) :: n, first
    integer*4, intent(in) :: log(n)
    logical :: seen(n)
    integer :: i, v, bad
    seen = .false.
    bad = 0
    do i = 1, n
      v = log(i) - first + 1
      if (v < 1 .or. v > n) then
        bad = bad + 1
      else if (seen(v)) then
        bad = bad + 1
      else
        seen(v) = .true.
      end if
    end do
    call check(what // ': values out of range or repeated', bad, 0)
  end subroutine check_permutation

  ! The PE on itself: results, and the non-fetching ones after SHMEM_QUIET.
  subroutine self_suite()
    x4 = 1
    x8 = 2_8**31
    xr4 = 3.0
    xr8 = 4.0d0
    xi = 5
    call shmem_barrier_all()
    call check('SHMEM_INT4_FADD self', shmem_int4_fadd(x4, 2, me), 1)
    call check('SHMEM_INT4_FINC self', shmem_int4_finc(x4, me), 3)
    call shmem_int4_add(x4, 10, me)
    call shmem_int4_inc(x4, me)
    call shmem_quiet()
    call check('SHMEM_INT4_ADD/INC self: target', x4, 15)
    call check('SHMEM_INT4_CSWAP self (match)', shmem_int4_cswap(x4, 15, -15, me), 15)
    call check('SHMEM_INT4_CSWAP self (no match)', shmem_int4_cswap(x4, 15, 0, me), -15)
    call check('SHMEM_INT4_SWAP self', shmem_int4_swap(x4, 8, me), -15)
    call shmem_int4_set(x4, 9, me)
    call shmem_quiet()
    call check('SHMEM_INT4_FETCH self after SET', shmem_int4_fetch(x4, me), 9)
    call check('SHMEM_INT8_FADD self', shmem_int8_fadd(x8, 2_8**31, me), 2_8**31)
    call check('SHMEM_INT8_FINC self', shmem_int8_finc(x8, me), 2_8**32)
    call shmem_int8_add(x8, -2_8**33, me)
    call shmem_int8_inc(x8, me)
    call shmem_quiet()
    call check('SHMEM_INT8_ADD/INC self: target', x8, -2_8**32 + 2)
    call check('SHMEM_INT8_CSWAP self (match)', shmem_int8_cswap(x8, -2_8**32 + 2, BIG, me), &
               -2_8**32 + 2)
    call check('SHMEM_INT8_SWAP self', shmem_int8_swap(x8, 6_8, me), BIG)
    call shmem_int8_set(x8, -BIG, me)
    call shmem_quiet()
    call check('SHMEM_INT8_FETCH self after SET', shmem_int8_fetch(x8, me), -BIG)
    call check('SHMEM_REAL4_SWAP self', shmem_real4_swap(xr4, 0.75, me), 3.0)
    call shmem_real4_set(xr4, -0.75, me)
    call shmem_quiet()
    call check('SHMEM_REAL4_FETCH self after SET', shmem_real4_fetch(xr4, me), -0.75)
    call check('SHMEM_REAL8_SWAP self', shmem_real8_swap(xr8, 0.1d0, me), 4.0d0)
    call shmem_real8_set(xr8, 0.2d0, me)
    call shmem_quiet()
    call check('SHMEM_REAL8_FETCH self after SET', shmem_real8_fetch(xr8, me), 0.2d0)
    call check('SHMEM_SWAP self', shmem_swap(xi, -5, me), 5)
    call check('SHMEM_SWAP self: target', xi, -5)
    call shmem_barrier_all()
  end subroutine self_suite

end program f_amo
