! f_mpp_long_header.f: a program written for a "long" shmem.fh, one that
! declares the type of every function: it includes only 'mpp/shmem.fh'
! (and 'shmem.fh' in a subroutine) and, under IMPLICIT NONE, calls
! SHMEM_MY_PE, MY_PE, the AMOs, SHMEM_TEST_LOCK, SHMEM_PTR, ... without
! declaring any of them. It compiles with oshfort --long-header and not
! with the default shmem.fh (tests/tools/fortran_long_header_test.sh).
! Every PE checks its results, prints "PE x of N ok" and stops with
! status 1 when a check fails.
      PROGRAM MPPLONG
      IMPLICIT NONE
      INCLUDE 'mpp/shmem.fh'
      INTEGER*8 TARG8, WORDS(4)
      INTEGER*4 COUNT, TICKET
      REAL*8 RVAL
      REAL*4 SVAL
      INTEGER LOCK, INLOCK
      COMMON /SYM/ TARG8, WORDS, COUNT, TICKET, RVAL, SVAL, LOCK, INLOCK
      INTEGER*8 PEER(4)
      POINTER (PPEER, PEER)
      INTEGER ME, NPES, RIGHT, LEFT, ERRS, I, TRIES
      INTEGER*4 OLD4
      INTEGER*8 OLD8
      INTEGER SUBERR

      CALL START_PES(0)
      ME = SHMEM_MY_PE()
      NPES = SHMEM_N_PES()
      RIGHT = MOD(ME + 1, NPES)
      LEFT = MOD(ME + NPES - 1, NPES)
      ERRS = 0
      IF (MY_PE() .NE. ME .OR. NUM_PES() .NE. NPES) CALL BAD(ERRS,
     &    'MY_PE, NUM_PES')
      IF (NPES .LT. 1 .OR. ME .LT. 0 .OR. ME .GE. NPES) CALL BAD(ERRS,
     &    'SHMEM_MY_PE, SHMEM_N_PES')
      TARG8 = -1
      COUNT = 0
      TICKET = 0
      RVAL = 0.0D0
      SVAL = 1.5
      LOCK = 0
      INLOCK = 0
      DO I = 1, 4
        WORDS(I) = 1000 * ME + I
      END DO
      CALL SHMEM_BARRIER_ALL()

!     Each PE swaps its number into its right neighbour's TARG8, adds
!     ME + 1 to PE 0's COUNT and takes a ticket there.
      OLD8 = SHMEM_INT8_SWAP(TARG8, INT(100 + ME, 8), RIGHT)
      IF (OLD8 .NE. -1) CALL BAD(ERRS, 'SHMEM_INT8_SWAP')
      OLD4 = SHMEM_INT4_FADD(COUNT, ME + 1, 0)
      IF (OLD4 .LT. 0 .OR. OLD4 .GE. NPES * (NPES + 1) / 2)
     &    CALL BAD(ERRS, 'SHMEM_INT4_FADD')
      OLD4 = SHMEM_INT4_FINC(TICKET, 0)
      IF (OLD4 .LT. 0 .OR. OLD4 .GE. NPES) CALL BAD(ERRS,
     &    'SHMEM_INT4_FINC')
      CALL SHMEM_BARRIER_ALL()

      IF (TARG8 .NE. 100 + LEFT) CALL BAD(ERRS, 'SHMEM_INT8_SWAP')
      IF (ME .EQ. 0 .AND. COUNT .NE. NPES * (NPES + 1) / 2)
     &    CALL BAD(ERRS, 'SHMEM_INT4_FADD (sum)')
      IF (SHMEM_INT4_FETCH(TICKET, 0) .NE. NPES) CALL BAD(ERRS,
     &    'SHMEM_INT4_FETCH')
      OLD8 = SHMEM_INT8_CSWAP(TARG8, INT(100 + LEFT, 8), 7_8, ME)
      IF (OLD8 .NE. 100 + LEFT .OR. TARG8 .NE. 7) CALL BAD(ERRS,
     &    'SHMEM_INT8_CSWAP')
      OLD8 = SHMEM_INT8_FADD(TARG8, 5_8, ME)
      IF (OLD8 .NE. 7 .OR. TARG8 .NE. 12) CALL BAD(ERRS,
     &    'SHMEM_INT8_FADD')
      IF (SHMEM_REAL8_SWAP(RVAL, 2.5D0, ME) .NE. 0.0D0 .OR.
     &    RVAL .NE. 2.5D0) CALL BAD(ERRS, 'SHMEM_REAL8_SWAP')
      IF (SHMEM_REAL4_FETCH(SVAL, ME) .NE. 1.5) CALL BAD(ERRS,
     &    'SHMEM_REAL4_FETCH')
      CALL SHMEM_BARRIER_ALL()
      IF (SHMEM_INT8_FETCH(TARG8, RIGHT) .NE. 12) CALL BAD(ERRS,
     &    'SHMEM_INT8_FETCH')

