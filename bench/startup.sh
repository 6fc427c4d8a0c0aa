#!/bin/bash
# startup.sh [passes]: shmem_init's time and the memory a PE pays for the
# library (bench/startup.c), this library against Open MPI's OSHMEM in the
# same run: at 2, 16, 32, 64 and 128 PEs on this node with Open MPI (more PEs
# than cores: --oversubscribe), round-robin, and at 2 PEs with MPICH (which
# busy-polls when PEs outnumber cores). Writes the median of the passes
# (default 3), with the slowest and fastest run, to docs/bench/startup.md;
# uses the builds of bench/run.sh (build-bench-mpich, build-bench-openmpi),
# made if missing. STARTUP_PES overrides the Open MPI PE counts.
set -euo pipefail
exec </dev/null
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
passes=${1:-3}
pes=${STARTUP_PES:-2 16 32 64 128}
out=docs/bench/startup.md
raw=build-bench/raw-startup
mkdir -p "$raw"
rm -f "$raw"/*.txt
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE

for mpi in mpich openmpi; do
  cmake --build "build-bench-$mpi" --target startup >/dev/null 2>&1 ||
    scripts/build.sh "$mpi" "build-bench-$mpi" >/dev/null
done
/usr/bin/oshcc -std=gnu11 -O2 -Wall -Wextra -o build-bench/startup_oshmem bench/startup.c

command_of() { # CONFIG NP
  case $1 in
    ours-mpich) echo "mpiexec.mpich -n $2 build-bench-mpich/bench/startup" ;;
    ours-openmpi) echo "build-bench-openmpi/tools/oshrun -np $2 build-bench-openmpi/bench/startup" ;;
    # osc/ucx, as bench/run.sh gives OSHMEM: Debian's default osc/rdma
    # crashes OSHMEM's shmem_finalize here.
    oshmem) echo "env OMPI_MCA_osc=ucx /usr/bin/oshrun --allow-run-as-root --oversubscribe -np $2 build-bench/startup_oshmem" ;;
  esac
}

for pass in $(seq "$passes"); do
  timeout 300 $(command_of ours-mpich 2) >>"$raw/ours-mpich-2.txt" ||
    echo "run failed: ours-mpich 2 pass $pass" >&2
  for np in $pes; do
    for config in ours-openmpi oshmem; do
      timeout 300 $(command_of $config "$np") >>"$raw/$config-$np.txt" ||
        echo "run failed: $config $np pass $pass" >&2
    done
  done
  echo "[startup] pass $pass of $passes done" >&2
done

/usr/bin/python3 - "$raw" "$passes" "$pes" >"$out" <<'PY'
import datetime, os, statistics, sys
raw, passes, pes = sys.argv[1], sys.argv[2], sys.argv[3].split()
keys = ["init_s", "finalize_s", "rss_mib", "pss_mib"]
def rows(config, np):
    path = os.path.join(raw, f"{config}-{np}.txt")
    out = []
    for line in open(path) if os.path.exists(path) else []:
        fields = dict(kv.split("=") for kv in line.split() if "=" in kv)
        if all(k in fields for k in keys):
            out.append({k: float(fields[k]) for k in keys})
    return out
def cell(rs, key):
    if not rs:
        return "-"
    values = [r[key] for r in rs]
    return f"{statistics.median(values):.3g} ({min(values):.3g}-{max(values):.3g})"
print("# Start-up and the memory a PE pays\n")
print(f"`bench/startup.sh` ({datetime.date.today()}, {passes} passes, each cell the median "
      "(fastest-slowest)): `bench/startup` on one node of 2 cores, this library "
      "(`ours-*`) against Open MPI's OSHMEM (`oshmem`, `/usr/bin/oshrun`) in the same run. "
      "`init_s`: the slowest PE's `shmem_init`; `finalize_s`: PE 0's `shmem_finalize`; "
      "`rss_mib` and `pss_mib`: per PE, the resident memory and its proportional share "
      "(shared pages counted once per node) that `shmem_init` added, mean over the PEs; "
      "the heap is the default 256 MiB, untouched by the program.\n")
print("| PEs | configuration | " + " | ".join(keys) + " |")
print("|---|---|" + "---|" * len(keys))
for np, config in [("2", "ours-mpich")] + [(n, c) for n in pes for c in ["ours-openmpi", "oshmem"]]:
    rs = rows(config, np)
    print(f"| {np} | {config} | " + " | ".join(cell(rs, k) for k in keys) + " |")
PY
echo "[startup] wrote $out" >&2
