#!/bin/bash
# progress_rule.sh [passes]: what the progress thread's rule costs
# (docs/decisions/progress.md, "The rule"), 2 PEs on both MPIs, in forced
# inter-node mode and on 2 emulated hosts (one PE each; skipped where hosts
# cannot be made). For each, round-robin, `passes` times (default 3):
#   turns          shmem_bench, a pure OpenSHMEM program: its progress
#                  thread takes turns with the library at MPI_THREAD_SERIALIZED
#   multiple       the same with SHMEM_PROGRESS=thread-multiple: what the
#                  library's MPI path gets in a program that names MPI
#   raw, raw-multiple
#                  mpi_bench, raw MPI-3 RMA and collectives at MPI_Init and
#                  at MPI_THREAD_MULTIPLE
#   own-plain, own-plain-multiple, own-shmem-first, own-mpi-first
#                  hybrid_mpi, a program's own MPI calls: without the library
#                  (at MPI_Init, at MPI_THREAD_MULTIPLE), after shmem_init
#                  then MPI_Init (the library starts MPI at MULTIPLE for its
#                  thread), after MPI_Init then shmem_init (no thread)
# and writes the fastest pass of each against raw MPI's to
# docs/bench/progress-rule.md (PROGRESS_RULE_OUT). Uses the builds of
# bench/run.sh (build-bench-mpich, build-bench-openmpi), made if missing.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
passes=${1:-3}
out=${PROGRESS_RULE_OUT:-docs/bench/progress-rule.md}
raw=build-bench/raw-progress-rule
rm -rf "$raw"
mkdir -p "$raw"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE SHMEM_PROGRESS
# shellcheck source=tests/cluster/cluster_probe.sh
. tests/cluster/cluster_probe.sh

for mpi in mpich openmpi; do
  cmake --build "build-bench-$mpi" --target shmem_bench mpi_bench hybrid_mpi hybrid_mpi_plain \
    >/dev/null 2>&1 || {
    scripts/build.sh "$mpi" "build-bench-$mpi" >/dev/null &&
      cmake --build "build-bench-$mpi" --target shmem_bench mpi_bench hybrid_mpi \
        hybrid_mpi_plain >/dev/null
  }
done

configs="turns multiple raw raw-multiple own-plain own-plain-multiple own-shmem-first own-mpi-first"
shmem_metrics="put8_quiet_us|get8_us|fetch_add_us|barrier_us|bcast8_us|reduce_sum_us"

# The program and its arguments of a configuration, with the settings on the
# command line (Open MPI passes other hosts only the variables it is told to).
program_of() { # CONFIG MPI
  local dir=$root/build-bench-$2/bench
  case $1 in
  turns) echo "$dir/shmem_bench -r 5 -m _us" ;;
  multiple) echo "env SHMEM_PROGRESS=thread-multiple $dir/shmem_bench -r 5 -m _us" ;;
  raw) echo "$dir/mpi_bench -r 5 -m _us" ;;
  raw-multiple) echo "env BENCH_THREAD_MULTIPLE=1 $dir/mpi_bench -r 5 -m _us" ;;
  own-plain) echo "$dir/hybrid_mpi_plain plain" ;;
  own-plain-multiple) echo "$dir/hybrid_mpi_plain plain-multiple" ;;
  own-shmem-first) echo "$dir/hybrid_mpi shmem" ;;
  own-mpi-first) echo "$dir/hybrid_mpi mpi" ;;
  esac
}

run() { # WHERE MPI CONFIG PASS
  local where=$1 mpi=$2 config=$3 pass=$4 launcher
  local file=$raw/$where-$mpi-$config-$pass.txt
  if [ "$where" = forced ]; then
    launcher="mpiexec.mpich -n 2"
    [ "$mpi" = openmpi ] && launcher="mpiexec.openmpi --oversubscribe -n 2"
    # Open MPI's default osc/rdma crashes raw MPI's compare-and-swap (bug
    # #11349); the library chooses its components itself.
    local osc=SHMEM_FORCE_INTERNODE=1
    case $mpi-$config in openmpi-raw*) osc=OMPI_MCA_osc=ucx ;; esac
    # shellcheck disable=SC2046
    env SHMEM_FORCE_INTERNODE=1 $osc timeout 300 $launcher $(program_of "$config" "$mpi") \
      >"$file" 2>&1 ||
      echo "FAILED: $where $mpi $config (pass $pass)" >&2
  else
    local run=run-mpich osc=""
    [ "$mpi" = openmpi ] && run=run-ompi
    case $config in raw*) osc=ucx ;; *) osc=default ;; esac
    # shellcheck disable=SC2046
    NSMPI_MAP=rr NSMPI_TIMEOUT=300 OMPI_OSC=$osc "$cluster" $run 2 \
      $(program_of "$config" "$mpi") >"$file" 2>&1 ||
      echo "FAILED: $where $mpi $config (pass $pass)" >&2
  fi
}