!     SHMEM_PTR and the LOGICAL queries.
      IF (.NOT. SHMEM_PE_ACCESSIBLE(RIGHT)) CALL BAD(ERRS,
     &    'SHMEM_PE_ACCESSIBLE')
      IF (.NOT. SHMEM_ADDR_ACCESSIBLE(WORDS, RIGHT)) CALL BAD(ERRS,
     &    'SHMEM_ADDR_ACCESSIBLE')
      PPEER = SHMEM_PTR(WORDS, RIGHT)
      IF (PPEER .EQ. 0) THEN
        CALL BAD(ERRS, 'SHMEM_PTR (null)')
      ELSE
        DO I = 1, 4
          IF (PEER(I) .NE. 1000 * RIGHT + I) CALL BAD(ERRS,
     &        'SHMEM_PTR (data)')
        END DO
      END IF

!     A lock taken with SHMEM_TEST_LOCK: one PE at a time in INLOCK.
      TRIES = 0
   10 IF (SHMEM_TEST_LOCK(LOCK) .NE. 0) THEN
        TRIES = TRIES + 1
        GO TO 10
      END IF
      OLD4 = SHMEM_INT4_SWAP(INLOCK, 1, 0)
      IF (OLD4 .NE. 0) CALL BAD(ERRS, 'SHMEM_TEST_LOCK (two inside)')
      OLD4 = SHMEM_INT4_SWAP(INLOCK, 0, 0)
      CALL SHMEM_CLEAR_LOCK(LOCK)
      CALL SHMEM_BARRIER_ALL()

      CALL VIASH(SUBERR)
      ERRS = ERRS + SUBERR
      CALL SHMEM_BARRIER_ALL()
      IF (ERRS .EQ. 0) THEN
        PRINT '(A,I0,A,I0,A)', 'PE ', ME, ' of ', NPES, ' ok'
      ELSE
        PRINT '(A,I0,A,I0)', 'PE ', ME, ': errors ', ERRS
        STOP 1
      END IF
      END

!     The same through INCLUDE 'shmem.fh': SHMEM_SWAP (default INTEGER)
!     and the number of PEs, each PE on its own symmetric word.
      SUBROUTINE VIASH(ERRS)
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INTEGER ERRS
      INTEGER WORD
      SAVE WORD
      DATA WORD /0/
      ERRS = 0
      IF (SHMEM_SWAP(WORD, 3, SHMEM_MY_PE()) .NE. 0 .OR. WORD .NE. 3)
     &    CALL BAD(ERRS, 'SHMEM_SWAP')
      IF (NUM_PES() .NE. SHMEM_N_PES()) CALL BAD(ERRS, 'SHMEM_N_PES')
      END

      SUBROUTINE BAD(ERRS, WHAT)
      IMPLICIT NONE
      INTEGER ERRS
      CHARACTER*(*) WHAT
      PRINT '(2A)', 'wrong result of ', WHAT
      ERRS = ERRS + 1
      END
