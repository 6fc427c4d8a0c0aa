! ring.f: ring.c in the Fortran of OpenSHMEM 1.3 (fixed form). Tokens
! travel around a ring of PEs: each round every PE puts the token it holds,
! plus one, into its right neighbour's slot, a COMMON block; the slots
! alternate between rounds so one barrier per round is all the
! synchronization needed. The token history lives in the symmetric heap
! (SHPALLOC, a Cray pointer) and is summed with SHMEM_INT8_SUM_TO_ALL.
!
!   oshfort -o ring_f ring.f && oshrun -np 4 ./ring_f
      PROGRAM RING
      INCLUDE 'shmem.fh'
      INTEGER SHMEM_MY_PE, SHMEM_N_PES
      INTEGER ME, NPES, RIGHT, LAPS, R, ERRCODE
      INTEGER*8 SLOT(0:1), TOKEN, NEXT, EXPECT, TOTAL, WANT
      COMMON /TOKENS/ SLOT
      INTEGER*8 HOPS(1), PWRK(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
      INTEGER PSYNC(SHMEM_REDUCE_SYNC_SIZE)
      POINTER (PHOPS, HOPS)
      SAVE PWRK, PSYNC, TOTAL
      DATA PSYNC /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/

      CALL SHMEM_INIT()
      ME = SHMEM_MY_PE()
      NPES = SHMEM_N_PES()
      RIGHT = MOD(ME + 1, NPES)
      LAPS = 10
!     Two 32-bit words per INTEGER*8: one element per PE, symmetric.
      CALL SHPALLOC(PHOPS, 2, ERRCODE, 1)

      TOKEN = 1000 * ME
      DO R = 0, LAPS * NPES - 1
        NEXT = TOKEN + 1
        CALL SHMEM_PUT8(SLOT(MOD(R, 2)), NEXT, 1, RIGHT)
        CALL SHMEM_BARRIER_ALL()
        TOKEN = SLOT(MOD(R, 2))
      END DO
      EXPECT = 1000 * ME + LAPS * NPES

      HOPS(1) = TOKEN - 1000 * ME
      CALL SHMEM_INT8_SUM_TO_ALL(TOTAL, HOPS, 1, 0, 0, NPES, PWRK,
     &                           PSYNC)
      WANT = NPES * LAPS * NPES
      IF (ME .EQ. 0) THEN
        IF (TOKEN .EQ. EXPECT .AND. TOTAL .EQ. WANT) THEN
          PRINT '(A,I0,A,I0,A,I0,A)', 'ring: ', NPES, ' PEs, ', LAPS,
     &      ' laps, ', LAPS * NPES, ' hops per token: ok'
        ELSE
          PRINT *, 'ring: WRONG: token', TOKEN, 'expected', EXPECT,
     &      'hops', TOTAL, 'expected', WANT
        END IF
      END IF
      CALL SHPDEALLC(PHOPS, ERRCODE, 1)
      CALL SHMEM_FINALIZE()
      IF (TOKEN .NE. EXPECT .OR. TOTAL .NE. WANT) STOP 1
      END
