#!/bin/bash
# memory.sh: symmetric memory and the pages under it, each program against
# a baseline measured in the same run (about 10 minutes at 5 passes on the
# 2-core VM, most of it first touches of the large arrays):
#
#   bench/memory.sh                   the system as it is
#   MEMORY_HUGE=thp bench/memory.sh   shmem_enabled=advise for the run
#   MEMORY_HUGE=pool bench/memory.sh  vm.nr_hugepages covering the heaps
#
#   heap_access  first touch and random read-modify-write on a PE's own heap
#                array (HEAP_ACCESS_SIZE, 1.5G) against private memory on
#                transparent huge pages in the same process, 2 PEs at once;
#                the order of the first touches alternates across passes;
#                and across 2 emulated hosts, one PE each (every PE alone on
#                its machine, so it makes its heap itself: SHMEM_HEAP_PAGES
#                auto and small), where the cluster tool can make them (the
#                hosts are brought up for each pass and always taken down,
#                under the lock of scripts/test-cluster.sh)
#   kernels      histogram (atomic increments) and index gather (shmem_g)
#                at random (pe, index) of a table of KERNELS_SIZE (1G) per
#                PE, against the same kernel on private memory, with
#                SHMEM_HEAP_PAGES=small and =auto
#   osu_getput   blocking get and put latency as OSU measures it, heap and
#                global (-g) buffers, also against Open MPI's OSHMEM
#
# on ours-mpich and ours-openmpi (this library, 2 PEs on this machine, built
# by scripts/build.sh into build-bench-mpich and build-bench-openmpi like
# bench/run.sh, tests and examples off) and oshmem (osu_getput built with
# /usr/bin/oshcc into build-bench/, run with OMPI_MCA_osc=ucx as run.sh
# does). The runs go round-robin, BENCH_PASSES times, each under `timeout`
# and with SHMEM_DEBUG=1 (a line with "heap:" on stderr is what the library
# says about its heap's pages). docs/bench/memory.md gets one section per
# MEMORY_HUGE setting that has outputs in build-bench/raw-memory/ (a run
# replaces its own setting's): best of passes, the ratio to the baseline of
# the same run, the pages each heap got (from /proc/self/smaps) and the
# machine's state.
#
# The system's settings change only under MEMORY_HUGE, and both
# (transparent_hugepage/shmem_enabled, vm.nr_hugepages) are restored at
# exit, also by a signal or an error.
#
# Environment: BENCH_PASSES (5), MEMORY_HUGE (none, thp or pool),
# MEMORY_TIMEOUT (300, seconds per launch), MEMORY_SKIP_BUILD=1 (reuse the
# builds), HEAP_ACCESS_SIZE (1.5G), KERNELS_SIZE (1G), MEMORY_OUT
# (docs/bench/memory.md). A build error stops the script; a failed run is
# reported (here and in the report), the others go on, and the script
# exits 1.
set -euo pipefail
exec </dev/null

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
. bench/build_library.sh
# shellcheck source=tests/cluster/cluster_probe.sh
. tests/cluster/cluster_probe.sh
passes=${BENCH_PASSES:-5}
huge=${MEMORY_HUGE:-none}
run_timeout=${MEMORY_TIMEOUT:-300}
out=${MEMORY_OUT:-docs/bench/memory.md}
work=build-bench
raw=$work/raw-memory/$huge
thp=/sys/kernel/mm/transparent_hugepage

say() { printf '[memory] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

case $huge in none | thp | pool) ;; *) die "MEMORY_HUGE=$huge: none, thp or pool" ;; esac

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMPI_MCA_osc SHMEM_FORCE_INTERNODE SHMEM_HEAP_PAGES SHMEM_SYMMETRIC_SIZE

# MiB in a size with an optional K, M or G suffix ("1.5G" -> 1536).
mib_of() {
  awk -v s="$1" 'BEGIN {
    n = s + 0; u = substr(s, length(s))
    if (u == "G") n *= 1024; else if (u == "K") n /= 1024; else if (u != "M") n /= 1048576
    if (n <= 0) exit 1
    printf "%d\n", n }' || die "not a size: $1"
}
access_mib=$(mib_of "${HEAP_ACCESS_SIZE:-1.5G}")
kernels_mib=$(mib_of "${KERNELS_SIZE:-1G}")
# Room for the allocator next to the one big array of each program.
access_heap=$((access_mib + 64))M
kernels_heap=$((kernels_mib + 64))M

# ---- the system's settings (only under MEMORY_HUGE) ----
shmem_now() { sed 's/.*\[\(.*\)\].*/\1/' "$thp/shmem_enabled"; }
saved_shmem=$(shmem_now)
saved_pages=$(cat /proc/sys/vm/nr_hugepages)
running="" # the launch in progress (its timeout), ended by cleanup

