#!/bin/bash
# run.sh: the benchmark suite against the peers, in one command.
#
#   bench/run.sh                (from anywhere; no input; about 5-10 minutes)
#
# 1. Builds this library for MPICH and for Open MPI (scripts/build.sh into
#    build-bench-mpich and build-bench-openmpi, tests and examples off), with
#    bench/shmem_bench, bench/ctx_bench, bench/coll_overlap and
#    bench/mpi_bench in each, and bench/shmem_bench against Open MPI's
#    OSHMEM with /usr/bin/oshcc (build-bench/).
# 2. Runs the configurations round-robin, BENCH_PASSES times, each run under
#    `timeout`: 2 PEs on this machine for every metric, and the collectives
#    (-c) at N = 2 and 4 PEs on Open MPI (--oversubscribe; MPICH busy-polls,
#    so never more PEs than cores), and bench/shmem_crowd (atomics and a
#    lock on global variables) at 8 PEs on Open MPI, ours against OSHMEM,
#    and bench/ctx_bench (8-byte put + quiet rate by threads and contexts,
#    about 1-2 s a run) and bench/coll_overlap (how much of a collective the
#    nbi collectives of shmemx.h hide behind computation, about 10 s a run)
#    at 2 PEs for ours on both MPIs, on a node and inter-node.
#      ours-mpich, ours-openmpi        this library, PEs of one node
#      ours-*-internode                the same with SHMEM_FORCE_INTERNODE=1
#                                      (every PE its own node: all MPI RMA)
#      ours-*-internode-off            the same with SHMEM_PROGRESS=off: no
#                                      progress thread, MPI at SINGLE
#      ours-*-internode-multiple       ... SHMEM_PROGRESS=thread-multiple: the
#                                      thread at MPI_THREAD_MULTIPLE
#      oshmem                          Open MPI's OSHMEM (oshrun, OMPI_MCA_osc=ucx)
#      mpi-mpich, mpi-openmpi          raw MPI-3 RMA (Open MPI: osc/ucx), at
#                                      MPI_THREAD_SINGLE as a plain MPI program
#      mpi-*-multiple                  the same at MPI_THREAD_MULTIPLE, the
#                                      level a progress thread needs
#      mpi-openmpi-sm                  raw MPI-3 RMA, Open MPI osc/sm
#    and, where emulated hosts can be made (root and namespaces; the cluster
#    tool, ../shared/tools/cluster/cluster.sh or $SHMEM_CLUSTER_TOOL), 2 PEs
#    on 2 of 4 emulated hosts, one PE each, and the collectives at 4 PEs on
#    the 4 hosts, one each (TCP between them; the hosts are
#    brought up for each pass and always taken down, under the lock of
#    scripts/test-cluster.sh; about 1 minute a pass):
#      ours-mpich-hosts, ours-openmpi-hosts
#                                      this library (Open MPI: no osc option,
#                                      the library chooses, as test-cluster.sh)
#      mpi-mpich-hosts, mpi-openmpi-hosts
#                                      raw MPI-3 RMA (Open MPI: osc/ucx),
#                                      MPI_THREAD_SINGLE
#      mpi-*-hosts-multiple            the same at MPI_THREAD_MULTIPLE
#    Elsewhere it prints "hosts stage SKIPPED: <reason>" and goes on.
# 3. bench/report.py takes the best of the passes (each run
#    prints the median of its rounds; coll_overlap's rows: the median of the
#    passes) and writes docs/bench/results.csv,
#    docs/bench/table.md (with the issue's targets, met or missed) and
#    docs/bench/plot.png.
#
# Environment: BENCH_PASSES (5), BENCH_ROUNDS (7), BENCH_MS (20, ms per
# round), BENCH_TIMEOUT (180, seconds per run), BENCH_SKIP_BUILD=1 (reuse the
# builds), BENCH_OUT (docs/bench: where the report goes), BENCH_STAGES
# (what runs of each pass, a subset of "node internode coll crowd ctx overlap
# hosts", all by default: node = ours-mpich ours-openmpi oshmem mpi-mpich
# mpi-openmpi mpi-openmpi-sm, internode = ours-*-internode(-off) mpi-mpich
# mpi-openmpi mpi-*-multiple,
# coll = the collectives at N PEs, crowd = shmem_crowd, ctx = ctx_bench,
# overlap = coll_overlap, hosts = the emulated hosts), BENCH_HOSTS=0 (leave
# out the hosts stage). Raw outputs go to build-bench/raw/. A build error
# stops the script at once; a run that fails or times out is reported (here
# and in table.md), the other runs go on, the report is still written, and
# the script exits 1.
set -euo pipefail
exec </dev/null

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
. bench/build_library.sh
passes=${BENCH_PASSES:-5}
rounds=${BENCH_ROUNDS:-7}
ms=${BENCH_MS:-20}
run_timeout=${BENCH_TIMEOUT:-180}
work=build-bench
raw=$work/raw
docs=${BENCH_OUT:-docs/bench}
python=/usr/bin/python3 # Debian's, where python3-matplotlib installs

