#!/bin/bash
# statics.sh [passes]: what sharing global variables on a node costs
# the program's own process (bench/statics_cost.c), on both MPIs at 2 PEs,
# in three configurations run round-robin: globals shared on the node (the
# default), SHMEM_NODE_GLOBALS=0 (nothing moved: the baseline) and
# SHMEM_FORCE_INTERNODE=1 (nothing moved, every PE its own node), each with
# a 1 GiB heap for the fork + exec case (heap_fork_exec_ms). Writes
# the median of the passes (default 5) to docs/bench/statics.md; uses the
# builds of bench/run.sh (build-bench-mpich, build-bench-openmpi), made
# if missing.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
passes=${1:-5}
out=docs/bench/statics.md
raw=build-bench/raw-statics
mkdir -p "$raw"
rm -f "$raw"/*.txt

launch() { # MPI: the mpiexec command line for 2 PEs
  case $1 in
    mpich) echo "mpiexec.mpich -n 2" ;;
    openmpi) echo "mpiexec.openmpi --allow-run-as-root --oversubscribe -n 2" ;;
  esac
}

for mpi in mpich openmpi; do
  [ -x "build-bench-$mpi/bench/statics_cost" ] ||
    cmake --build "build-bench-$mpi" --target statics_cost >/dev/null 2>&1 ||
    { scripts/build.sh "$mpi" "build-bench-$mpi" >/dev/null; }
done

configs="shared private forced"
env_of() {
  case $1 in
    shared) echo "" ;;
    private) echo "SHMEM_NODE_GLOBALS=0" ;;
    forced) echo "SHMEM_FORCE_INTERNODE=1" ;;
  esac
}

for pass in $(seq "$passes"); do
  for mpi in mpich openmpi; do
    for config in $configs; do
      # shellcheck disable=SC2046
      env $(env_of "$config") SHMEM_SYMMETRIC_SIZE=1100M timeout 300 $(launch "$mpi") "build-bench-$mpi/bench/statics_cost" \
        >>"$raw/$mpi-$config.txt" || echo "run failed: $mpi $config pass $pass" >&2
    done
  done
  echo "[statics] pass $pass of $passes done" >&2
done

/usr/bin/python3 - "$raw" "$passes" >"$out" <<'EOF'
import statistics, sys, os, datetime
raw, passes = sys.argv[1], sys.argv[2]
keys = ["init_s", "rss_grown_mib", "fork_ms", "heap_fork_exec_ms", "static_read_ns", "malloc_read_ns",
        "static_over_malloc"]
print("# What sharing global variables costs the program's process\n")
print(f"`bench/statics.sh` ({datetime.date.today()}, {passes} passes, medians): "
      "`bench/statics_cost` at 2 PEs on one node, a program with a 1 GiB bss of which "
      "64 MiB hold data. *shared*: globals shared on the node (the default); *private*: "
      "`SHMEM_NODE_GLOBALS=0`, nothing moved (the baseline); *forced*: "
      "`SHMEM_FORCE_INTERNODE=1`. `fork_ms`: fork + `_exit` + `waitpid`; `heap_fork_exec_ms`: "
      "fork + `exec` of `/bin/true` + `waitpid` once a 1 GiB symmetric heap was written whole "
      "(`SHMEM_SYMMETRIC_SIZE=1100M`); `static_read_ns`: a "
      "dependent random 8-byte read in a 256 MiB static array, `malloc_read_ns` the same in "
      "malloc'ed memory, both advised to use huge pages (the static array gets them only as "
      "private memory, or where the system gives them to shared memory).\n")
print("| MPI | configuration | " + " | ".join(keys) + " |")
print("|---|---|" + "---|" * len(keys))
for mpi in ["mpich", "openmpi"]:
    for config in ["shared", "private", "forced"]:
        path = os.path.join(raw, f"{mpi}-{config}.txt")
        rows = []
        for line in open(path) if os.path.exists(path) else []:
            fields = dict(kv.split("=") for kv in line.split() if "=" in kv)
            if all(k in fields for k in keys):
                rows.append(fields)
        cells = [f"{statistics.median(float(r[k]) for r in rows):g}" if rows else "-" for k in keys]
        print(f"| {mpi} | {config} | " + " | ".join(cells) + " |")
EOF
echo "[statics] wrote $out" >&2
