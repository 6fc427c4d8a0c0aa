#!/bin/bash
# slurm_cluster.sh BUILD_MPICH|- BUILD_OPENMPI|-
#
# The library on a Slurm cluster as its users run it: brings up a head and
# 4 emulated compute hosts sn1..sn4 (tests/cluster/slurm_hosts.sh: each its
# own network, UTS, IPC and mount namespace, host name, /tmp and /dev/shm),
# slurmctld on the head and a slurmd on each host, with a configuration
# written here, and runs jobs from the head on 2 and on 4 hosts with each
# MPI:
# - srun with the MPI's plugin (--mpi=pmix for Open MPI, --mpi=pmi2 for
#   MPICH), 2 PEs per host (block), round-robin (-m cyclic), uneven (3 PEs
#   on one host and 1 on the other) and 1 PE per host on 4 hosts; SHMEM_DEBUG's
#   progress plan and shared team checked against the placement;
# - the commands of docs/user-guide.md's "Running on a cluster" section,
#   taken from the document word for word: srun, sbatch of
#   examples/job.sbatch (oshrun inside the allocation), salloc with srun;
# - sbatch of a script that runs mpiexec in the allocation;
# - one program of each kind per launcher (RMA, AMOs, locks, collectives,
#   nonblocking collectives, progress to a computing PE, a fault, a hybrid
#   MPI + OpenSHMEM program), spread over the MPIs and host counts;
# - CPU binding: two PEs bound to one core give one warning line per job;
# - scancel of a running job, and a host that dies (its slurmd and every
#   process on it killed) mid-job: the job ends within seconds, nothing
#   left on any host, nothing left in any host's /dev/shm.
# A job that passes must print no UCX or MPI error line (docs/cluster.md,
# "Messages at exit"). Every run has a time limit (SLURM_TEST_TIMEOUT,
# default 60 s). Where the daemons or namespaces cannot be had it prints
# "SKIPPED: <reason>" and exits 0. Exits non-zero if a run failed.
#
# SLURM_TEST_UCX_SHIM=0 runs the PEs without tests/cluster/ucx_end_quietly.c.
# SLURM_TEST_HOSTS=N (default 4) changes the count of hosts the daemons are
# configured with; a count below 4 makes the 4-host runs fail (the planted
# fault of the stage's own check).
set -u
root=$(CDPATH= cd -- "$(dirname -- "$0")/../.." && pwd)
# shellcheck source=tests/cluster/slurm_hosts.sh
. "$root/tests/cluster/slurm_hosts.sh"
[ $# -eq 2 ] || { echo "usage: $0 BUILD_MPICH|- BUILD_OPENMPI|-" >&2; exit 2; }
why=$(slurm_probe) || { echo "SKIPPED: $why"; exit 0; }
limit=${SLURM_TEST_TIMEOUT:-60}
started=$(date +%s)

builds=()
for pair in "mpich:$1" "openmpi:$2"; do
  mpi=${pair%%:*} dir=${pair#*:}
  if [ "$dir" = - ]; then echo "($mpi left out)"; continue; fi
  dir=$(cd "$dir" 2>/dev/null && pwd) || { echo "no build dir $dir" >&2; exit 1; }
  [ -x "$dir/tests/cluster_progress" ] ||
    { echo "$dir has no tests/cluster_progress: build it (scripts/build.sh $mpi $dir)" >&2; exit 1; }
  builds+=("$mpi:$dir")
done
[ ${#builds[@]} -gt 0 ] || exit 2

state=$(mktemp -d /run/shmem-slurm.XXXXXX) # not /tmp: each host has its own
chmod 755 "$state"
shim=$state/ucx_end_quietly.so
gcc -O2 -shared -fPIC -o "$shim" "$root/tests/cluster/ucx_end_quietly.c" -lucp ||
  { echo "cannot build the UCX shim (libucx-dev)" >&2; exit 1; }
slurm_up "${SLURM_TEST_HOSTS:-4}" "$state" || exit 1
echo "== Slurm: head + $sl_hosts hosts up in $(($(date +%s) - started)) s; logs in $state"

results=()
failures=0
report() { # name seconds why log
  local status=PASS
  if [ -n "$3" ]; then
    status=FAIL
    failures=$((failures + 1))
    echo "---- $1: $3; last lines of $4:"
    tail -n 20 "$4" | sed 's/^/    /'
  fi
  results+=("$(printf '%-4s  %-58s %3d s  %s' "$status" "$1" "$2" "${3:+($3)}")")
  echo "${results[-1]}"
}

# Processes left on the hosts besides the holder and slurmd, after up to 5 s.
leftovers() {
  local k left
  for _ in $(seq 1 20); do
    left=""
    for k in $(seq 1 "$sl_hosts"); do
      for p in $(ip netns pids "$sl_prefix$k"); do
        case "$(cat "/proc/$p/comm" 2>/dev/null)" in sleep | slurmd | "") ;; *) left="$left sn$k:$p" ;; esac
      done
    done
    [ -z "$left" ] && return 0
    sleep 0.25
  done
  echo "$left"
}

# Files in the hosts' /dev/shm (MPI's segments; the library names none).
shm_files() {
  local k
  for k in $(seq 1 "$sl_hosts"); do
    in_host "$k" find /dev/shm -mindepth 1 2>/dev/null | sed "s/^/sn$k:/"
  done | paste -sd ' ' -
}

# Error lines that a job which passes must not print.
errors_re='UCX +(ERROR|WARN)|disconnect failed|Endpoint timeout|MPI_ABORT|PMIX ERROR|error: |srun: error|MPIR_|Fatal error|ORTE was unable|prterun|mpiexec noticed'

# check NAME EXPECT SECONDS RC LOG [PATTERN...]: the verdict on a run.
# EXPECT: 0, a status, or crash (non-zero). PATTERNs must each match a line
# of the log (grep -E); a pattern that starts with ! must match none.
check() {
  local name=$1 expect=$2 secs=$3 rc=$4 log=$5 why="" left shm pat
  shift 5
  if [ "$secs" -ge "$limit" ]; then why="no end within $limit s"; fi
  case "$expect" in
    0) [ "$rc" -eq 0 ] || why="$why${why:+; }status $rc" ;;
    crash) [ "$rc" -ne 0 ] || why="$why${why:+; }status 0 after a fault" ;;
    *) [ "$rc" -eq "$expect" ] || why="$why${why:+; }status $rc, expected $expect" ;;
  esac
  if [ "$expect" = 0 ] && grep -Eq "$errors_re" "$log"; then
    why="$why${why:+; }error lines: $(grep -Em2 "$errors_re" "$log" | cut -c1-120 | paste -sd '|' -)"
  fi
  for pat in "$@"; do
    if [ "${pat#!}" != "$pat" ]; then
      ! grep -Eq -- "${pat#!}" "$log" || why="$why${why:+; }printed: ${pat#!}"
    else
      grep -Eq -- "$pat" "$log" || why="$why${why:+; }missing: $pat"
    fi
  done
  left=$(leftovers)
  if [ -n "$left" ]; then
    why="$why${why:+; }left on the hosts:$left"
    for p in ${left//sn[0-9]:/}; do kill -KILL "$p" 2>/dev/null; done
  fi
  shm=$(shm_files)
  if [ -n "$shm" ]; then
    why="$why${why:+; }left in /dev/shm: $shm"
    for k in $(seq 1 "$sl_hosts"); do in_host "$k" sh -c 'rm -rf /dev/shm/*'; done
  fi
  report "$name" "$secs" "$why" "$log"
}