say() { printf '[bench] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

all_stages="node internode coll crowd ctx overlap hosts"
stages=" ${BENCH_STAGES:-$all_stages} "
[ "${BENCH_HOSTS:-1}" = 0 ] && stages=${stages// hosts / }
for stage in $stages; do
  [[ " $all_stages " == *" $stage "* ]] || die "unknown stage $stage in BENCH_STAGES ($all_stages)"
done
wants() { [[ $stages == *" $1 "* ]]; }

# cluster_probe, cluster_claim, ...: shared with scripts/test-cluster.sh
# shellcheck source=tests/cluster/cluster_probe.sh
. tests/cluster/cluster_probe.sh

# Open MPI as root; every other setting is per configuration (run_config).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE

need_tools() {
  local tool
  for tool in cmake mpicc.mpich mpicc.openmpi mpiexec.mpich mpiexec.openmpi \
    /usr/bin/oshcc /usr/bin/oshrun timeout "$python"; do
    command -v "$tool" >/dev/null || die "$tool not found (scripts/deps.sh installs the MPIs)"
  done
  if ! "$python" -c 'import matplotlib' 2>/dev/null; then
    say "installing python3-matplotlib"
    DEBIAN_FRONTEND=noninteractive apt-get -y -qq install python3-matplotlib >/dev/null ||
      { apt-get -qq update && DEBIAN_FRONTEND=noninteractive apt-get -y -qq install python3-matplotlib >/dev/null; } ||
      die "cannot install python3-matplotlib"
  fi
}

build() {
  local mpi
  for mpi in mpich openmpi; do
    say "building the library for $mpi in build-bench-$mpi"
    build_library "$mpi" "$work/build-$mpi.log" ||
      die "build for $mpi failed (see $work/build-$mpi.log)"
  done
  say "building shmem_bench against OSHMEM (/usr/bin/oshcc)"
  /usr/bin/oshcc -std=gnu11 -O2 -g -Wall -Wextra -o "$work/shmem_bench_oshmem" bench/shmem_bench.c
  /usr/bin/oshcc -std=gnu11 -O2 -g -Wall -Wextra -o "$work/shmem_crowd_oshmem" bench/shmem_crowd.c
}

# The command line of one configuration at $1 PEs; extra bench options after.
command_of() {
  local config=$1 np=$2
  case $config in
  ours-mpich | ours-mpich-internode*)
    echo "build-bench-mpich/tools/oshrun -np $np build-bench-mpich/bench/shmem_bench" ;;
  ours-openmpi | ours-openmpi-internode*)
    echo "build-bench-openmpi/tools/oshrun -np $np build-bench-openmpi/bench/shmem_bench" ;;
  oshmem)
    echo "/usr/bin/oshrun --allow-run-as-root --oversubscribe -np $np $work/shmem_bench_oshmem" ;;
  mpi-mpich | mpi-mpich-multiple)
    echo "mpiexec.mpich -n $np build-bench-mpich/bench/mpi_bench" ;;
  mpi-openmpi | mpi-openmpi-sm | mpi-openmpi-multiple)
    echo "mpiexec.openmpi --allow-run-as-root --oversubscribe -n $np build-bench-openmpi/bench/mpi_bench" ;;
  # Across the emulated hosts (absolute paths: the PEs start there as by ssh).
  # The thread level goes on the PEs' command line: Open MPI gives PEs on
  # other hosts only the variables it is told to forward.
  ours-mpich-hosts) echo "$cluster run-mpich $np $root/build-bench-mpich/bench/shmem_bench" ;;
  ours-openmpi-hosts) echo "$cluster run-ompi $np $root/build-bench-openmpi/bench/shmem_bench" ;;
  mpi-mpich-hosts) echo "$cluster run-mpich $np $root/build-bench-mpich/bench/mpi_bench" ;;
  mpi-openmpi-hosts) echo "$cluster run-ompi $np $root/build-bench-openmpi/bench/mpi_bench" ;;
  mpi-mpich-hosts-multiple)
    echo "$cluster run-mpich $np env BENCH_THREAD_MULTIPLE=1 $root/build-bench-mpich/bench/mpi_bench" ;;
  mpi-openmpi-hosts-multiple)
    echo "$cluster run-ompi $np env BENCH_THREAD_MULTIPLE=1 $root/build-bench-openmpi/bench/mpi_bench" ;;
  *) die "unknown configuration $config" ;;
  esac
}