cleanup() {
  [ -z "$running" ] || kill -TERM "$running" 2>/dev/null || true
  cluster_down
  [ "$huge" != none ] || return 0
  echo "$saved_shmem" >"$thp/shmem_enabled" || say "cannot restore shmem_enabled=$saved_shmem"
  echo "$saved_pages" >/proc/sys/vm/nr_hugepages || say "cannot restore vm.nr_hugepages=$saved_pages"
  say "restored shmem_enabled=$(shmem_now), vm.nr_hugepages=$(cat /proc/sys/vm/nr_hugepages)"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# thp: the heap's memory file may get huge pages where the library asks
# (madvise); pool: 2 PEs' largest heaps in 2 MiB pages, and a few to spare.
apply_huge() {
  case $huge in
  thp)
    echo advise >"$thp/shmem_enabled" || die "cannot set shmem_enabled"
    say "shmem_enabled=$(shmem_now) for this run" ;;
  pool)
    local largest=$((access_mib > kernels_mib ? access_mib : kernels_mib))
    local per_pe=$(((largest + 64 + 1) / 2))
    local want=$((2 * per_pe + 8))
    echo "$want" >/proc/sys/vm/nr_hugepages || die "cannot set vm.nr_hugepages"
    local got
    got=$(cat /proc/sys/vm/nr_hugepages)
    [ "$got" -ge "$want" ] || say "warning: vm.nr_hugepages is $got of the $want asked (memory fragmented)"
    say "vm.nr_hugepages=$got for this run" ;;
  esac
}

# The machine's state as "key: value" lines, for the report.
machine_state() {
  local features reporting=unknown
  for features in /sys/bus/virtio/drivers/virtio_balloon/virtio*/features; do
    [ -r "$features" ] || continue
    # VIRTIO_BALLOON_F_REPORTING is feature bit 5: freed memory goes back to
    # the host, and touching it again costs the host's page faults too.
    if [ "$(cut -c6 "$features")" = 1 ]; then reporting=yes; else reporting=no; fi
  done
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include bench || echo ' (with uncommitted changes)')"
  echo "kernel: $(uname -r)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores"
  echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "thp_enabled: $(cat "$thp/enabled")"
  echo "thp_defrag: $(cat "$thp/defrag")"
  echo "thp_shmem_enabled: $(cat "$thp/shmem_enabled")"
  echo "nr_hugepages: $(cat /proc/sys/vm/nr_hugepages)"
  awk '/HugePages_(Total|Free)|Hugepagesize/ {print $1, $2, $3}' /proc/meminfo
  echo "balloon_free_page_reporting: $reporting"
  # Other work on the machine slows every number down.
  echo "load_before: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# ---- builds and launches ----
build() {
  local mpi
  for mpi in mpich openmpi; do
    say "building the library and bench/ for $mpi in build-bench-$mpi"
    build_library "$mpi" "$work/build-$mpi.log" ||
      die "build for $mpi failed (see $work/build-$mpi.log)"
  done
  say "building osu_getput against OSHMEM (/usr/bin/oshcc)"
  /usr/bin/oshcc -std=gnu11 -O2 -g -Wall -Wextra -o "$work/osu_getput_oshmem" bench/osu_getput.c
}

# The launch of program $2 at 2 PEs in configuration $1.
command_of() {
  case $1 in
  ours-mpich | ours-openmpi)
    local mpi=${1#ours-}
    echo "build-bench-$mpi/tools/oshrun -np 2 build-bench-$mpi/bench/$2" ;;
  oshmem) echo "/usr/bin/oshrun --allow-run-as-root --oversubscribe -np 2 $work/$2_oshmem" ;;
  # One PE on each of 2 emulated hosts (absolute paths: the PEs start there).
  ours-mpich-hosts) echo "$cluster run-mpich 2 $root/build-bench-mpich/bench/$2" ;;
  ours-openmpi-hosts) echo "$cluster run-ompi 2 $root/build-bench-openmpi/bench/$2" ;;
  *) die "unknown configuration $1" ;;
  esac
}

failures=0

