#!/bin/bash
# nb_overlap.sh [passes]: how much computation the nonblocking collectives
# with requests (shmemx_*_nb) hide behind a 1 MiB alltoall (1 MiB per PE),
# against the blocking alltoall followed by the computation and against raw
# MPI's MPI_Ialltoall, measured in the same process (bench/coll_overlap_mpi:
# shmem_init, then MPI_Init). 2 PEs on both MPIs: on a node, in forced
# inter-node mode, and on 2 emulated hosts (one PE each; skipped where
# hosts cannot be made). Also the pure OpenSHMEM coll_overlap (no MPI in
# the program), whose library keeps MPI_THREAD_SERIALIZED. Each value is
# the median over `passes` (default 3) of the median of 5 rounds. Writes
# docs/bench/nb-overlap.md (NB_OVERLAP_OUT). Uses build-mpich and
# build-openmpi (NB_OVERLAP_BUILD: another prefix), building the two
# programs there.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
passes=${1:-3}
out=${NB_OVERLAP_OUT:-docs/bench/nb-overlap.md}
prefix=${NB_OVERLAP_BUILD:-build}
raw=$prefix-mpich/raw-nb-overlap
rm -rf "$raw"
mkdir -p "$raw"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE SHMEM_PROGRESS
# shellcheck source=tests/cluster/cluster_probe.sh
. tests/cluster/cluster_probe.sh
for mpi in mpich openmpi; do
  cmake --build "$prefix-$mpi" -j 2 --target coll_overlap coll_overlap_mpi >/dev/null
done
rows="-r 5 -m overlap_alltoall_1048576"

run() { # WHERE MPI PROGRAM PASS
  local where=$1 mpi=$2 program=$root/$prefix-$2/bench/$3
  local file=$raw/$where-$mpi-$3-$4.txt launcher="mpiexec.mpich -n 2"
  [ "$mpi" = openmpi ] && launcher="mpiexec.openmpi --oversubscribe -n 2"
  case $where in
  node) timeout 600 $launcher "$program" $rows >"$file" 2>&1 ;;
  forced) env SHMEM_FORCE_INTERNODE=1 timeout 600 $launcher "$program" $rows >"$file" 2>&1 ;;
  hosts)
    local cmd=run-mpich
    [ "$mpi" = openmpi ] && cmd=run-ompi
    # The library chooses its own osc component (as bench/progress_rule.sh).
    NSMPI_MAP=rr NSMPI_TIMEOUT=600 OMPI_OSC=default "$cluster" $cmd 2 "$program" $rows >"$file" 2>&1
    ;;
  esac || echo "FAILED: $where $mpi $3 (pass $4)" >&2
}

wheres="node forced"
if why=$(cluster_probe); then
  if cluster_start 2 nb-overlap; then wheres="node forced hosts"; fi
else
  echo "hosts SKIPPED: $why" >&2
fi

for pass in $(seq "$passes"); do
  for where in $wheres; do
    for mpi in mpich openmpi; do
      for program in coll_overlap_mpi coll_overlap; do run "$where" "$mpi" "$program" "$pass"; done
    done
  done
  echo "pass $pass/$passes done" >&2
done
cluster_down

python3 - "$raw" "$passes" "$out" "$wheres" <<'EOF'
import statistics, sys
raw, passes, out, wheres = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split()
row = "overlap_alltoall_1048576"

def read(where, mpi, program, p):
    try:
        for line in open(f"{raw}/{where}-{mpi}-{program}-{p}.txt"):
            f = line.split()
            if f and f[0] == row:
                return {f[i]: float(f[i + 1]) for i in range(3, len(f) - 1, 2)}
    except OSError:
        pass
    return {}

def med(where, mpi, program, key):
    vals = [v for v in (read(where, mpi, program, p).get(key) for p in range(1, passes + 1))
            if v is not None]
    return statistics.median(vals) if vals else None

def fmt(v, digits=2):
    return "failed" if v is None else f"{v:.{digits}f}"

def over(a, b):
    return None if a is None or not b else a / b

names = {"node": "one node (shared memory)", "forced": "forced inter-node (`SHMEM_FORCE_INTERNODE=1`)",
         "hosts": "2 emulated hosts, one PE each (TCP)"}
lines = ["# Computation hidden behind a 1 MiB alltoall with a request", "",
         f"Made by `bench/nb_overlap.sh {passes}` (2 PEs; each value the median over {passes} "
         "passes of the median of 5 rounds of about 20 ms, on PE 0). Each round times "
         "`shmem_alltoallmem` of 1 MiB per PE alone (`coll`), a compute loop calibrated to last "
         "as long (`compute`, a chain of xorshift steps: no memory traffic, no library call), "
         "the blocking alltoall then the loop (`seq`, the baseline), and the overlapped forms: "
         "`shmemx_alltoallmem_nb`, the loop, `shmemx_req_wait` (`nb`); the same with the loop "
         "cut in 16 slices and `shmemx_req_test` after each (`nb_test`); `MPI_Ialltoall` on "
         "`MPI_COMM_WORLD`, the loop, `MPI_Wait` (`mpi`) and with `MPI_Test` between the slices "
         "(`mpi_test`); `_only`: the nonblocking call and its wait without the loop. "
         "Library and raw MPI come from the same process (`bench/coll_overlap_mpi`, a hybrid "
         "program: `shmem_init` then `MPI_Init`, so the library runs MPI at "
         "`MPI_THREAD_MULTIPLE`); the last column is the pure OpenSHMEM `bench/coll_overlap` "
         "in the same pass.", "",
         "Time ratios are against `seq` (below 1: faster than blocking then computing). The "
         "overlap is (seq - t) / min(coll, compute): 1 when the shorter of the two is hidden "
         "entirely, 0 when nothing is, negative when the nonblocking path costs more than it "
         "hides.", "",
         "| MPI, where | coll us | seq us | nb / seq | nb_test / seq | mpi / seq | "
         "mpi_test / seq | nb_test / mpi_test | nb_only / mpi_only | overlap nb_test | "
         "overlap mpi_test | overlap nb_test, pure |", "|---|" + "---|" * 11]
for where in wheres:
    for mpi in ["mpich", "openmpi"]:
        g = lambda k: med(where, mpi, "coll_overlap_mpi", k)
        seq = g("seq_us")
        lines.append(f"| {mpi}, {names[where]} | {fmt(g('coll_us'), 0)} | {fmt(seq, 0)} | " +
                     " | ".join(fmt(over(g(k), seq)) for k in
                                ["nb_us", "nb_test_us", "mpi_us", "mpi_test_us"]) +
                     f" | {fmt(over(g('nb_test_us'), g('mpi_test_us')))}"
                     f" | {fmt(over(g('nb_only_us'), g('mpi_only_us')))}"
                     f" | {fmt(g('nb_test_ratio'))} | {fmt(g('mpi_test_ratio'))}"
                     f" | {fmt(med(where, mpi, 'coll_overlap', 'nb_test_ratio'))} |")
lines.append("")
open(out, "w").write("\n".join(lines))
print(f"wrote {out}")
EOF