# The crowded-node program of a configuration at $2 PEs.
crowd_command_of() {
  case $1 in
  ours-openmpi)
    echo "build-bench-openmpi/tools/oshrun -np $2 build-bench-openmpi/bench/shmem_crowd" ;;
  oshmem)
    echo "/usr/bin/oshrun --allow-run-as-root --oversubscribe -np $2 $work/shmem_crowd_oshmem" ;;
  *) die "no crowded-node run for $1" ;;
  esac
}

# One of our own 2-PE programs (ctx_bench, coll_overlap: $1) for one of
# our configurations ($2).
ours_command_of() {
  local program=$1 config=$2
  case $config in
  ours-mpich | ours-mpich-internode)
    echo "build-bench-mpich/tools/oshrun -np 2 build-bench-mpich/bench/$program" ;;
  ours-openmpi | ours-openmpi-internode)
    echo "build-bench-openmpi/tools/oshrun -np 2 build-bench-openmpi/bench/$program" ;;
  *) die "no $program run for $config" ;;
  esac
}

# The environment of one configuration, as env(1) arguments.
env_of() {
  case $1 in
  *-internode) echo "SHMEM_FORCE_INTERNODE=1" ;;
  *-internode-off) echo "SHMEM_FORCE_INTERNODE=1 SHMEM_PROGRESS=off" ;;
  *-internode-multiple) echo "SHMEM_FORCE_INTERNODE=1 SHMEM_PROGRESS=thread-multiple" ;;
  oshmem | mpi-openmpi) echo "OMPI_MCA_osc=ucx" ;;
  mpi-openmpi-multiple) echo "OMPI_MCA_osc=ucx BENCH_THREAD_MULTIPLE=1" ;;
  mpi-mpich-multiple) echo "BENCH_THREAD_MULTIPLE=1" ;;
  mpi-openmpi-sm) echo "OMPI_MCA_osc=sm" ;;
  # cluster.sh: round-robin placement, 2 PEs on 2 hosts is one PE on each;
  # its own time limit as long as ours. Open MPI: no osc option for the
  # library (it picks ucx,sm itself, as test-cluster.sh tests); osc/ucx for
  # raw MPI (Debian's default osc/rdma cannot run over TCP).
  *-mpich-hosts*) echo "NSMPI_MAP=rr NSMPI_TIMEOUT=$run_timeout" ;;
  ours-openmpi-hosts) echo "NSMPI_MAP=rr NSMPI_TIMEOUT=$run_timeout OMPI_OSC=default" ;;
  mpi-openmpi-hosts*) echo "NSMPI_MAP=rr NSMPI_TIMEOUT=$run_timeout OMPI_OSC=ucx" ;;
  esac
}

failures=0
running="" # the run in progress (its timeout), ended by cleanup

# timed OUT CONFIG COMMAND...: COMMAND in CONFIG's environment under
# `timeout`, stdout to OUT and stderr to OUT.err; returns its status. It
# runs in the background so that a signal to this script is handled at once
# (cleanup) instead of after the run.
timed() {
  local out=$1 config=$2 status=0
  shift 2
  # shellcheck disable=SC2046
  env $(env_of "$config") timeout -k 10 "$run_timeout" "$@" >"$out" 2>"$out.err" &
  running=$!
  wait "$running" || status=$?
  running=""
  return "$status"
}