# launch NAME CONFIG PROGRAM ENV [program options]: one run under `timeout`,
# stdout to $raw/pass<N>/NAME.txt, stderr next to it (.err). In the
# background, so that a signal ends it at once (cleanup).
launch() {
  local name=$1 config=$2 program=$3 environment=$4 status=0 start=$SECONDS
  shift 4
  local file=$raw/pass$pass/$name.txt
  [ "$config" = oshmem ] && environment="OMPI_MCA_osc=ucx $environment"
  [ "$config" = oshmem ] || environment="SHMEM_DEBUG=1 $environment"
  case $config in *-hosts) environment="NSMPI_MAP=rr NSMPI_TIMEOUT=$run_timeout $environment" ;; esac
  say "pass $pass/$passes: $name"
  # Other jobs on the machine may change the settings too: each launch's.
  printf '%s\t%s\n' "$(shmem_now)" "$(cat /proc/sys/vm/nr_hugepages)" >>"$raw/settings.tsv"
  # shellcheck disable=SC2046,SC2086
  env $environment timeout -k 10 "$run_timeout" $(command_of "$config" "$program") "$@" \
    >"$file" 2>"$file.err" &
  running=$!
  wait "$running" || status=$?
  running=""
  if [ "$status" -ne 0 ]; then
    failures=$((failures + 1))
    local why="exit status $status"
    [ "$status" -eq 124 ] && why="timed out after ${run_timeout}s"
    say "FAILED: $name: $why; stderr:"
    tail -n 5 "$file.err" | sed 's/^/    /' >&2
    printf '%s\t%s\t%s\n' "$pass" "$name" "$why" >>"$raw/failures.tsv"
  fi
  say "  $((SECONDS - start)) s"
}

# heap_access on 2 emulated hosts, one PE each, with the heap's pages chosen
# (auto) and with 4 KiB pages (small); skipped where hosts cannot be made.
run_hosts() {
  local config pages
  [ -z "$hosts_skipped" ] || return 0
  say "pass $pass/$passes: bringing up 2 emulated hosts"
  cluster_claim 900 || { failures=$((failures + 1)); return 0; }
  cluster_ours=1
  if ! "$cluster" up 2 >"$raw/pass$pass/hosts-up.log" 2>&1; then
    say "FAILED: '$cluster up 2' (see $raw/pass$pass/hosts-up.log)"
    failures=$((failures + 1))
    cluster_down
    return 0
  fi
  for config in ours-mpich-hosts ours-openmpi-hosts; do
    for pages in auto small; do
      launch "heap_access-$config-$pages" "$config" heap_access \
        "SHMEM_SYMMETRIC_SIZE=$access_heap SHMEM_HEAP_PAGES=$pages" $order "${access_mib}M"
    done
  done
  cluster_down
}

# One pass: every program in every configuration, in a fixed order.
run_pass() {
  local config pages kind order=""
  # The first touches alternate their order: the second region touched
  # meets a machine whose free memory the first has just taken.
  [ $((pass % 2)) = 0 ] && order=-p
  for config in ours-mpich ours-openmpi; do
    launch "heap_access-$config" "$config" heap_access "SHMEM_SYMMETRIC_SIZE=$access_heap" \
      $order "${access_mib}M"
  done
  run_hosts
  for config in ours-mpich ours-openmpi; do
    for pages in small auto; do
      launch "kernels-$config-$pages" "$config" kernels \
        "SHMEM_SYMMETRIC_SIZE=$kernels_heap SHMEM_HEAP_PAGES=$pages" "${kernels_mib}M"
    done
  done
  for kind in heap global; do
    for config in ours-mpich ours-openmpi oshmem; do
      if [ "$kind" = heap ]; then launch "osu_getput-$config-heap" "$config" osu_getput ""
      else launch "osu_getput-$config-global" "$config" osu_getput "" -g; fi
    done
  done
}

# report RAW OUT: the markdown report from every setting's outputs in RAW.
report() {
  python3 - "$1" "$2" <<'PY'
import glob, os, statistics, sys
raw, out = sys.argv[1], sys.argv[2]
ours = ["ours-mpich", "ours-openmpi"]
titles = {"none": "MEMORY_HUGE=none: the system as it is",
          "thp": "MEMORY_HUGE=thp: shmem_enabled=advise for the run",
          "pool": "MEMORY_HUGE=pool: vm.nr_hugepages covering the heaps for the run"}


def runs(setting, name):
    """Per pass that printed something: {first word: the other words} of
    NAME's output, and the first line of its stderr with "heap:" (else
    whether the library ignored SHMEM_HEAP_PAGES)."""
    found = []
    for d in glob.glob(f"{raw}/{setting}/pass*"):
        try:
            rows = [l.split() for l in open(f"{d}/{name}.txt") if l.strip() and l[0] != "#"]
            err = open(f"{d}/{name}.txt.err").read().splitlines()
            said = [l.strip() for l in err if "heap:" in l]
            said += ["(SHMEM_HEAP_PAGES unknown to this library)" for l in err
                     if "SHMEM_HEAP_PAGES is not a variable" in l]
        except OSError:
            continue
        if rows:
            found.append(({r[0]: r[1:] for r in rows}, said[0] if said else None))
    return found


def cell(text):
    return str(text).replace("|", "\\|")


def pages(found, key):
    seen = sorted({f"{r[key][0]} ({r[key][1]} MiB)" for r, _ in found if len(r.get(key, [])) == 2})
    return ", ".join(seen) or "?"


def said(found):
    seen = sorted({s for _, s in found if s})
    return cell("; ".join(seen)) if seen else "none"


def ratio_cells(found, metric):
    """heap best, private best, per-pass ratio median (range), passes."""
    values = [[float(v) for v in r[metric][:3]] for r, _ in found if len(r.get(metric, [])) >= 3]
    if not values:
        return ["failed"] * 3 + ["0"]
    heap, private, ratio = zip(*values)
    return [f"{min(heap):.1f}", f"{min(private):.1f}",
            f"{statistics.median(ratio):.2f} ({min(ratio):.2f}-{max(ratio):.2f})", str(len(values))]


def size_name(n):
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n >> shift} {unit}"
    return f"{n} B"


