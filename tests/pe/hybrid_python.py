"""A hybrid Python program: shmem4py and mpi4py in one process.

    hybrid_python.py shmem-first       from shmem4py import shmem, then
                                       from mpi4py import MPI
    hybrid_python.py mpi-first LEVEL   mpi4py.rc.thread_level = LEVEL
                                       ("serialized", "multiple"), then
                                       mpi4py, then shmem4py

Then rounds of MPI collectives and point-to-point for 10 ms each
(HYBRID_MPI_MS; comm.Allreduce, comm.allreduce, comm.barrier,
comm.sendrecv), each followed by shmem4py atomics and puts to the right
neighbour (HYBRID_ROUNDS, default 30), and last the check of progress to a
computing PE: PE 1 computes in Python for 1 s while PE 0 does a fetch-add
there, which must complete within HYBRID_PROGRESS_LIMIT seconds (default
0.1) where HYBRID_EXPECT_PROGRESS=1 (tests/pe/hybrid.h says the same of
the C tests). Each PE checks its own results; the exit status is the
verdict. Python loads both modules with RTLD_LOCAL, so mpi4py reaches MPI
without passing the OpenSHMEM library: it finds MPI initialized by
shmem_init, or starts it with MPI's own MPI_Init_thread."""
import os
import sys
import time

order = sys.argv[1] if len(sys.argv) > 1 else ""
if order == "shmem-first":
    from shmem4py import shmem
    from mpi4py import MPI
elif order == "mpi-first" and len(sys.argv) > 2:
    import mpi4py

    mpi4py.rc.thread_level = sys.argv[2]
    from mpi4py import MPI
    from shmem4py import shmem
else:
    sys.exit("usage: hybrid_python.py shmem-first | mpi-first serialized|multiple")
import numpy as np

comm = MPI.COMM_WORLD
me, npes = shmem.my_pe(), shmem.n_pes()
failures = 0


def check(cond, what):
    global failures
    if not cond:
        print(f"[PE {me}] check failed: {what}", file=sys.stderr, flush=True)
        failures += 1


check(comm.Get_rank() == me, f"MPI rank {comm.Get_rank()}")
level = MPI.Query_thread()
if order == "mpi-first":
    wanted = {"serialized": MPI.THREAD_SERIALIZED, "multiple": MPI.THREAD_MULTIPLE}[sys.argv[2]]
    check(level == wanted, f"MPI at thread level {level}, {wanted} asked for")
right, left = (me + 1) % npes, (me + npes - 1) % npes
hits = shmem.zeros(1, dtype="l")
data = shmem.zeros(3, dtype="l")
counter = shmem.zeros(1, dtype="l")
rounds = int(os.environ.get("HYBRID_ROUNDS", "30"))
mpi_seconds = float(os.environ.get("HYBRID_MPI_MS", "10")) / 1000
for r in range(rounds):
    # MPI for 10 ms (as PE 0 measures and tells the others in the
    # Allreduce): the library's progress thread, which sleeps 2 ms while
    # the program is busy in the library, wakes up during the calls.
    until = time.monotonic() + mpi_seconds
    i = 0
    while True:
        stop = int(me == 0 and time.monotonic() >= until)
        out = np.zeros(2, dtype="l")
        comm.Allreduce(np.array([me + r + i, stop], dtype="l"), out, op=MPI.SUM)
        check(out[0] == npes * (npes - 1) // 2 + npes * (r + i), f"round {r}: Allreduce {out[0]}")
        if out[1]:
            break
        total = comm.allreduce(me + i, op=MPI.SUM)
        check(total == npes * (npes - 1) // 2 + npes * i, f"round {r}: allreduce {total}")
        comm.barrier()
        got = comm.sendrecv(me * 1000 + r, dest=right, source=left)
        check(got == left * 1000 + r, f"round {r}: sendrecv {got}")
        i += 1
    old = shmem.atomic_fetch_add(hits, 1, right)
    check(old == r, f"round {r}: fetch-add found {old}")
    shmem.put(data, np.array([r, me, r * 10 + me], dtype="l"), right)
    shmem.barrier_all()
    check(list(data) == [r, left, r * 10 + left], f"round {r}: put holds {list(data)}")
    check(hits[0] == r + 1, f"round {r}: {hits[0]} fetch-adds arrived")
    shmem.barrier_all()

# Progress to a computing PE (in forced inter-node mode the heap is reached
# through MPI).
expected = os.environ.get("HYBRID_EXPECT_PROGRESS", "0") not in ("", "0")
limit = float(os.environ.get("HYBRID_PROGRESS_LIMIT", "0.1"))
shmem.barrier_all()
if npes >= 2:
    if me == 1:
        x, until = 0.0, time.monotonic() + 1.0
        while time.monotonic() < until:
            x += 1.0
    elif me == 0:
        start = time.monotonic()
        old = shmem.atomic_fetch_add(counter, 1, 1)
        took = time.monotonic() - start
        check(old == 0, f"progress fetch-add found {old}")
        promised = "promised" if expected else "not promised here"
        print(f"PE 0: a fetch-add to a computing PE took {took:.3f} s (progress {promised})")
        if expected:
            check(took < limit, f"a fetch-add to a computing PE took {took:.3f} s, over {limit} s")
shmem.barrier_all()
if me == 1:
    check(counter[0] == 1, f"progress counter {counter[0]}")
for a in (hits, data, counter):
    shmem.free(a)
if me == 0 and failures == 0:
    print(f"PE 0: {rounds} rounds ok (MPI at thread level {level})", flush=True)
if failures:
    print(f"[PE {me}] {failures} check(s) failed", file=sys.stderr, flush=True)
sys.exit(1 if failures else 0)
