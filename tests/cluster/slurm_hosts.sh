# slurm_hosts.sh: functions to source, not a script to run. A Slurm cluster on
# this machine: a head (a network and UTS namespace named $sl_head, host
# name "head", where slurmctld runs and users submit jobs) and N compute
# hosts sn1..snN (each its own network, UTS, IPC and mount namespace with
# its host name, its own /tmp and /dev/shm, and one slurmd), on a private
# bridge. Sourced by tests/cluster/slurm_cluster.sh and bench/run.sh.
#
# It does not use the cluster tool of scripts/test-cluster.sh: its
# namespaces (shs-head, shs1...), addresses (10.79.0.0/24), ports and lock
# are its own, so it may run while the emulated-hosts tests run elsewhere.
#
#   slurm_probe          prints why this machine cannot run it, returns 1
#   slurm_up N DIR       the lock, N hosts and the daemons, DIR the state
#                        (configuration, logs, spool); down at exit
#   slurm_down           stops everything slurm_up started
#   in_head CMD...       runs CMD on the head (SLURM_CONF set)
#   in_host K CMD...     runs CMD on host snK (in its mount namespace)
#   host_pid K           the PID that holds host snK's namespaces
# shellcheck shell=bash

sl_head=shs-head
sl_prefix=shs
sl_net=10.79.0
sl_lock=/run/lock/shmem-slurm-cluster.lock
sl_ctld_port=6917
sl_d_port=6918
sl_up=0
sl_hosts=0

slurm_probe() {
  if [ "$(id -u)" != 0 ]; then
    echo "Slurm's daemons and network namespaces need root (running as uid $(id -u))"
    return 1
  fi
  local cmd
  for cmd in ip unshare nsenter flock timeout; do
    command -v "$cmd" >/dev/null ||
      { echo "$cmd is not installed (iproute2, util-linux, coreutils)"; return 1; }
  done
  for cmd in slurmctld slurmd srun sbatch salloc scancel sinfo; do
    command -v "$cmd" >/dev/null ||
      { echo "$cmd is not installed (Debian: slurmctld, slurmd, slurm-client)"; return 1; }
  done
  local probe=shs-probe-$$
  ip netns add "$probe" 2>/dev/null || { echo "cannot create network namespaces"; return 1; }
  ip netns del "$probe"
  unshare --uts --ipc --mount true 2>/dev/null ||
    { echo "cannot create UTS, IPC or mount namespaces (unshare failed)"; return 1; }
}

in_head() {
  ip netns exec "$sl_head" unshare --uts /bin/sh -c 'hostname head && exec "$@"' sh \
    env SLURM_CONF="$sl_dir/slurm.conf" "$@"
}

host_pid() { cat "$sl_dir/sn$1.holder"; }

in_host() {
  local k=$1; shift
  nsenter -t "$(host_pid "$k")" -n -u -i -m env SLURM_CONF="$sl_dir/slurm.conf" "$@"
}

# The cgroup hierarchies slurmd looks for: inside `ip netns exec` /sys is
# new and has none. On a v1 machine the hierarchies the machine has, under a
# tmpfs (cgroup2 there fails: "Hybrid mode is not supported"); on a v2 one,
# cgroup2.
sl_cgroup_mounts() {
  if [ "$(stat -fc %T /sys/fs/cgroup)" = cgroup2fs ]; then
    echo "mount -t cgroup2 none /sys/fs/cgroup"
    return
  fi
  echo "mount -t tmpfs cgroup_root /sys/fs/cgroup"
  awk '$3 == "cgroup" {n = split($4, o, ","); s = "";
         for (i = 1; i <= n; i++) if (o[i] !~ /^(rw|ro|relatime|nosuid|nodev|noexec)$/) s = s (s ? "," : "") o[i];
         d = $2; sub(".*/", "", d);
         print "mkdir -p /sys/fs/cgroup/" d " && mount -t cgroup -o " (s ~ /^name=/ ? "none," s : s) " cgroup /sys/fs/cgroup/" d}' \
    /proc/self/mounts
}

sl_write_conf() {
  local n=$1 k
  {
    echo "ClusterName=shmemtest"
    echo "SlurmctldHost=head($sl_net.254)"
    echo "SlurmctldPort=$sl_ctld_port"
    echo "SlurmdPort=$sl_d_port"
    echo "AuthType=auth/none"
    echo "CredType=cred/none"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "ProctrackType=proctrack/linuxproc"
    echo "TaskPlugin=task/affinity"
    # No binding unless a job asks (--cpu-bind): the hosts share this
    # machine's cores, so Slurm's default (a core per task on each host)
    # would put the PEs of every host on the same few cores.
    echo "TaskPluginParam=None"
    echo "SelectType=select/cons_tres"
    echo "SelectTypeParameters=CR_Core"
    echo "MpiDefault=none"
    echo "ReturnToService=2"
    echo "StateSaveLocation=$sl_dir/ctld"
    echo "SlurmctldPidFile=$sl_dir/slurmctld.pid"
    echo "SlurmctldLogFile=$sl_dir/slurmctld.log"
    echo "SlurmdSpoolDir=$sl_dir/spool/%n"
    echo "SlurmdPidFile=$sl_dir/%n.pid"
    echo "SlurmdLogFile=$sl_dir/%n.log"
    echo "SlurmdTimeout=5"
    echo "KillWait=2"
    echo "MessageTimeout=5"
    echo "InactiveLimit=0"
    echo "MinJobAge=10"
    echo "JobCompType=jobcomp/none"
    echo "JobAcctGatherType=jobacct_gather/none"
    echo "SchedulerType=sched/builtin"
    for k in $(seq 1 "$n"); do
      echo "NodeName=sn$k NodeAddr=$sl_net.$k CPUs=2 State=UNKNOWN"
    done
    echo "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:8"
  } >"$sl_dir/slurm.conf"
}