def state_of(setting):
    state = {}
    for line in open(f"{raw}/{setting}/state.txt"):
        key, _, value = line.partition(":")
        state[key.strip()] = value.strip()
    return state


def failures(setting):
    try:
        return [l.rstrip("\n").split("\t") for l in open(f"{raw}/{setting}/failures.tsv") if l.strip()]
    except OSError:
        return []


def seen_settings(setting):
    """The settings each launch met, with how many met them."""
    try:
        seen = [tuple(l.split()) for l in open(f"{raw}/{setting}/settings.tsv") if l.strip()]
    except OSError:
        return "?"
    return ", ".join(f"{s}, {n} ({seen.count((s, n))} launches)" for s, n in sorted(set(seen)))


def machine(setting):
    st = state_of(setting)
    md = [f"## {titles[setting]}", "",
          f"Measured {st.get('date')} at commit {st.get('commit')}, {st.get('passes')} passes.", "",
          "| machine | during the run |", "|---|---|"]
    for key in ["kernel", "cpu", "memory", "thp_enabled", "thp_defrag", "thp_shmem_enabled",
                "nr_hugepages", "HugePages_Total", "HugePages_Free", "HugePages_Free_after",
                "Hugepagesize", "balloon_free_page_reporting", "load_before", "load_after"]:
        md.append(f"| {key} | {cell(st.get(key, '?'))} |")
    md.append(f"| shmem_enabled, nr_hugepages at the launches | {seen_settings(setting)} |")
    if st.get("balloon_free_page_reporting") == "yes":
        md += ["", "The VM's balloon gives freed memory back to the host (free page reporting), "
               "so a first touch also pays the host's page faults for memory another run has just "
               "freed: first_touch_ms varies several times between passes and orders."]
    md += [f"\n**FAILED** in pass {p}: {name}: {why}" for p, name, why in failures(setting)]
    return md, st


def heap_access(setting, st):
    md = ["", f"### heap_access: a PE's own heap array of {st.get('heap_access_mib')} MiB against "
          "private memory on THP", "",
          "Both PEs at once, the slowest PE's time. heap and private: best of passes; heap/private "
          "is taken within each pass (one process), then its median and range over the passes. "
          "first_touch_ms: one write to every 4 KiB page; rmw_ns: x[i] += 1 at random i, per "
          "update.", "",
          "| configuration | metric | heap | private | heap/private: median (range) | passes | "
          "heap pages | private pages | the library's `heap:` line |",
          "|---|---|---|---|---|---|---|---|---|"]
    hosts = [f"{c}-hosts-{p}" for c in ours for p in ["auto", "small"]]
    for config in ours + hosts:
        found = runs(setting, f"heap_access-{config}")
        if config in hosts and not found:
            continue  # no emulated hosts in this run
        for metric in ["first_touch_ms", "rmw_ns"]:
            md.append(f"| {config} | {metric} | " + " | ".join(ratio_cells(found, metric)) +
                      f" | {pages(found, 'heap_pages')} | {pages(found, 'private_pages')} | {said(found)} |")
    md += ["", "`-hosts-auto`, `-hosts-small`: one PE on each of 2 emulated hosts (network, UTS "
           "and IPC namespaces, as `scripts/test-cluster.sh` makes them), with "
           "`SHMEM_HEAP_PAGES=auto` and `small`: every PE alone on its machine makes its heap "
           "itself and exposes it with `MPI_Win_create`."]
    return md