# job NAME EXPECT [PATTERN...] -- COMMAND...: runs COMMAND on the head (in
# $work, with the MPI's environment) and checks it.
job() {
  local name=$1 expect=$2 pats=() t0 rc log
  shift 2
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  log=$state/$(echo "$mpi $name" | tr -c 'A-Za-z0-9_.\n-' _).log
  t0=$(date +%s)
  (cd "$work" && in_head timeout -k 5 "$limit" "$@") </dev/null >"$log" 2>&1 &
  wait $!
  rc=$?
  check "$mpi $name" "$expect" "$(($(date +%s) - t0))" "$rc" "$log" "${pats[@]}"
}

# The plan SHMEM_DEBUG prints (src/mpi_rma/progress.cpp, report_progress).
thread_plan='progress: a thread calls into MPI every'
# No PE may plan otherwise: "no thread (every PE runs on this node ...)"
# or "no thread: ..." (the thread could not be had).
alone_plan='progress: no thread'

# steps FILE EXPECT:PROGRAM[:ARGS]...: a shell script FILE that runs each
# program with $launch (set by the caller's script) and prints
# "step PROGRAM: status N"; a fault's own output goes to FILE.PROGRAM.out
# (its launcher reports the fault as an error).
steps() {
  local file=$1 step expect prog args
  shift
  {
    echo "t=$t"
    for step in "$@"; do
      IFS=: read -r expect prog args <<<"$step"
      if [ "$expect" = 0 ]; then
        echo "env HYBRID_EXPECT_PROGRESS=1 \$launch \$t/$prog $args; echo \"step $prog: status \$?\""
      else
        echo "\$launch \$t/$prog $args >$file.$prog.out 2>&1; echo \"step $prog: status \$?\""
      fi
    done
  } >"$file"
  chmod +x "$file"
}
# The patterns that check the steps' statuses.
step_patterns() {
  local step expect prog
  for step in "$@"; do
    IFS=: read -r expect prog _ <<<"$step"
    echo "^step $prog: status $expect\$"
  done
}

