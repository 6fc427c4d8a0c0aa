#!/bin/bash
# hybrid.sh [passes]: what OpenSHMEM in a process costs the program's own
# MPI calls (bench/hybrid_mpi.c: barrier, 8-byte allreduce and broadcast,
# 8-byte send/recv ping-pong), 2 ranks, on both MPIs, on a node and in
# forced inter-node mode (SHMEM_FORCE_INTERNODE=1), in both orders of
# initialization, against the same program without the library (plain)
# and, for reference, without it at MPI_THREAD_MULTIPLE. The
# configurations run round-robin, `passes` times (default 5), and
# docs/bench/hybrid.md gets each one's fastest pass against plain's fastest
# (this VM moves between two speeds of communication between its cores for
# seconds to minutes at a time, so a paired ratio compares whichever speeds
# the two runs met; the fastest pass is the speed of the code). Uses the
# builds of bench/run.sh
# (build-bench-mpich, build-bench-openmpi), made if missing.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
passes=${1:-5}
out=${HYBRID_OUT:-docs/bench/hybrid.md}
raw=build-bench/raw-hybrid
mkdir -p "$raw"
# HYBRID_REPORT_ONLY=1: only the report, from the last run's outputs
report_only=${HYBRID_REPORT_ONLY:-0}
wheres=${HYBRID_WHERE:-node forced}
if [ "$report_only" != 1 ]; then
  for where in $wheres; do rm -f "$raw"/*-"$where"-*.txt; done
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE SHMEM_PROGRESS

for mpi in mpich openmpi; do
  [ "$report_only" = 1 ] && break
  cmake --build "build-bench-$mpi" --target hybrid_mpi hybrid_mpi_plain >/dev/null 2>&1 ||
    { scripts/build.sh "$mpi" "build-bench-$mpi" >/dev/null &&
      cmake --build "build-bench-$mpi" --target hybrid_mpi hybrid_mpi_plain >/dev/null; }
done

run() { # MPI WHERE ORDER PASS
  local mpi=$1 where=$2 order=$3 pass=$4 program=hybrid_mpi launcher=mpiexec.mpich
  case $order in plain*) program=hybrid_mpi_plain ;; esac
  [ "$mpi" = openmpi ] && launcher="mpiexec.openmpi --oversubscribe"
  local forced=0
  [ "$where" = forced ] && forced=1
  SHMEM_FORCE_INTERNODE=$forced timeout 300 $launcher -n 2 "build-bench-$mpi/bench/$program" \
    "$order" >"$raw/$mpi-$where-$order-$pass.txt" 2>&1 ||
    echo "FAILED: $mpi $where $order (pass $pass)" >&2
}

for pass in $(seq "$passes"); do
  [ "$report_only" = 1 ] && break
  for mpi in mpich openmpi; do
    for where in $wheres; do
      for order in plain mpi shmem plain-multiple; do run "$mpi" "$where" "$order" "$pass"; done
    done
  done
done

python3 - "$raw" "$passes" "$out" <<'EOF'
import sys
raw, passes, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
metrics = ["mpi_barrier_us", "mpi_allreduce8_us", "mpi_bcast8_us", "mpi_pingpong8_us"]
orders = [("mpi", "MPI_Init, then shmem_init"), ("shmem", "shmem_init, then MPI_Init"),
          ("plain-multiple", "no library, MPI_THREAD_MULTIPLE")]
levels = {0: "SINGLE", 1: "FUNNELED", 2: "SERIALIZED", 3: "MULTIPLE"}

def read(mpi, where, order, p):
    try:
        lines = open(f"{raw}/{mpi}-{where}-{order}-{p}.txt").read().split("\n")
    except OSError:
        return {}
    return {f[0]: float(f[1]) for f in (l.split() for l in lines) if len(f) == 3}

lines = ["# A hybrid program's own MPI calls, with and without OpenSHMEM", "",
         f"Made by `bench/hybrid.sh` (2 ranks on this machine; "
         "`bench/hybrid_mpi.c`, best of 7 rounds of 20,000 calls per run). `plain` is the "
         "same program built without the library, at `MPI_Init`; each column is the fastest "
         "pass of its configuration, and the ratio is against plain's fastest pass (the VM "
         "moves between two speeds for seconds to minutes, so the fastest pass is the speed "
         "of the code). `forced`: `SHMEM_FORCE_INTERNODE=1` (every PE its own node, so the "
         "library plans a progress thread, which runs where the library started MPI). The "
         "last row of each table is the thread level MPI ran at.", ""]
for mpi in ["mpich", "openmpi"]:
    for where in ["node", "forced"]:
        ran = sum(1 for p in range(1, passes + 1) if read(mpi, where, "plain", p))
        lines += [f"## {mpi}, {where} ({ran} passes)", "",
                  "| metric | plain (us) | " + " | ".join(t for _, t in orders) + " |",
                  "|---|---|" + "---|" * len(orders)]
        for m in metrics + ["mpi_thread_level"]:
            runs = {order: [v for v in (read(mpi, where, order, p).get(m)
                                        for p in range(1, passes + 1)) if v is not None]
                    for order in ["plain"] + [o for o, _ in orders]}
            if m == "mpi_thread_level":
                cells = ["/".join(sorted({levels.get(int(v), "?") for v in runs[o]})) or "failed"
                         for o in ["plain"] + [o for o, _ in orders]]
            else:
                best = {o: min(v) if v else None for o, v in runs.items()}
                base = best["plain"]
                cells = [f"{base:.3f}" if base else "failed"]
                cells += [f"{best[o]:.3f} ({best[o] / base:.2f}x)" if best[o] and base else "failed"
                          for o, _ in orders]
            lines.append(f"| {m} | " + " | ".join(cells) + " |")
        lines.append("")
open(out, "w").write("\n".join(lines))
print(f"wrote {out}")
EOF