# run_config PASS CONFIG NP [bench options]: one run, output in $raw.
run_config() {
  local pass=$1 config=$2 np=$3
  shift 3
  local name=$config
  [ "$#" -gt 0 ] && name=$config-np$np
  local out=$raw/pass$pass/$name.txt
  local cmd
  cmd="$(command_of "$config" "$np") -r $rounds -t $ms $*"
  say "pass $pass/$passes: $name"
  local start=$SECONDS status=0
  # shellcheck disable=SC2086
  timed "$out" "$config" $cmd || status=$?
  if [ "$status" -ne 0 ]; then
    failures=$((failures + 1))
    local why="exit status $status"
    [ "$status" -eq 124 ] && why="timed out after ${run_timeout}s"
    [ "$status" -eq 137 ] && why="timed out after ${run_timeout}s, killed"
    say "FAILED: $name in pass $pass: $why; $(grep -c . "$out") metrics kept; stderr:"
    tail -n 5 "$out.err" | sed 's/^/    /' >&2
    printf '%s\t%s\t%s\n' "$pass" "$name" "$why" >>"$raw/failures.tsv"
  fi
  say "  $((SECONDS - start)) s, $(grep -c . "$out") metrics"
}

# run_crowd PASS CONFIG NP: the crowded-node program, output in $raw.
run_crowd() {
  local pass=$1 config=$2 np=$3 status=0
  local out=$raw/pass$pass/$config-crowd-np$np.txt
  say "pass $pass/$passes: $config-crowd-np$np"
  # shellcheck disable=SC2046
  timed "$out" "$config" $(crowd_command_of "$config" "$np") || status=$?
  if [ "$status" -ne 0 ]; then
    failures=$((failures + 1))
    say "FAILED: $config-crowd-np$np in pass $pass: exit status $status"
    printf '%s\t%s\t%s\n' "$pass" "$config-crowd-np$np" "exit status $status" >>"$raw/failures.tsv"
  fi
}

# run_ours PASS CONFIG NAME PROGRAM: one of our own 2-PE programs
# (ours_command_of), output in $raw as <config>-NAME.txt (the report counts
# its metrics as the config's): NAME ctx for ctx_bench (the contexts
# benchmark), overlap for coll_overlap.
run_ours() {
  local pass=$1 config=$2 name=$3 program=$4 status=0 start=$SECONDS
  local out=$raw/pass$pass/$config-$name.txt
  say "pass $pass/$passes: $config-$name"
  # shellcheck disable=SC2046
  timed "$out" "$config" $(ours_command_of "$program" "$config") -r "$rounds" -t "$ms" ||
    status=$?
  if [ "$status" -ne 0 ]; then
    failures=$((failures + 1))
    local why="exit status $status"
    [ "$status" -eq 124 ] && why="timed out after ${run_timeout}s"
    [ "$status" -eq 137 ] && why="timed out after ${run_timeout}s, killed"
    say "FAILED: $config-$name in pass $pass: $why; stderr:"
    tail -n 5 "$out.err" | sed 's/^/    /' >&2
    printf '%s\t%s\t%s\n' "$pass" "$config-$name" "$why" >>"$raw/failures.tsv"
  fi
  say "  $((SECONDS - start)) s, $(grep -cE '^[a-z][a-z0-9_]* -?[0-9]' "$out") rows"
}

# ---- the hosts stage ----
hosts_configs=(ours-mpich-hosts ours-openmpi-hosts mpi-mpich-hosts mpi-openmpi-hosts
  mpi-mpich-hosts-multiple mpi-openmpi-hosts-multiple)
