C     f_legacy.f: a fixed-form program as the SGI/Cray SHMEM era and the
C     OpenSHMEM 1.3 examples write them: INCLUDE 'mpp/shmem.fh',
C     START_PES(0) (twice: the second call has no effect), MY_PE() and
C     NUM_PES(), implicit typing (SHMEM_MY_PE() and SHMEM_N_PES() used
C     undeclared, so REAL, as the spec's REDUCTION example does), COMMON
C     data, DATA-initialized pSync and a SHPALLOC'd array through a Cray
C     pointer, POINTER (IADDR, IARR(1)). It runs the spec's PUT example
C     (8.1.11), the REDUCTION example (8.3.4) with the right count, the
C     SHMEM_WAIT example (8.7.1) and a reduction (8.6.5) on all PEs,
C     SHMEM_PUT (deprecated, 8-byte elements) round the ring, and
C     SHMEM_INTEGER_GET from the neighbour's heap array. Each PE counts
C     its failures; the program ends with STOP 1 if there were any.
      PROGRAM FLEGACY
      INCLUDE 'mpp/shmem.fh'
      INTEGER MY_PE, NUM_PES
      INTEGER ME, NPES, RIGHT, LEFT, NERR, I, IERR, RECEIVER
      INTEGER TARG, FLAG, FLAGV
      COMMON /T/ TARG
      COMMON /FLAGC/ FLAG
      REAL VALUES, WORK, TOTAL
      COMMON /C/ VALUES
      INTEGER*8 LDEST(4), LSRC(4)
      COMMON /LEG8/ LDEST, LSRC
      INTEGER PSYNC(SHMEM_REDUCE_SYNC_SIZE)
      INTEGER PWRK(MAX(1/2+1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
      INTEGER FOO, FOOSUM
      SAVE PSYNC, PWRK, FOO, FOOSUM
      DATA PSYNC /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/
      INTEGER IARR, IGOT(10)
      POINTER (IADDR, IARR(1))
      PARAMETER (RECEIVER=1)

      NERR = 0
      CALL START_PES(0)
      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      RIGHT = MOD(ME + 1, NPES)
      LEFT = MOD(ME - 1 + NPES, NPES)

C     Implicitly REAL: SHMEM_MY_PE and SHMEM_N_PES.
      IF (SHMEM_MY_PE() .NE. REAL(ME)) THEN
        PRINT *, 'PE', ME, ' SHMEM_MY_PE() undeclared (REAL) gave ',
     &    SHMEM_MY_PE()
        NERR = NERR + 1
      ENDIF
      IF (INT(SHMEM_N_PES()) .NE. NPES) THEN
        PRINT *, 'PE', ME, ' SHMEM_N_PES() undeclared (REAL) gave ',
     &    SHMEM_N_PES(), ' expected ', NPES
        NERR = NERR + 1
      ENDIF

C     8.1.11: PE 0 puts 33 into TARG on RECEIVER.
      TARG = -1
      CALL SHMEM_BARRIER_ALL
      IF (SHMEM_MY_PE() .EQ. 0 .AND. NPES .GT. RECEIVER) THEN
        CALL SHMEM_INTEGER_PUT(TARG, 33, 1, RECEIVER)
      ENDIF
      CALL SHMEM_BARRIER_ALL
      IF (ME .EQ. RECEIVER .AND. TARG .NE. 33) THEN
        PRINT *, 'PE', ME, ' SHMEM_INTEGER_PUT: TARG=', TARG,
     &    ' (expect 33)'
        NERR = NERR + 1
      ENDIF

C     SHMEM_PUT (deprecated): 3 of 4 8-byte elements to the right.
      DO 10 I = 1, 4
        LSRC(I) = ME * 2_8**33 + I
        LDEST(I) = -1
   10 CONTINUE
      CALL SHMEM_BARRIER_ALL
      CALL SHMEM_PUT(LDEST, LSRC, 3, RIGHT)
      CALL SHMEM_BARRIER_ALL
      DO 20 I = 1, 3
        IF (LDEST(I) .NE. LEFT * 2_8**33 + I) THEN
          PRINT *, 'PE', ME, ' SHMEM_PUT: LDEST(', I, ')=', LDEST(I),
     &      ' expected ', LEFT * 2_8**33 + I
          NERR = NERR + 1
        ENDIF
   20 CONTINUE
      IF (LDEST(4) .NE. -1) THEN
        PRINT *, 'PE', ME, ' SHMEM_PUT wrote LDEST(4)=', LDEST(4)
        NERR = NERR + 1
      ENDIF

C     A heap array through a Cray pointer.
      CALL SHPALLOC(IADDR, 10, IERR, 0)
      IF (IERR .NE. 0) THEN
        PRINT *, 'PE', ME, ' SHPALLOC errcode ', IERR
        NERR = NERR + 1
        STOP 1
      ENDIF
      DO 30 I = 1, 10
        IARR(I) = 100 * ME + I
   30 CONTINUE
      CALL SHMEM_BARRIER_ALL
      CALL SHMEM_INTEGER_GET(IGOT, IARR, 10, RIGHT)
      DO 40 I = 1, 10
        IF (IGOT(I) .NE. 100 * RIGHT + I) THEN
          PRINT *, 'PE', ME, ' SHMEM_INTEGER_GET of IARR(', I, ')=',
     &      IGOT(I), ' expected ', 100 * RIGHT + I
          NERR = NERR + 1
        ENDIF
   40 CONTINUE
      CALL SHMEM_BARRIER_ALL
      CALL SHPDEALLC(IADDR, IERR, 0)
      IF (IERR .NE. 0) THEN
        PRINT *, 'PE', ME, ' SHPDEALLC errcode ', IERR
        NERR = NERR + 1
      ENDIF

C     8.3.4 REDUCTION, reading one REAL from each PE.
      VALUES = SHMEM_MY_PE()
      CALL SHMEM_BARRIER_ALL
      TOTAL = 0.0
      DO 50 I = 0, INT(SHMEM_N_PES()) - 1
        CALL SHMEM_REAL_GET(WORK, VALUES, 1, I)
        TOTAL = TOTAL + WORK
   50 CONTINUE
      IF (TOTAL .NE. REAL(NPES * (NPES - 1) / 2)) THEN
        PRINT *, 'PE', ME, ' COMPUTED SUM=', TOTAL
        NERR = NERR + 1
      ENDIF
      CALL SHMEM_BARRIER_ALL

C     8.6.5: the sum of FOO over all PEs.
      FOO = ME
      FOOSUM = -1
      CALL SHMEM_BARRIER_ALL
      CALL SHMEM_INT4_SUM_TO_ALL(FOOSUM, FOO, 1, 0, 0, NPES, PWRK,
     &  PSYNC)
      IF (FOOSUM .NE. NPES * (NPES - 1) / 2) THEN
        PRINT *, 'PE', ME, ' SHMEM_INT4_SUM_TO_ALL gave ', FOOSUM
        NERR = NERR + 1
      ENDIF
      DO 60 I = 1, SHMEM_REDUCE_SYNC_SIZE
        IF (PSYNC(I) .NE. SHMEM_SYNC_VALUE) THEN
          PRINT *, 'PE', ME, ' PSYNC(', I, ') changed: ', PSYNC(I)
          NERR = NERR + 1
        ENDIF
   60 CONTINUE

C     8.7.1: the left neighbour changes FLAG; SHMEM_WAIT returns.
      FLAGV = -7
      FLAG = FLAGV
      CALL SHMEM_BARRIER_ALL
      CALL SHMEM_INTEGER_PUT(FLAG, ME, 1, RIGHT)
      IF (FLAG .EQ. FLAGV) THEN
        CALL SHMEM_WAIT(FLAG, FLAGV)
      ENDIF
      IF (FLAG .NE. LEFT) THEN
        PRINT *, 'PE', ME, ' FLAG after SHMEM_WAIT=', FLAG,
     &    ' expected ', LEFT
        NERR = NERR + 1
      ENDIF
      CALL SHMEM_BARRIER_ALL

      CALL SHMEM_FINALIZE()
      IF (NERR .NE. 0) THEN
        PRINT *, 'PE', ME, ' f_legacy:', NERR, ' check(s) failed'
        STOP 1
      ENDIF
      PRINT *, 'PE', ME, ' f_legacy: all checks passed'
      END
