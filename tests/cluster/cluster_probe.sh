# cluster_probe.sh: a sourced helper, not run on its own. It is sourced by
# the scripts that run jobs on emulated hosts made by the cluster tool
# (../shared/tools/cluster/cluster.sh, or the one in $SHMEM_CLUSTER_TOOL):
# scripts/test-cluster.sh, which runs the cluster tests of this folder
# (programs.txt), and bench/run.sh, for its hosts stage.
# Needs $root (the repository). Works with and without `set -e`.
#
#   cluster_probe          prints why hosts cannot be made here, returns 1
#   cluster_claim SECONDS  takes the hosts' lock (file descriptor 9)
#   cluster_release        gives it back
#   cluster_start N NAME   the lock, a log folder $logs, N hosts up until exit
#   cluster_down           takes the hosts down if cluster_ours=1 (the caller
#                          brought them up), and gives the lock back
#   cluster_hosts          the emulated hosts that are up (h1 h2 ...)
#   cluster_leftovers      PIDs still on them after a job
# shellcheck shell=bash

cluster_tool_dir=${SHMEM_CLUSTER_TOOL:-$root/../shared/tools/cluster}
cluster=$cluster_tool_dir/cluster.sh
cluster_state=${NSMPI_STATE:-/run/nsmpi}
# One user of the hosts at a time: every script that brings them up.
cluster_lock=/run/lock/shmem-test-cluster.lock
# Present while hosts one of these scripts brought up may be up: hosts found
# up with it while the lock is free were left by a run that was killed.
cluster_mark=/run/lock/shmem-test-cluster.hosts

# Whether this machine can emulate hosts: root, iproute2 and util-linux, and
# the rights to make network, UTS and IPC namespaces (a container may lack
# them). Prints the reason and returns 1 when it cannot.
cluster_probe() {
  if [ ! -x "$cluster" ]; then
    echo "the cluster tool is not at $cluster (set SHMEM_CLUSTER_TOOL)"
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "network namespaces need root (running as uid $(id -u))"
    return 1
  fi
  local cmd
  for cmd in ip unshare timeout flock; do
    if ! command -v "$cmd" >/dev/null; then
      echo "$cmd is not installed (iproute2, util-linux, coreutils)"
      return 1
    fi
  done
  local probe=shmem-probe-$$
  if ! ip netns add "$probe" 2>/dev/null; then
    echo "cannot create network namespaces (ip netns add failed)"
    return 1
  fi
  ip netns del "$probe"
  if ! unshare --uts --ipc true 2>/dev/null; then
    echo "cannot create UTS/IPC namespaces (unshare failed)"
    return 1
  fi
}

# Takes the hosts' lock on file descriptor 9, waiting up to $1 seconds for
# another user, and checks that no hosts are up: hosts a killed run of these
# scripts left are taken down, anyone else's are left alone. Prints why on
# stderr and returns 1 when the hosts are not ours to make.
cluster_claim() {
  exec 9>"$cluster_lock"
  if ! flock -w "$1" 9; then
    echo "another user (test-cluster.sh, bench/run.sh) holds the hosts for $1 s" >&2
    cluster_release
    return 1
  fi
  if [ -e "$cluster_state/map" ] && [ -e "$cluster_mark" ]; then
    echo "taking down the emulated hosts a killed run left up" >&2
    "$cluster" down >/dev/null 2>&1
  fi
  if [ -e "$cluster_state/map" ]; then
    echo "emulated hosts are up already ($cluster_state/map): someone else's;" \
      "wait, or '$cluster down' if they are stale" >&2
    cluster_release
    return 1
  fi
  : >"$cluster_mark"
}

cluster_release() { exec 9>&-; }

# cluster_start N NAME: takes the hosts' lock, makes a log folder $logs
# (NAME.XXXXXX in $TMPDIR), brings N hosts up and takes them down at exit;
# prints the bring-up's log and returns 1 if it failed.
cluster_start() {
  cluster_claim 900 || return 1
  logs=$(mktemp -d "${TMPDIR:-/tmp}/$2.XXXXXX")
  cluster_ours=1
  trap cluster_down EXIT
  trap 'exit 130' INT TERM
  "$cluster" up "$1" >"$logs/up.log" 2>&1 || { cat "$logs/up.log"; return 1; }
}

cluster_ours=0 # set to 1 by the caller once it brought hosts up

cluster_down() {
  [ "$cluster_ours" = 1 ] || return 0
  if "$cluster" down >/dev/null 2>&1; then
    rm -f "$cluster_mark"
  else
    echo "'$cluster down' failed: take the hosts down by hand" >&2
  fi
  cluster_ours=0
  cluster_release
}

cluster_hosts() { awk '$1 != "hhead" {print $1}' "$cluster_state/map"; }

# PIDs still in an emulated host after a job ended (waits up to 5 s for the
# daemons to go).
cluster_leftovers() {
  local left="" h
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    left=$(for h in $(cluster_hosts); do ip netns pids "$h"; done | tr '\n' ' ')
    [ -z "${left// /}" ] && return 0
    sleep 0.5
  done
  echo "$left"
}