# At exit, also by a signal or an error: the run in progress ends, and no
# emulated host stays up.
cleanup() {
  [ -z "$running" ] || kill -TERM "$running" 2>/dev/null || true
  cluster_down
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# hosts_failed PASS WHY: the stage could not run in this pass (a failure:
# the machine can make hosts).
hosts_failed() {
  failures=$((failures + 1))
  say "FAILED: hosts stage in pass $1: $2"
  printf '%s\t%s\t%s\n' "$1" "hosts stage" "$2" >>"$raw/failures.tsv"
}

# stage_hosts PASS: brings up 4 emulated hosts, runs the hosts configurations
# at 2 PEs (one on each of 2 hosts) and their collectives at 4 PEs (one on
# each host), takes them down.
stage_hosts() {
  local pass=$1 start=$SECONDS config left np
  local log=$raw/pass$pass/hosts-up.log
  say "pass $pass/$passes: bringing up 4 emulated hosts"
  # Waits for a test-cluster.sh as long as test-cluster.sh waits for others.
  if ! cluster_claim 900 2>"$log"; then
    hosts_failed "$pass" "$(cat "$log")"
    return
  fi
  cluster_ours=1
  if ! "$cluster" up 4 >>"$log" 2>&1; then
    hosts_failed "$pass" "'$cluster up 4' failed: $(tail -n 1 "$log")"
    cluster_down
    return
  fi
  for config in "${hosts_configs[@]}"; do
    for np in 2 4; do
      if [ "$np" = 2 ]; then run_config "$pass" "$config" 2; else run_config "$pass" "$config" 4 -c; fi
      # A PE left busy-polling (a failed run) would slow down the next runs.
      left=$(cluster_leftovers)
      if [ -n "$left" ]; then
        say "  PEs left on the hosts after $config: $left (killed)"
        # shellcheck disable=SC2086
        kill -KILL $left 2>/dev/null || true
      fi
    done
  done
  cluster_down
  say "  hosts stage: $((SECONDS - start)) s"
}

main() {
  mkdir -p "$work" "$docs"
  need_tools
  [ "${BENCH_SKIP_BUILD:-0}" = 1 ] || build
  # Why there are no hosts results, for the report (hosts_skipped).
  local skipped=""
  if ! wants hosts; then
    skipped="not run (BENCH_STAGES without hosts)"
    [ "${BENCH_HOSTS:-1}" = 0 ] && skipped="not run (BENCH_HOSTS=0)"
  elif ! skipped=$(cluster_probe); then
    say "hosts stage SKIPPED: $skipped"
    stages=${stages// hosts / }
  fi
  if [ -z "${stages// /}" ]; then
    say "no stage left to run; $raw and $docs are left as they are"
    exit 0
  fi
  rm -rf "$raw"
  mkdir -p "$raw"
  : >"$raw/failures.tsv"
  [ -z "$skipped" ] || echo "$skipped" >"$raw/hosts_skipped"
  local node=(ours-mpich ours-openmpi oshmem mpi-mpich mpi-openmpi mpi-openmpi-sm)
  local internode=(ours-mpich-internode ours-openmpi-internode mpi-mpich-multiple
    mpi-openmpi-multiple ours-mpich-internode-off ours-openmpi-internode-off
    ours-mpich-internode-multiple ours-openmpi-internode-multiple)
  # raw MPI at MPI_Init, the inter-node rows' first baseline, runs in the
  # node stage; alone, the internode stage runs it too
  wants node || internode+=(mpi-mpich mpi-openmpi)
  local sweep=(ours-openmpi oshmem mpi-openmpi)
  local ours=(ours-mpich ours-openmpi ours-mpich-internode ours-openmpi-internode)
  local pass config np start
  for pass in $(seq 1 "$passes"); do
    mkdir -p "$raw/pass$pass"
    if wants node; then
      for config in "${node[@]}"; do run_config "$pass" "$config" 2; done
    fi
    if wants internode; then
      for config in "${internode[@]}"; do run_config "$pass" "$config" 2; done
    fi
    if wants coll; then
      for np in 2 4; do
        for config in "${sweep[@]}"; do run_config "$pass" "$config" "$np" -c; done
      done
    fi
    if wants crowd; then
      for config in ours-openmpi oshmem; do run_crowd "$pass" "$config" 8; done
    fi
    if wants ctx; then
      for config in "${ours[@]}"; do run_ours "$pass" "$config" ctx ctx_bench; done
    fi
    if wants overlap; then
      start=$SECONDS
      for config in "${ours[@]}"; do run_ours "$pass" "$config" overlap coll_overlap; done
      say "  overlap stage: $((SECONDS - start)) s"
    fi
    if wants hosts; then stage_hosts "$pass"; fi
  done
  say "writing results.csv, table.md and plot.png in $docs"
  "$python" bench/report.py --raw "$raw" --out "$docs" \
    --passes "$passes" --rounds "$rounds" --ms "$ms"
  if [ "$failures" -gt 0 ]; then
    say "$failures run(s) failed; see above and $docs/table.md"
    exit 1
  fi
  say "done in $SECONDS s"
}

main
