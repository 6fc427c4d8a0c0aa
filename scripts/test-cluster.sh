#!/bin/bash
# test-cluster.sh [--full] BUILD_MPICH BUILD_OPENMPI
#
# The library on jobs that span hosts: brings up 2 emulated hosts (network,
# UTS and IPC namespaces on a private bridge, made by the cluster tool,
# ../shared/tools/cluster/cluster.sh or $SHMEM_CLUSTER_TOOL), runs 4 PEs
# on them (2 per host) with MPICH and with Open MPI, each with block and
# round-robin placement, then 4 PEs on 4 hosts (one each: placement "one"
# of the list), tears the hosts down, prints a summary and exits
# non-zero if any run failed. Where namespaces cannot be made (not root, no
# iproute2/unshare, a container without the rights) it prints
# "SKIPPED: <reason>" and exits 0.
#
# The build dirs are made by scripts/build.sh mpich|openmpi DIR, with the
# tests (which include the programs of tests/cluster/: progress to a
# computing PE on the other host, shmem_global_exit and crashes on one host
# ending the job); either may be "-" to leave that MPI out.
#
# What runs is tests/cluster/programs.txt (which says why each line is
# there). The default (ci) set is chosen for a 6-minute budget on 2 cores
# (measured 140-172 s, 60 runs): the checks of teams across hosts (team_shared,
# cluster_progress, amo_stress, the faults), then one program per chapter
# that is meaningful at 4 PEs (RMA, ordering, signals, locks, p2p,
# contexts, collectives and teams, queries, a randomized stress); the slow
# RMA programs run with one placement each. --full runs every line (the
# whole multi-PE suite but the 2 GiB programs and single-process
# environment tests; 154 runs, about 12 minutes). Runs are slow here for
# one reason: 4 PEs that busy-poll share 2 cores, and an operation through
# MPI waits until its target is scheduled.
#
# Settings of the runs (see docs/cluster.md):
# - Open MPI gets no osc choice (cluster.sh OMPI_OSC=default), so the
#   library's own selection (ucx,sm) is what is tested; mpi_yield_when_idle
#   is on (cluster.sh's default): the emulated hosts share 2 cores, which
#   Open MPI cannot see, and without it runs take 3-10 times longer.
# - MPICH runs with cluster.sh's LD_PRELOAD shim against the MPI_Finalize
#   hang of MPICH 4.0.2 + UCX 1.13 over TCP (half of the runs hang without).
# - SHMEM_TEST_MULTI_HOST=1 tells programs that assume one node (team_split)
#   that PEs sit on several hosts.
# - Every run has a time limit (SHMEM_CLUSTER_TIMEOUT, default 120 s;
#   30 s for the fault runs). Open MPI also runs oshrun with a hostfile and
#   no osc option (the user's view).
set -u
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
# cluster_probe, cluster_claim, ...: shared with bench/run.sh
# shellcheck source=tests/cluster/cluster_probe.sh
. "$root/tests/cluster/cluster_probe.sh"
list=${SHMEM_CLUSTER_PROGRAMS:-$root/tests/cluster/programs.txt}
run_limit=${SHMEM_CLUSTER_TIMEOUT:-120}
fault_limit=30
started=$(date +%s)

usage() { echo "usage: $0 [--full] BUILD_MPICH|- BUILD_OPENMPI|-" >&2; exit 2; }
skip() { echo "SKIPPED: $*"; exit 0; }

