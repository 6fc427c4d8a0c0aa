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
# docs/bench/nb-overlap.md (NB_OVERLAP_OUT) with bench/nb_overlap_report.py. Uses build-mpich and
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

python3 bench/nb_overlap_report.py "$raw" "$passes" "$out" "$wheres"
