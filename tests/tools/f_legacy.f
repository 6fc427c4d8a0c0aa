! f_legacy.f: a Fortran program of the OpenSHMEM 1.3 era, built with the
! installed oshfort as it stands: fixed form, START_PES, MY_PE/NUM_PES,
! COMMON data, SHPALLOC with a Cray pointer, SHMEM_PTR, and one routine
! (SHMEM_PUT8) called on REAL*8 and on INTEGER*8 data in one file. Prints
! "PE x of N ok" when every check holds.
      PROGRAM LEGACY
      INCLUDE 'mpp/shmem.fh'
      INTEGER*4 SHMEM_INT4_FADD
      INTEGER ME, NPES, RIGHT, LEFT, ERRS, ERRCODE, OLD, I
      REAL*8 RSRC, RDST
      INTEGER*8 ISRC, IDST
      INTEGER*4 COUNT
      COMMON /DATA/ RDST, IDST, COUNT
      INTEGER*8 HEAP(1), PEER(1)
      POINTER (PHEAP, HEAP)
      POINTER (PPEER, PEER)

      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      RIGHT = MOD(ME + 1, NPES)
      LEFT = MOD(ME + NPES - 1, NPES)
      ERRS = 0
      COUNT = 0
      CALL SHPALLOC(PHEAP, 2 * NPES, ERRCODE, 0)
      IF (ERRCODE .NE. 0) ERRS = ERRS + 1
      DO I = 1, NPES
        HEAP(I) = -1
      END DO
      CALL SHMEM_BARRIER_ALL()

      RSRC = 0.5D0 + ME
      ISRC = 1000 + ME
      CALL SHMEM_PUT8(RDST, RSRC, 1, RIGHT)
      CALL SHMEM_PUT8(IDST, ISRC, 1, RIGHT)
      CALL SHMEM_PUT8(HEAP(ME + 1), ISRC, 1, RIGHT)
      OLD = SHMEM_INT4_FADD(COUNT, 1, 0)
      IF (OLD .LT. 0 .OR. OLD .GE. NPES) ERRS = ERRS + 1
      CALL SHMEM_BARRIER_ALL()

      IF (RDST .NE. 0.5D0 + LEFT) ERRS = ERRS + 1
      IF (IDST .NE. 1000 + LEFT) ERRS = ERRS + 1
      IF (HEAP(LEFT + 1) .NE. 1000 + LEFT) ERRS = ERRS + 1
      IF (ME .EQ. 0 .AND. COUNT .NE. NPES) ERRS = ERRS + 1
      PPEER = SHMEM_PTR(HEAP, ME)
      IF (PPEER .EQ. 0) THEN
        ERRS = ERRS + 1
      ELSE IF (PEER(LEFT + 1) .NE. 1000 + LEFT) THEN
        ERRS = ERRS + 1
      END IF
      CALL SHMEM_BARRIER_ALL()
      CALL SHPDEALLC(PHEAP, ERRCODE, 0)
      IF (ERRCODE .NE. 0) ERRS = ERRS + 1

      IF (ERRS .EQ. 0) THEN
        PRINT '(A,I0,A,I0,A)', 'PE ', ME, ' of ', NPES, ' ok'
      ELSE
        PRINT '(A,I0,A,I0)', 'PE ', ME, ': errors ', ERRS
        STOP 1
      END IF
      END
