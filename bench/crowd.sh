#!/bin/bash
# crowd.sh [runs]: collectives with more PEs than cores: barrier_all, an
# 8-byte broadcast, a 1-long sum reduction and an 8-byte alltoall
# (bench/shmem_bench -c) at 8, 16 and 32 PEs on this node with Open MPI
# (--oversubscribe; MPICH busy-polls when PEs outnumber cores), this
# library against Open MPI's OSHMEM, round-robin, `runs` times each
# (default 5). Writes to docs/bench/crowd.md, per metric and PE count, the
# median, fastest and slowest run, the slowest over the fastest (steady:
# within 3x), and our median over OSHMEM's. Uses the Open MPI build of
# bench/run.sh (build-bench-openmpi), made if missing. CROWD_PES overrides
# the PE counts.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
runs=${1:-5}
pes=${CROWD_PES:-8 16 32}
out=docs/bench/crowd.md
raw=build-bench/raw-crowd
mkdir -p "$raw"
rm -f "$raw"/*.txt
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE

cmake --build build-bench-openmpi --target shmem_bench >/dev/null 2>&1 ||
  scripts/build.sh openmpi build-bench-openmpi >/dev/null
/usr/bin/oshcc -std=gnu11 -O2 -Wall -Wextra -o build-bench/shmem_bench_oshmem bench/shmem_bench.c

command_of() { # CONFIG NP
  case $1 in
    ours) echo "build-bench-openmpi/tools/oshrun -np $2 build-bench-openmpi/bench/shmem_bench -c" ;;
    # osc/ucx, as bench/run.sh gives OSHMEM (Debian's osc/rdma crashes it).
    oshmem) echo "env OMPI_MCA_osc=ucx /usr/bin/oshrun --allow-run-as-root --oversubscribe -np $2 build-bench/shmem_bench_oshmem -c" ;;
  esac
}

for run in $(seq "$runs"); do
  for np in $pes; do
    for config in ours oshmem; do
      # shellcheck disable=SC2046
      { timeout 300 $(command_of $config "$np") || echo "failed" >&2; } |
        sed "s/^/run=$run /" >>"$raw/$config-$np.txt"
    done
  done
  echo "[crowd] run $run of $runs done" >&2
done

/usr/bin/python3 - "$raw" "$runs" "$pes" >"$out" <<'PY'
import datetime, os, statistics, sys
raw, runs, pes = sys.argv[1], sys.argv[2], sys.argv[3].split()
metrics = ["barrier_us", "bcast8_us", "reduce_sum_us", "alltoall8_us"]
def values(config, np, metric):
    path = os.path.join(raw, f"{config}-{np}.txt")
    out = []
    for line in open(path) if os.path.exists(path) else []:
        parts = line.split()
        if len(parts) >= 3 and parts[1] == f"{metric}_np{np}":
            out.append(float(parts[2]))
    return out
print("# Collectives on a crowded node\n")
print(f"`bench/crowd.sh` ({datetime.date.today()}, {runs} runs of each): `bench/shmem_bench -c` "
      "with more PEs than the node's 2 cores (Open MPI, `--oversubscribe`), this library "
      "(`ours`) against Open MPI's OSHMEM in the same run, round-robin. Each run prints the "
      "median of its rounds, in us; a cell gives the median of the runs (fastest-slowest). "
      "*steady*: the slowest run within 3x of the fastest; *vs OSHMEM*: our median over "
      "OSHMEM's (at or below 1: at or ahead).\n")
print("| metric | PEs | ours | steady | OSHMEM | steady | vs OSHMEM |")
print("|---|---|---|---|---|---|---|")
def cell(v):
    if not v:
        return "-", "-"
    spread = max(v) / min(v) if min(v) > 0 else float("inf")
    return (f"{statistics.median(v):.3g} ({min(v):.3g}-{max(v):.3g})",
            f"{spread:.1f}x {'yes' if spread <= 3 else 'no'}")
for metric in metrics:
    for np in pes:
        ours, theirs = values("ours", np, metric), values("oshmem", np, metric)
        o, os_ = cell(ours), cell(theirs)
        ratio = (f"{statistics.median(ours) / statistics.median(theirs):.2f}x"
                 if ours and theirs else "-")
        print(f"| `{metric}` | {np} | {o[0]} | {o[1]} | {os_[0]} | {os_[1]} | {ratio} |")
PY
echo "[crowd] wrote $out" >&2