# sbatch_job NAME EXPECT [PATTERN...] -- SBATCH ARGS...: submits, waits for
# the job's end (scontrol) and checks its output file and exit code.
sbatch_job() {
  local name=$1 expect=$2 pats=() t0 id out log info code
  shift 2
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  log=$state/$(echo "$mpi $name" | tr -c 'A-Za-z0-9_.\n-' _).log
  t0=$(date +%s)
  id=$(cd "$work" && in_head sbatch "$@" 2>>"$log" | tee -a "$log" | awk '/Submitted batch job/ {print $4}')
  code=""
  while [ -n "$id" ] && [ $(($(date +%s) - t0)) -lt "$limit" ]; do
    info=$(in_head scontrol show job "$id" -o 2>/dev/null)
    case "$info" in
      *JobState=PENDING* | *JobState=RUNNING* | *JobState=CONFIGURING* | *JobState=COMPLETING*) sleep 0.5 ;;
      *) code=$(echo "$info" | grep -o 'ExitCode=[0-9]*' | cut -d= -f2); break ;;
    esac
  done
  [ -n "$code" ] || { [ -n "$id" ] && in_head scancel "$id"; code=124; }
  for out in "$work"/*-"$id".out "$work/slurm-$id.out"; do [ -f "$out" ] && cat "$out" >>"$log"; done
  check "$mpi $name" "$expect" "$(($(date +%s) - t0))" "$code" "$log" "${pats[@]}"
}

# host_dies K PROGRAM ARGS...: a job on 2 hosts, sn1 and snK; after a few
# seconds every process of snK (slurmd, slurmstepd, the PEs) is killed, as
# when a node fails. The job must end within seconds, and nothing may be
# left. slurmd is started again on snK afterwards.
host_dies() {
  local k=$1 log t0 rc pid p
  shift
  log=$state/$mpi-host-dies.log
  t0=$(date +%s)
  (cd "$work" && in_head timeout -k 5 "$limit" srun --mpi=$plugin -N 2 --ntasks-per-node=2 \
    -w "sn1,sn$k" "$@") </dev/null >"$log" 2>&1 &
  pid=$!
  sleep 6
  echo "---- killing every process of sn$k at $(($(date +%s) - t0)) s" >>"$log"
  for p in $(ip netns pids "$sl_prefix$k"); do
    [ "$p" = "$(host_pid "$k")" ] || kill -KILL "$p" 2>/dev/null
  done
  t0=$(date +%s)
  wait "$pid"
  rc=$?
  in_host "$k" slurmd -N "sn$k" >>"$sl_dir/sn$k.out" 2>&1
  limit=30 check "$mpi host sn$k dies mid-job (s after the kill)" crash "$(($(date +%s) - t0))" "$rc" "$log" \
    "cluster_fault: PE 0 on sn1 waits"
}

# The commands of the user guide's cluster section, word for word: the
# indented lines of "## Running on a cluster" that start with srun, sbatch
# or salloc, each for the build its comment names ("either" for both).
guide_commands() {
  awk '/^## /{on = ($0 ~ /^## Running on a cluster/)} on && /^    (srun|sbatch|salloc) /' \
    "$root/docs/user-guide.md" | sed 's/^    //'
}

for entry in "${builds[@]}"; do
  mpi=${entry%%:*} build=${entry#*:}
  t=$build/tests
  # What the user's shell has: the installed tools on PATH. Open MPI as
  # root needs its consent variables. Every PE gets the shim that skips
  # UCX's endpoint close at MPI_Finalize (tests/cluster/ucx_end_quietly.c).
  export PATH=$build/tools:$PATH
  if [ "$mpi" = openmpi ]; then
    plugin=pmix other=pmi2 label="Open MPI build"
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    # The hosts share 2 cores, which Open MPI cannot see: without its idle
    # yield a run takes several times longer (docs/cluster.md).
    export OMPI_MCA_mpi_yield_when_idle=1
  else
    plugin=pmi2 other=pmix label="MPICH build"
  fi
  # (SLURM_TEST_UCX_SHIM=0 leaves it out: Open MPI's jobs then print the
  # UCX lines now and then, and fail.)
  if [ "${SLURM_TEST_UCX_SHIM:-1}" = 1 ]; then export LD_PRELOAD=$shim; else unset LD_PRELOAD; fi
  # UCX's TCP on eth0 only: the hosts share this machine's boot id, from
  # which UCX judges a peer's loopback address reachable (on real hosts it
  # is not); without this MPICH's first send across hosts fails with
  # "Endpoint timeout".
  export UCX_NET_DEVICES=eth0
  work=$state/work-$mpi
  mkdir -p "$work"
  export SHMEM_TEST_MULTI_HOST=1

  echo "== $mpi: the user guide's commands (SHMEM_DEBUG=1: the plan)"
  export SHMEM_DEBUG=1
  ln -sf "$t/team_shared" "$work/prog"
  ln -sfn "$root/examples" "$work/examples"
  n=0
  while IFS= read -r line; do
    case "$line" in *"# $label"* | *"# either build"*) ;; *) continue ;; esac
    cmd=${line%%#*}
    n=$((n + 1))
    # shellcheck disable=SC2086 # the document's words
    case "$cmd" in
      sbatch*) sbatch_job "guide: $cmd" 0 "job [0-9]+ on sn" "$thread_plan" "!$alone_plan" -- ${cmd#sbatch } ;;
      *) job "guide: $cmd" 0 "$thread_plan" "!$alone_plan" -- $cmd ;;
    esac
  done < <(guide_commands)
  unset SHMEM_DEBUG
  [ "$n" -ge 3 ] || report "$mpi guide: srun, sbatch and salloc commands" 0 "found $n" "$root/docs/user-guide.md"

  echo "== $mpi: srun --mpi=$plugin"
  # Placement and plan: SHMEM_TEAM_SHARED against the host names, and
  # every PE plans the progress thread (some peer's memory is not mapped).
  job "srun 2 hosts 3+1 (-m plane=3) team_shared" 0 "$thread_plan" "!$alone_plan" -- \
    env SHMEM_DEBUG=1 srun --mpi=$plugin -N 2 -n 4 -O -m plane=3 "$t/team_shared"
  # Two PEs of a node bound to one core: one warning in the job.
  job "srun --cpu-bind=map_cpu:0 warns once" 0 "bound to CPU 0 alone" -- \
    sh -c "srun --mpi=$plugin -N 2 --ntasks-per-node=2 --cpu-bind=map_cpu:0 $t/team_shared 2>&1 |
      tee /dev/stderr | test \$(grep -c 'bound to CPU') -eq 1"
  # One of each kind, spread over the two MPIs. After shmem_global_exit
  # srun exits with 137, not the status: Slurm kills the other tasks
  # (mpiexec and oshrun pass the status on: the batch job below).
  if [ "$mpi" = openmpi ]; then
    job "srun 4 hosts -m cyclic cluster_progress" 0 "$thread_plan" -- \
      env SHMEM_DEBUG=1 srun --mpi=$plugin -N 4 -n 4 -m cyclic "$t/cluster_progress"
    job "srun 2 hosts x 2 rma_generic" 0 -- srun --mpi=$plugin -N 2 --ntasks-per-node=2 "$t/rma_generic"
    job "srun 4 hosts coll_nbi" 0 -- srun --mpi=$plugin -N 4 -n 4 "$t/coll_nbi"
    job "srun 2 hosts x 2 hybrid_linked" 0 "fetch-add to a computing PE took" -- \
      env HYBRID_EXPECT_PROGRESS=1 srun --mpi=$plugin -N 2 --ntasks-per-node=2 "$t/hybrid_linked"
  else
    job "srun 2 hosts -m cyclic cluster_progress" 0 "$thread_plan" -- \
      env SHMEM_DEBUG=1 srun --mpi=$plugin -N 2 -n 4 -m cyclic "$t/cluster_progress"
    # MPICH busy-polls: one PE per host where the placement is not the point.
    job "srun 2 hosts x 1 amo_stress" 0 -- srun --mpi=$plugin -N 2 -n 2 "$t/amo_stress"
    job "srun 2 hosts x 1 lock_mutex" 0 -- srun --mpi=$plugin -N 2 -n 2 "$t/lock_mutex"
    job "srun 2 hosts x 1 coll_generic" 0 -- srun --mpi=$plugin -N 2 -n 2 "$t/coll_generic"
  fi
  job "srun 4 hosts cluster_fault global_exit" crash "ending every PE|ends the job" -- \
    srun --mpi=$plugin -N 4 -n 4 "$t/cluster_fault" global_exit

  # sbatch: a batch script that runs oshrun and mpiexec in the allocation;
  # salloc with a command: srun steps. The kinds the srun runs above left
  # to the other MPI.
  if [ "$mpi" = openmpi ]; then
    batch=(0:amo_stress 0:coll_generic 0:coll_nbi 42:cluster_fault:global_exit)
    alloc=(0:rma_generic 0:coll_nbi 0:coll_generic 0:hybrid_linked 0:cluster_progress)
    bnodes=(-N 4 -n 4) anodes=(-N 2 -n 4)
  else
    batch=(0:cluster_progress 0:hybrid_linked 0:rma_generic 0:lock_mutex)
    alloc=(0:amo_stress 0:lock_mutex "[1-9][0-9]*:cluster_fault:global_exit")
    bnodes=(-N 2 --ntasks-per-node=1) anodes=(-N 2 -n 2)
  fi
  steps "$work/batch-steps.sh" "${batch[@]}"
  {
    echo '#!/bin/sh'
    echo "#SBATCH --output=batch-%j.out"
    echo 'echo "job $SLURM_JOB_ID on $SLURM_JOB_NODELIST"'
    echo "launch=oshrun . $work/batch-steps.sh"
    echo "mpiexec.$mpi $t/team_shared; echo \"step mpiexec team_shared: status \$?\""
  } >"$work/batch.sh"
  mapfile -t pats < <(step_patterns "${batch[@]}")
  limit=$((2 * limit)) sbatch_job "sbatch ${bnodes[*]}: oshrun ${batch[*]}, mpiexec" 0 "${pats[@]}" \
    "^step mpiexec team_shared: status 0\$" -- "${bnodes[@]}" "$work/batch.sh"
  steps "$work/alloc-steps.sh" "${alloc[@]}"
  mapfile -t pats < <(step_patterns "${alloc[@]}")
  limit=$((2 * limit)) job "salloc ${anodes[*]}: srun ${alloc[*]}" 0 "${pats[@]}" -- \
    env HYBRID_EXPECT_PROGRESS=1 salloc "${anodes[@]}" \
      sh -c "launch='srun --mpi=$plugin'; . $work/alloc-steps.sh"

  # scancel of a running job; a host that dies mid-job (its slurmd and
  # every process on it killed). Both end the job within seconds, leave
  # nothing on any host, nothing in /dev/shm.
  if [ "$mpi" = openmpi ]; then
    job "scancel of a running 4-host job" crash "CANCELLED" "cluster_fault: PE 3 on sn4 waits" -- sh -c "
      srun --mpi=$plugin -N 4 -n 4 -J cancelme $t/cluster_fault wait &
      sleep 6; scancel -n cancelme; wait \$!"
  else
    host_dies 2 "$t/cluster_fault" wait
  fi
  unset LD_PRELOAD OMPI_MCA_mpi_yield_when_idle
done

echo
echo "== summary ($(($(date +%s) - started)) s)"
printf '%s\n' "${results[@]}"
if [ "$failures" -gt 0 ]; then
  echo "== $failures of ${#results[@]} runs FAILED (logs in $state)"
  exit 1
fi
rm -rf "$state"
echo "== all ${#results[@]} runs passed"
