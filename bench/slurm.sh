#!/bin/bash
# slurm.sh BUILD_MPICH|- BUILD_OPENMPI|- [OUT.md]: the across-hosts rows of
# bench/run.sh (2 PEs, one on each of 2 hosts; the collectives at 4 PEs on
# 4 hosts) under srun on the Slurm cluster of tests/cluster/slurm_hosts.sh,
# this library (bench/shmem_bench) against raw MPI-3 RMA (bench/mpi_bench)
# launched the same way: srun --mpi=pmi2 (MPICH), srun --mpi=pmix (Open
# MPI; raw MPI with OMPI_MCA_osc=ucx, the library choosing its own), with
# the environment of tests/cluster/slurm_cluster.sh. Writes a Markdown
# table (docs/bench/slurm.md by default). Root; the build dirs need
# bench/shmem_bench and bench/mpi_bench (cmake --build DIR --target
# shmem_bench mpi_bench).
set -u
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
# shellcheck source=tests/cluster/slurm_hosts.sh
. "$root/tests/cluster/slurm_hosts.sh"
[ $# -ge 2 ] || { echo "usage: $0 BUILD_MPICH|- BUILD_OPENMPI|- [OUT.md]" >&2; exit 2; }
out=${3:-$root/docs/bench/slurm.md}
why=$(slurm_probe) || { echo "SKIPPED: $why"; exit 0; }
state=$(mktemp -d /run/shmem-slurm-bench.XXXXXX)
chmod 755 "$state"
shim=$state/ucx_end_quietly.so
gcc -O2 -shared -fPIC -o "$shim" "$root/tests/cluster/ucx_end_quietly.c" -lucp || exit 1
slurm_up 4 "$state" || exit 1
export UCX_NET_DEVICES=eth0 LD_PRELOAD=$shim

# run MPI PLUGIN PES PROGRAM ARGS...: "metric value" lines of one run.
run() {
  local mpi=$1 plugin=$2 np=$3
  shift 3
  in_head timeout 300 srun --mpi="$plugin" -N "$np" -n "$np" "$@" 2>"$state/err-$mpi-$np" |
    awk 'NF >= 2 && $2 ~ /^[0-9.]+$/ {print $1, $2}'
}

declare -A value
metrics=()
for pair in "mpich:$1" "openmpi:$2"; do
  mpi=${pair%%:*} dir=${pair#*:}
  [ "$dir" = - ] && continue
  if [ "$mpi" = openmpi ]; then
    plugin=pmix
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
  else
    plugin=pmi2
  fi
  for kind in ours mpi; do
    prog=$dir/bench/shmem_bench
    [ "$kind" = mpi ] && prog=$dir/bench/mpi_bench
    envs=()
    [ "$kind$mpi" = mpiopenmpi ] && envs=(OMPI_MCA_osc=ucx)
    echo "== $kind-$mpi: srun --mpi=$plugin, 2 hosts, then the collectives on 4"
    while read -r metric v; do
      [ -n "${value[$metric]+x}" ] || [[ " ${metrics[*]} " == *" $metric "* ]] || metrics+=("$metric")
      value[$metric,$kind-$mpi]=$v
    done < <(run "$mpi" "$plugin" 2 env "${envs[@]}" "$prog"; run "$mpi" "$plugin" 4 env "${envs[@]}" "$prog" -c |
      sed 's/^\([^ ]*\) /\1@4 /')
  done
done

{
  echo "# Across hosts under Slurm's srun"
  echo
  echo "Made by \`bench/slurm.sh build-mpich build-openmpi\` ($(date +%F), one pass):"
  echo "the across-hosts rows of \`bench/run.sh\` under \`srun\` on the Slurm cluster"
  echo "of emulated hosts (\`tests/cluster/slurm_hosts.sh\`; TCP between hosts, the"
  echo "hosts sharing this machine's 2 cores), 2 PEs on 2 hosts and the collectives"
  echo "(\`@4\`) at 4 PEs on 4 hosts. Each launched as"
  echo "\`srun --mpi=pmi2|pmix -N NP -n NP PROGRAM\`; raw MPI (\`bench/mpi_bench\`) the same"
  echo "way (Open MPI with \`OMPI_MCA_osc=ucx\`). Environment as in"
  echo "\`tests/cluster/slurm_cluster.sh\`: \`UCX_NET_DEVICES=eth0\`, the UCX end shim,"
  echo "Open MPI's \`mpi_yield_when_idle=1\`. Lower is better for \`_us\`, higher for"
  echo "\`_mbs\`/rates; ratio = ours / raw MPI."
  echo
  echo "| metric | ours mpich | raw mpich | ratio | ours openmpi | raw openmpi | ratio |"
  echo "|---|---|---|---|---|---|---|"
  for m in "${metrics[@]}"; do
    line="| $m"
    for mpi in mpich openmpi; do
      o=${value[$m,ours-$mpi]:-} r=${value[$m,mpi-$mpi]:-}
      ratio=""
      [ -n "$o" ] && [ -n "$r" ] && ratio=$(awk -v o="$o" -v r="$r" 'BEGIN {if (r > 0) printf "%.2fx", o / r}')
      line="$line | ${o:--} | ${r:--} | ${ratio:--}"
    done
    echo "$line |"
  done
} >"$out"
rm -rf "$state"
echo "wrote $out"