def kernels(setting, st):
    md = ["", f"### kernels: random (pe, index) of a table of {st.get('kernels_mib')} MiB per PE", "",
          "ns per access, the slowest PE's, best of passes. private: the same draws on the PE's own "
          "memory on THP with plain loads and adds, so the ratio holds the library's call, the "
          "atomic (histogram) and the pages.", "",
          "| configuration | SHMEM_HEAP_PAGES | metric | heap | private | heap/private: median "
          "(range) | passes | heap pages | the library's `heap:` line |",
          "|---|---|---|---|---|---|---|---|---|"]
    for config in ours:
        for kind in ["small", "auto"]:
            found = runs(setting, f"kernels-{config}-{kind}")
            for metric in ["histogram_ns", "gather_ns"]:
                md.append(f"| {config} | {kind} | {metric} | " + " | ".join(ratio_cells(found, metric)) +
                          f" | {pages(found, 'heap_pages')} | {said(found)} |")
    return md


def osu(setting, kind):
    best, count = {}, {}
    for config in ours + ["oshmem"]:
        found = runs(setting, f"osu_getput-{config}-{kind}")
        count[config] = len(found)
        for r, _ in found:
            for size, values in r.items():
                for op, v in zip(["get", "put"], map(float, values)):
                    key = (config, op, int(size))
                    best[key] = min(best.get(key, v), v)
    passes = ", ".join(f"{c} {n}" for c, n in count.items())
    md = ["", f"### osu_getput, {kind} buffers: us per blocking call, best of passes ({passes})", "",
          "PE 0 alone, back-to-back calls on the same page-aligned buffers; (x): ours / OSHMEM.", "",
          "| size | " + " | ".join(f"{op} {c}" for op in ["get", "put"] for c in ours + ["oshmem"]) + " |",
          "|---|" + "---|" * 6]
    for size in sorted({k[2] for k in best}):
        cells = []
        for op in ["get", "put"]:
            base = best.get(("oshmem", op, size))
            for config in ours + ["oshmem"]:
                v = best.get((config, op, size))
                if v is None:
                    cells.append("failed")
                elif config != "oshmem" and base:
                    cells.append(f"{v:.3f} ({v / base:.2f})")
                else:
                    cells.append(f"{v:.3f}")
        md.append(f"| {size_name(size)} | " + " | ".join(cells) + " |")
    return md


md = ["# Symmetric memory and its pages", "",
      "Made by `bench/memory.sh` (2 PEs on this machine; `bench/heap_access.c`, `bench/kernels.c`, "
      "`bench/osu_getput.c`, each described in its header). Every program measures its baseline "
      "in the same run: the heap against private memory on transparent huge pages in the same "
      "process, ours against Open MPI's OSHMEM for get and put. The pages are what "
      "`/proc/self/smaps` shows for the mapping (4K; THP:<share of the resident memory on 2 MiB "
      "pages>; hugetlb:<page size>), whatever the library asked for; the library's `heap:` line "
      "is the one it prints under `SHMEM_DEBUG=1`, if any. One section per `MEMORY_HUGE` "
      "setting, each from its latest run.", ""]
for setting in ["none", "thp", "pool"]:
    if os.path.exists(f"{raw}/{setting}/state.txt"):
        part, st = machine(setting)
        md += part + heap_access(setting, st) + kernels(setting, st)
        md += osu(setting, "heap") + osu(setting, "global") + [""]
open(out, "w").write("\n".join(md))
print(f"wrote {out}")
PY
}

main() {
  mkdir -p "$work" "$(dirname "$out")"
  hosts_skipped=""
  if ! hosts_skipped=$(cluster_probe); then say "hosts runs SKIPPED: $hosts_skipped"; fi
  [ "${MEMORY_SKIP_BUILD:-0}" = 1 ] || build
  rm -rf "$raw"
  mkdir -p "$raw"
  : >"$raw/failures.tsv"
  apply_huge
  {
    echo "setting: $huge"
    echo "passes: $passes"
    echo "heap_access_mib: $access_mib"
    echo "kernels_mib: $kernels_mib"
    machine_state
  } >"$raw/state.txt"
  for pass in $(seq 1 "$passes"); do
    mkdir -p "$raw/pass$pass"
    run_pass
  done
  {
    awk '/HugePages_(Total|Free)/ {sub(":", "", $1); print $1 "_after: " $2}' /proc/meminfo
    echo "load_after: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$raw/state.txt"
  say "writing $out"
  report "$work/raw-memory" "$out"
  if [ "$failures" -gt 0 ]; then
    say "$failures run(s) failed; see above and $out"
    exit 1
  fi
  say "done in $SECONDS s"
}

main
