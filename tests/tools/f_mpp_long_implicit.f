! f_mpp_long_implicit.f: a program written for a long shmem.fh without
! IMPLICIT NONE: it calls SHMEM_INT8_SWAP and SHMEM_INT4_FADD undeclared.
! With oshfort --long-header they are INTEGER*8 and INTEGER*4; with the
! default shmem.fh the program still compiles, but implicit typing makes
! them REAL (their names start with S), so their results are garbage
! (tests/tools/fortran_long_header_test.sh). Prints "PE x of N ok".
      PROGRAM MPPIMPL
      INCLUDE 'mpp/shmem.fh'
      INTEGER*8 TARG, OLD8
      INTEGER*4 COUNT, OLD4
      COMMON /SYM/ TARG, COUNT
      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      TARG = 41
      COUNT = 0
      CALL SHMEM_BARRIER_ALL()
      OLD8 = SHMEM_INT8_SWAP(TARG, 5_8, ME)
      OLD4 = SHMEM_INT4_FADD(COUNT, 1, 0)
      CALL SHMEM_BARRIER_ALL()
      IERR = 0
      IF (OLD8 .NE. 41 .OR. TARG .NE. 5) IERR = IERR + 1
      IF (OLD4 .LT. 0 .OR. OLD4 .GE. NPES) IERR = IERR + 1
      IF (ME .EQ. 0 .AND. COUNT .NE. NPES) IERR = IERR + 1
      IF (IERR .EQ. 0) THEN
        PRINT '(A,I0,A,I0,A)', 'PE ', ME, ' of ', NPES, ' ok'
      ELSE
        PRINT '(A,I0,A,I0,A,I0)', 'PE ', ME, ': SHMEM_INT8_SWAP gave ',
     &      OLD8, ', SHMEM_INT4_FADD ', OLD4
        STOP 1
      END IF
      END