set_name=ci
if [ "${1:-}" = --full ]; then set_name=full; shift; fi
[ $# -eq 2 ] || usage
build_mpich=$1
build_openmpi=$2

# ---- can this machine emulate hosts? ----
why=$(cluster_probe) || skip "$why"

# ---- build dirs ----
mpis=()
for pair in "mpich:$build_mpich" "openmpi:$build_openmpi"; do
  mpi=${pair%%:*} dir=${pair#*:}
  if [ "$dir" = - ]; then echo "($mpi left out)"; continue; fi
  dir=$(cd "$dir" 2>/dev/null && pwd) || { echo "no build dir $pair" >&2; exit 1; }
  [ -x "$dir/tests/cluster_progress" ] ||
    { echo "$dir has no tests/cluster_progress: build it first (scripts/build.sh $mpi $dir)" >&2; exit 1; }
  mpis+=("$mpi:$dir")
done
[ ${#mpis[@]} -gt 0 ] || usage

# ---- the emulated hosts: one user at a time, always torn down ----
cluster_start 2 shmem-cluster || exit 1
hosts=$(cluster_hosts)

export SHMEM_TEST_MULTI_HOST=1
unset OMPI_MCA_osc
declare -a results
failures=0

# verdict EXPECT RC SECONDS LIMIT LOG: prints "" (pass) or why it failed.
verdict() {
  local expect=$1 rc=$2 secs=$3 limit=$4 log=$5
  if [ "$secs" -ge "$limit" ]; then echo "no end within $limit s (status $rc)"; return; fi
  case "$expect" in
    0) [ "$rc" -eq 0 ] || echo "status $rc" ;;
    crash) [ "$rc" -ne 0 ] || echo "status 0 after a crash" ;;
    *) [ "$rc" -eq "$expect" ] || echo "status $rc, expected $expect" ;;
  esac
  if [ "$expect" != 0 ]; then
    grep -Eq "ends the job|ending every PE" "$log" || echo "the faulting PE did not report"
    ! grep -q "returned from its wait" "$log" || echo "a waiting PE returned"
  fi
}

# run MPI DIR PLACEMENT EXPECT [VAR=VALUE...] PROGRAM [ARGS...]
run() {
  local mpi=$1 dir=$2 map=$3 expect=$4; shift 4
  local envs=()
  while [[ $1 == *=* ]]; do envs+=("$1"); shift; done
  local prog=$1; shift
  local path=$dir/tests/$prog limit=$run_limit
  [ "$expect" = 0 ] || limit=$fault_limit
  local name="$prog${1:+ $*}" log="$logs/$mpi-$map-$prog${1:+-$1}.log"
  local launcher=run-mpich; [ "$mpi" = openmpi ] && launcher=run-ompi
  local nsmap=$map; [ "$map" = one ] && nsmap=rr
  local t0 rc secs why left
  t0=$(date +%s)
  # in the background: a signal to this script is handled at once (wait)
  env OMPI_OSC=default NSMPI_MAP="$nsmap" NSMPI_TIMEOUT="$limit" "${envs[@]}" \
    "$cluster" "$launcher" 4 "$path" "$@" </dev/null >"$log" 2>&1 &
  wait $!
  rc=$?
  secs=$(( $(date +%s) - t0 ))
  why=$(verdict "$expect" "$rc" "$secs" "$limit" "$log" | paste -sd ';' - | sed 's/;/; /g')
  left=$(cluster_leftovers)
  if [ -n "$left" ]; then
    why="$why${why:+; }PEs left on the hosts: $left"
    kill -KILL $left 2>/dev/null
  fi
  report "$mpi" "$map" "$name" "$secs" "$why" "$log"
}

report() { # mpi placement name seconds why log
  local status=PASS
  if [ -n "$5" ]; then
    status=FAIL
    failures=$((failures + 1))
    echo "---- $1 $2 $3: $5; last lines of $6:"
    tail -n 25 "$6" | sed 's/^/    /'
  fi
  results+=("$(printf '%-4s  %-7s  %-5s  %-26s %4d s  %s' "$status" "$1" "$2" "$3" "$4" "${5:+($5)}")")
  echo "${results[-1]}"
}

# oshrun as a user runs it: a hostfile, the rsh agent (ssh on a real
# cluster; here the tool's fake ssh), no osc option, no MCA file.
run_oshrun() { # dir program
  local dir=$1 prog=$2 hostfile=$logs/hostfile log=$logs/openmpi-oshrun-${2##*/}.log t0 rc why
  for h in $hosts; do echo "$h slots=2"; done >"$hostfile"
  t0=$(date +%s)
  NSMPI_TIMEOUT=$run_limit "$cluster" exec head "$dir/tools/oshrun" -np 4 --hostfile "$hostfile" \
    --mca plm_rsh_agent "$cluster_tool_dir/nsrsh" --mca mpi_yield_when_idle 1 \
    -x SHMEM_TEST_MULTI_HOST "$dir/$prog" </dev/null >"$log" 2>&1 &
  wait $!
  rc=$?
  why=$(verdict 0 "$rc" "$(( $(date +%s) - t0 ))" "$run_limit" "$log")
  report openmpi oshrun "$(basename "$prog")" "$(( $(date +%s) - t0 ))" "$why" "$log"
}

# run_list MPI DIR PLACEMENT: the lines of the list for that placement.
run_list() {
  local mpi=$1 dir=$2 map=$3 set maps expect rest
  while read -r set maps expect rest; do
    case "$set" in ''|'#'*) continue ;; esac
    [ "$set_name" = full ] || [ "$set" = ci ] || continue
    [[ ",$maps," == *",$map,"* ]] || continue
    # shellcheck disable=SC2086 # the rest of the line is words
    run "$mpi" "$dir" "$map" "$expect" $rest
  done <"$list"
}

echo "== 4 PEs on $(echo $hosts | wc -w) emulated hosts ($set_name set); logs in $logs"
for entry in "${mpis[@]}"; do
  mpi=${entry%%:*} dir=${entry#*:}
  for map in block rr; do run_list "$mpi" "$dir" "$map"; done
  if [ "$mpi" = openmpi ]; then
    run_oshrun "$dir" tests/team_shared
    run_oshrun "$dir" tests/cluster_progress
  fi
done

# 4 hosts, one PE on each: every PE reaches every other through MPI (and
# MPICH, which busy-polls, has one PE per host).
"$cluster" down >/dev/null 2>&1
"$cluster" up 4 >"$logs/up4.log" 2>&1 || { cat "$logs/up4.log"; exit 1; }
echo "== 4 PEs on 4 emulated hosts, one each"
for entry in "${mpis[@]}"; do run_list "${entry%%:*}" "${entry#*:}" one; done

echo
echo "== summary ($set_name set, $(( $(date +%s) - started )) s)"
printf '%s\n' "${results[@]}"
if [ "$failures" -gt 0 ]; then
  echo "== $failures of ${#results[@]} runs FAILED (logs in $logs)"
  exit 1
fi
rm -rf "$logs"
echo "== all ${#results[@]} runs passed"