wheres="forced"
if why=$(cluster_probe); then
  cluster_claim 900
  cluster_ours=1
  trap cluster_down EXIT
  "$cluster" up 2 >"$raw/hosts-up.log" 2>&1 && wheres="forced hosts" ||
    echo "hosts: '$cluster up 2' failed (see $raw/hosts-up.log)" >&2
else
  echo "hosts SKIPPED: $why" >&2
fi

for pass in $(seq "$passes"); do
  for where in $wheres; do
    for mpi in mpich openmpi; do
      for config in $configs; do run "$where" "$mpi" "$config" "$pass"; done
    done
  done
  echo "pass $pass/$passes done" >&2
done
cluster_down

python3 - "$raw" "$passes" "$out" "$shmem_metrics" "$wheres" <<'EOF'
import sys
raw, passes, out, shmem_metrics, wheres = sys.argv[1], int(sys.argv[2]), sys.argv[3], \
    sys.argv[4].split("|"), sys.argv[5].split()
own_metrics = ["mpi_barrier_us", "mpi_allreduce8_us", "mpi_bcast8_us", "mpi_pingpong8_us"]
# mpi_bench's names for shmem_bench's metrics
raw_names = {m: m for m in shmem_metrics}

def read(where, mpi, config, p):
    try:
        lines = open(f"{raw}/{where}-{mpi}-{config}-{p}.txt").read().split("\n")
    except OSError:
        return {}
    vals = {}
    for f in (l.split() for l in lines):
        if len(f) == 3:
            try:
                vals[f[0]] = float(f[1])
            except ValueError:
                pass
    return vals

def best(where, mpi, config, metric):
    vals = [v for v in (read(where, mpi, config, p).get(metric) for p in range(1, passes + 1))
            if v is not None]
    return min(vals) if vals else None

def cell(v, base):
    if v is None:
        return "failed"
    return f"{v:.3f} ({v / base:.2f}x)" if base else f"{v:.3f}"

names = {"forced": "forced inter-node mode (`SHMEM_FORCE_INTERNODE=1`)",
         "hosts": "2 emulated hosts, one PE each (TCP)"}
lines = ["# What the progress thread's rule costs", "",
         f"Made by `bench/progress_rule.sh` ({passes} passes, the fastest of each "
         "configuration; 2 PEs). A pure OpenSHMEM program takes turns with its progress "
         "thread at `MPI_THREAD_SERIALIZED` (`turns`); a program that names an MPI routine "
         "(or `dlsym`) gets the thread at `MPI_THREAD_MULTIPLE` where the library starts MPI "
         "(`multiple`, the same as `SHMEM_PROGRESS=thread-multiple`), and none where it "
         "started MPI itself below that level. Ratios against raw MPI at `MPI_Init` "
         "(`mpi_bench`, and for the program's own calls `hybrid_mpi` built without the "
         "library). See docs/decisions/progress.md.", ""]
for where in wheres:
    for mpi in ["mpich", "openmpi"]:
        lines += [f"## {mpi}, {names[where]}", "", "The library's MPI path (us):", "",
                  "| metric | raw MPI at MPI_Init | turns | multiple | raw MPI at MULTIPLE |",
                  "|---|---|---|---|---|"]
        for m in shmem_metrics:
            base = best(where, mpi, "raw", raw_names[m])
            lines.append(f"| {m} | {cell(base, None) if base else 'failed'} | " +
                         " | ".join(cell(best(where, mpi, c, m if c != 'raw-multiple' else
                                              raw_names[m]), base)
                                    for c in ["turns", "multiple", "raw-multiple"]) + " |")
        lines += ["", "The program's own MPI calls (us):", "",
                  "| metric | no library, MPI_Init | shmem_init first (MULTIPLE, thread) | "
                  "MPI_Init first (no thread) | no library, MULTIPLE |", "|---|---|---|---|---|"]
        for m in own_metrics:
            base = best(where, mpi, "own-plain", m)
            lines.append(f"| {m} | {cell(base, None) if base else 'failed'} | " +
                         " | ".join(cell(best(where, mpi, c, m), base)
                                    for c in ["own-shmem-first", "own-mpi-first",
                                              "own-plain-multiple"]) + " |")
        lines.append("")
open(out, "w").write("\n".join(lines))
print(f"wrote {out}")
EOF