# A host: its namespaces, mounts and slurmd, and a holder process that keeps
# the namespaces while slurmd is stopped and restarted.
sl_start_host() {
  local k=$1 ns=$sl_prefix$1
  local mounts
  mounts=$(sl_cgroup_mounts)
  mkdir -p "$sl_dir/spool/sn$k"
  ip netns exec "$ns" unshare --uts --ipc --mount --propagation private /bin/sh -c "
    hostname sn$k
    mount -t tmpfs -o mode=1777 tmp /tmp
    mount -t tmpfs -o mode=1777 shm /dev/shm
    $mounts
    SLURM_CONF=$sl_dir/slurm.conf slurmd -N sn$k >>$sl_dir/sn$k.out 2>&1
    echo \$\$ >$sl_dir/sn$k.holder
    exec sleep infinity" </dev/null >/dev/null 2>&1 &
}

slurm_up() {
  local n=$1 k
  sl_dir=$2
  exec 8>"$sl_lock"
  flock -w 900 8 || { echo "another Slurm test holds $sl_lock" >&2; return 1; }
  sl_up=1
  trap slurm_down EXIT
  trap 'exit 130' INT TERM
  # namespaces a killed run left
  for ns in $(ip netns list | awk -v p="^$sl_prefix" '$1 ~ p {print $1}'); do
    for p in $(ip netns pids "$ns"); do kill -KILL "$p" 2>/dev/null; done
    ip netns del "$ns"
  done
  mkdir -p "$sl_dir/ctld" "$sl_dir/spool"
  sl_write_conf "$n"
  ip netns add "$sl_head"
  ip -n "$sl_head" link set lo up
  ip -n "$sl_head" link add br0 type bridge
  ip -n "$sl_head" addr add "$sl_net.254/24" dev br0
  ip -n "$sl_head" link set br0 up
  local hosts="127.0.0.1 localhost"$'\n'"$sl_net.254 head"
  for k in $(seq 1 "$n"); do
    ip netns add "$sl_prefix$k"
    ip -n "$sl_prefix$k" link set lo up
    ip link add "sv$k" netns "$sl_head" type veth peer name eth0 netns "$sl_prefix$k"
    ip -n "$sl_head" link set "sv$k" master br0
    ip -n "$sl_head" link set "sv$k" up
    ip -n "$sl_prefix$k" addr add "$sl_net.$k/24" dev eth0
    ip -n "$sl_prefix$k" link set eth0 up
    hosts="$hosts"$'\n'"$sl_net.$k sn$k"
  done
  sl_hosts=$n
  for ns in "$sl_head" $(seq -f "$sl_prefix%g" 1 "$n"); do
    mkdir -p "/etc/netns/$ns"
    printf '%s\n' "$hosts" >"/etc/netns/$ns/hosts"
    : >"/etc/netns/$ns/resolv.conf"
  done
  in_head slurmctld -i >"$sl_dir/slurmctld.out" 2>&1 </dev/null &
  for k in $(seq 1 "$n"); do sl_start_host "$k"; done
  # every node idle
  local waited=0
  until [ "$(in_head sinfo -h -t idle -o %D 2>/dev/null)" = "$n" ]; do
    sleep 0.5
    waited=$((waited + 1))
    if [ "$waited" -gt 60 ]; then
      echo "the nodes did not come up in 30 s:" >&2
      in_head sinfo -N >&2
      tail -n 5 "$sl_dir"/*.log >&2
      return 1
    fi
  done
}

slurm_down() {
  [ "$sl_up" = 1 ] || return 0
  local ns p
  for sig in TERM KILL; do
    for ns in "$sl_head" $(ip netns list | awk -v p="^$sl_prefix[0-9]" '$1 ~ p {print $1}'); do
      for p in $(ip netns pids "$ns" 2>/dev/null); do kill -s "$sig" "$p" 2>/dev/null; done
    done
    [ "$sig" = TERM ] && sleep 1
  done
  for ns in $(ip netns list | awk -v p="^$sl_prefix" '$1 ~ p {print $1}'); do
    ip netns del "$ns" 2>/dev/null
    rm -rf "/etc/netns/$ns"
  done
  sl_up=0
  exec 8>&-
}
