#!/bin/bash
# hybrid_cluster.sh BUILD_MPICH|- BUILD_OPENMPI|-: the hybrid programs of
# tests/pe/hybrid.cmake on 4 PEs across 2 emulated hosts (round-robin
# placement: every PE's neighbours, and PE 1 of the progress check, on the
# other host), with the race detector (tests/support/mpi_overlap.c)
# preloaded on each PE: the plugin dlopen()ed after shmem_init, the
# program linked with a library that calls MPI (SHMEM_PROGRESS=thread and
# auto), MPI_Init_thread(MPI_THREAD_SERIALIZED) by a program linked with
# MPI first, and on Open MPI the Python programs (shmem4py and mpi4py, if
# the build tree's tools_shmem4py_build built shmem4py). Between hosts the
# library plans a progress thread without SHMEM_FORCE_INTERNODE.
# HYBRID_EXPECT_PROGRESS is set per case as in hybrid.cmake; progress to
# the computing PE must come within 0.5 s, not 0.1 (4 PEs and Python share
# 2 cores here: one fetch-add took 0.14 s in a CI run; without progress it
# takes the PE's whole second). Uses the
# machinery of scripts/test-cluster.sh (tests/cluster/cluster_probe.sh, the
# cluster tool); prints "SKIPPED: <reason>" and exits 0 where hosts cannot
# be emulated. Run by test-all.sh after test-cluster.sh; exits non-zero if a run
# failed. Each run has a limit of SHMEM_CLUSTER_TIMEOUT s (default 120).
set -u
root=$(CDPATH= cd -- "$(dirname -- "$0")/../.." && pwd)
# shellcheck source=tests/cluster/cluster_probe.sh
. "$root/tests/cluster/cluster_probe.sh"
[ $# -eq 2 ] || { echo "usage: $0 BUILD_MPICH|- BUILD_OPENMPI|-" >&2; exit 2; }
why=$(cluster_probe) || { echo "SKIPPED: $why"; exit 0; }
limit=${SHMEM_CLUSTER_TIMEOUT:-120}

cluster_start 2 shmem-hybrid-cluster || exit 1

# Run on each PE: exports the VAR=VALUE words up to "--" (LD_PRELOAD before
# any preload the launcher set: MPICH's runs have the cluster tool's shim),
# then runs the program. Open MPI's launcher passes few variables to PEs on
# other hosts.
wrap=$logs/pe_env.sh
cat >"$wrap" <<'EOF'
#!/bin/sh
while [ "$1" != -- ]; do
  case $1 in
    LD_PRELOAD=*) LD_PRELOAD=${1#LD_PRELOAD=}${LD_PRELOAD:+:$LD_PRELOAD}; export LD_PRELOAD ;;
    *) export "$1" ;;
  esac
  shift
done
shift
exec "$@"
EOF
chmod +x "$wrap"

results=()
failures=0
# run MPI NAME KNOB=VALUE... -- VAR=VALUE... -- PROGRAM ARGS...: KNOBs go to
# the cluster tool (OMPI_OSC), VARs to each PE.
run() {
  local mpi=$1 name=$2 knobs=() vars=(HYBRID_PROGRESS_LIMIT=0.5) launcher=run-mpich
  shift 2
  while [ "$1" != -- ]; do knobs+=("$1"); shift; done
  shift
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  [ "$mpi" = openmpi ] && launcher=run-ompi
  local log=$logs/$mpi-$name.log t0 rc secs status=PASS note
  t0=$(date +%s)
  env NSMPI_MAP=rr NSMPI_TIMEOUT="$limit" "${knobs[@]}" \
    "$cluster" "$launcher" 4 "$wrap" "${vars[@]}" -- "$@" </dev/null >"$log" 2>&1 &
  wait $!
  rc=$?
  secs=$(($(date +%s) - t0))
  note=$(grep -hoE "Assertion \`[^']*' failed|[0-9]+ overlaps in|fetch-add to a computing PE took [0-9.]+ s|check failed: [^:]*" "$log" |
    sort | uniq -c | sed 's/^ *//' | paste -sd ';' - | sed 's/;/; /g')
  if [ "$rc" -ne 0 ]; then
    status=FAIL
    failures=$((failures + 1))
  fi
  left=$(cluster_leftovers)
  [ -z "$left" ] || { note="$note; PEs left: $left"; kill -KILL $left 2>/dev/null; }
  results+=("$(printf '%-4s  %-7s  %-28s %4d s  status %-3s %s' "$status" "$mpi" "$name" "$secs" "$rc" "$note")")
  echo "${results[-1]}"
}

echo "== 4 PEs on 2 emulated hosts, round-robin; logs in $logs"
for pair in "mpich:$1" "openmpi:$2"; do
  mpi=${pair%%:*} dir=${pair#*:}
  [ "$dir" = - ] && continue
  dir=$(cd "$dir" && pwd) || exit 1
  tests=$dir/tests
  detector=LD_PRELOAD=$tests/libmpi_overlap.so
  # The library chooses Open MPI's components where it starts MPI; where the
  # program does, they are chosen for it (docs/cluster.md).
  run "$mpi" plugin OMPI_OSC=default -- "$detector" SHMEM_DEBUG=1 HYBRID_EXPECT_PROGRESS=0 -- \
    "$tests/hybrid_plugin" "$tests/libhybrid_mpi_calls.so"
  run "$mpi" linked_thread OMPI_OSC=default -- "$detector" SHMEM_DEBUG=1 SHMEM_PROGRESS=thread \
    HYBRID_EXPECT_PROGRESS=1 -- "$tests/hybrid_linked"
  run "$mpi" linked_auto OMPI_OSC=default -- "$detector" SHMEM_DEBUG=1 HYBRID_EXPECT_PROGRESS=1 -- \
    "$tests/hybrid_linked"
  run "$mpi" mpi_first OMPI_OSC=ucx,sm -- "$detector" SHMEM_DEBUG=1 HYBRID_EXPECT_PROGRESS=0 -- \
    "$tests/hybrid_mpi_first"
  py=$tests/tools-work/shmem4py/shmem4py/src
  if [ "$mpi" = openmpi ] && ls "$py"/shmem4py/*.so >/dev/null 2>&1; then
    script=$root/tests/pe/hybrid_python.py
    run "$mpi" python_shmem_first OMPI_OSC=default -- "$detector" PYTHONPATH="$py" SHMEM_DEBUG=1 \
      HYBRID_EXPECT_PROGRESS=0 -- /usr/bin/python3 "$script" shmem-first
    run "$mpi" python_mpi_first_serialized OMPI_OSC=ucx,sm -- "$detector" PYTHONPATH="$py" \
      SHMEM_DEBUG=1 HYBRID_EXPECT_PROGRESS=0 -- /usr/bin/python3 "$script" mpi-first serialized
    run "$mpi" python_mpi_first_multiple OMPI_OSC=ucx,sm -- "$detector" PYTHONPATH="$py" \
      SHMEM_DEBUG=1 HYBRID_EXPECT_PROGRESS=1 -- /usr/bin/python3 "$script" mpi-first multiple
  fi
done

echo
echo "== summary"
printf '%s\n' "${results[@]}"
if [ "$failures" -gt 0 ]; then
  echo "== $failures of ${#results[@]} runs failed (logs in $logs)"
  exit 1
fi
rm -rf "$logs"
echo "== all ${#results[@]} runs passed"
