#!/bin/bash
# count-instructions.sh BUILD_DIR OPERATION [N]: the instructions one
# OpenSHMEM operation spends in this library around its MPI calls, counted
# by callgrind on PE 0 of a forced inter-node run of 2 PEs (every operation
# through MPI). Timings on a shared VM swing 2x between runs; instruction
# counts do not (docs/decisions/fixed-cost.md; the counts: docs/bench/notes.md,
# "The library's work around each MPI call").
#
#   scripts/count-instructions.sh build-bench-openmpi put
#
# BUILD_DIR is a build of this library with the benchmarks (bench/op_loop);
# OPERATION is one of op_loop's (put nbi get fadd bcast reduce barrier); N
# operations (default 100000). Prints, per call of PE 0, the inclusive
# instructions of the API routine, of each MPI routine it called, and the
# difference: the library's own. Needs valgrind.
set -euo pipefail
exec </dev/null
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR OPERATION [N]" >&2; exit 2; }
build=$(cd "$1" && pwd)
op=$2
n=${3:-100000}
command -v callgrind_annotate >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 1; }
[ -x "$build/bench/op_loop" ] || { echo "$0: no $build/bench/op_loop (build the benchmarks)" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/count-instructions.XXXXXX")
trap 'rm -rf "$out"' EXIT

# PE 0 under callgrind, PE 1 as it is (the rank variable of either MPI).
cat >"$out/pe0.sh" <<WRAP
#!/bin/sh
if [ "\${OMPI_COMM_WORLD_RANK:-\${PMI_RANK:-}}" = 0 ]; then
  exec valgrind --tool=callgrind --callgrind-out-file=$out/callgrind.out "\$@" 2>$out/valgrind.log
fi
exec "\$@"
WRAP
chmod +x "$out/pe0.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
SHMEM_FORCE_INTERNODE=1 "$build/tools/oshrun" -np 2 "$out/pe0.sh" "$build/bench/op_loop" "$op" "$n" \
  >"$out/run.log" 2>&1 || { cat "$out/run.log" >&2; exit 1; }

case $op in
  put) routines="shmem_long_put shmem_quiet" ;;
  nbi) routines=shmem_putmem_nbi ;;
  get) routines=shmem_long_get ;;
  fadd) routines=shmem_long_atomic_fetch_add ;;
  bcast) routines=shmem_broadcast64 ;;
  reduce) routines=shmem_long_sum_to_all ;;
  barrier) routines=shmem_barrier_all ;;
  *) echo "$0: unknown operation $op" >&2; exit 2 ;;
esac
# From the call tree: each routine's inclusive cost per call, and that of
# the MPI routines (PMPI_*) anywhere below it that ran about once per call.
callgrind_annotate --tree=calling --inclusive=yes --threshold=100 "$out/callgrind.out" \
  2>/dev/null >"$out/tree.txt"
python3 - "$out/tree.txt" "$n" $routines <<'PY'
import re, sys
path, n, routines = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
# callgrind lists a function once per source file its code came from
# (inlining): the pieces are merged by function name.
def function(entry):  # "file:function(args)" -> function
    return entry.partition(":")[2].split("(")[0]
cost, calls = {}, {}  # function -> inclusive cost; (caller, callee) -> [cost, count]
caller = None
for line in open(path):
    m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+([*>])\s+(.*?)(?: \(([\d,]+)x\))?(?: \[[^\]]*\])?\s*$",
                 line)
    if not m:
        continue
    value, name = int(m.group(1).replace(",", "")), function(m.group(3))
    if m.group(2) == "*":
        caller = name
        cost[name] = max(cost.get(name, 0), value)
    elif caller is not None and m.group(4) and name != caller:
        edge = calls.setdefault((caller, name), [0, 0])
        edge[0] += value
        edge[1] += int(m.group(4).replace(",", ""))
def below(f, expanded):  # the MPI routines under f that ran at least n/2 times
    # Each function's calls count once, however many paths reach it
    # (inlined code is listed under each file it came from).
    out = {}
    for (a, b), (value, count) in calls.items():
        if a != f:
            continue
        if b.startswith("PMPI_"):
            if count >= n // 2:
                out[b] = out.get(b, 0) + value
        elif b not in expanded:
            expanded.add(b)
            for k, v in below(b, expanded).items():
                out[k] = out.get(k, 0) + v
    return out
total = inside = 0
for r in routines:
    total += cost.get(r, 0) / n
    print(f"{r:34} {cost.get(r, 0) / n:8.0f} instructions per call")
    for m, v in sorted(below(r, {r}).items()):
        print(f"  {m:32} {v / n:8.0f}")
        inside += v / n
print(f"{'library, around MPI':34} {total - inside:8.0f} per operation")
PY
