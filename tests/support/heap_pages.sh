#!/bin/sh
# heap_pages.sh KIND NP MPIEXEC [options...] PROGRAM: runs PROGRAM (tests/pe/
# heap_pages.c) on NP PEs with the system set up so that the symmetric heap
# gets KIND pages, and checks what each PE's SHMEM_DEBUG line says it got:
#   pool   a reserved pool of 2 MiB pages that covers every PE's heap
#   thp    no pool, transparent huge pages on request: of shared memory
#          (the node's memory files), or of private memory where a PE is
#          alone on its machine (one PE, or one PE a host)
#   short  a pool too small for the heaps, THP off: SHMEM_HEAP_PAGES=pool
#          falls back to 4 KiB pages with a warning once a node
#   missed the same pool, nothing asked and no SHMEM_DEBUG: the job says in
#          one line that the heap missed the pool, and what to set
# It changes vm.nr_hugepages and transparent_hugepage/shmem_enabled and
# enabled, so it needs root (without it, it skips: exit 77) and always
# restores them.
kind=$1
np=$2
shift 2
set -- "$kind" "$@"
pool=/proc/sys/vm/nr_hugepages
thp=/sys/kernel/mm/transparent_hugepage/shmem_enabled
private_thp=/sys/kernel/mm/transparent_hugepage/enabled
if [ "$(id -u)" -ne 0 ] || ! [ -w "$pool" ] || ! [ -w "$thp" ] || ! [ -w "$private_thp" ]; then
  echo "heap_pages: skipped: changing $pool, $thp and $private_thp needs root on a writable /proc and /sys"
  exit 77
fi
# With SHMEM_FORCE_INTERNODE and several PEs, MPI allocates the heap: no
# pool, and THP only asked for (MPICH's shared memory in /dev/shm gets none,
# and the line says so).
forced=yes
case ${SHMEM_FORCE_INTERNODE:-0} in
0 | no | off | false | n) forced=no ;;
esac
[ "$np" -gt 1 ] || forced=no
if [ "$forced" = yes ] && [ "$1" != thp ]; then
  echo "heap_pages: skipped: with SHMEM_FORCE_INTERNODE, MPI allocates the heap (no pool)"
  exit 77
fi
setting() { sed 's/.*\[\(.*\)\].*/\1/' "$1"; }
old_pool=$(cat "$pool")
old_thp=$(setting "$thp")
old_private_thp=$(setting "$private_thp")
restore() { echo "$old_pool" >"$pool"; echo "$old_thp" >"$thp"; echo "$old_private_thp" >"$private_thp"; }
trap restore EXIT INT TERM
# 64 MiB heaps: 32 pages each plus one for the rooms after the heap (and
# some to spare for whatever else holds huge pages). Each PE's forked child
# writes its heap, copy on write, on the pool's pages too: as many again.
per_pe=33
case $kind in
pool) pages=$((2 * np * per_pe + 16)); thp_mode=never; expect="heap: 2 MiB pages from the reserved pool" ;;
thp) pages=0; thp_mode=advise; expect="heap: transparent huge pages on request" ;;
short) pages=$((per_pe / 2)); thp_mode=never; expect="the symmetric heap is on 4 KiB pages: the pool of 2 MiB pages has [0-9]+ free, [0-9]+ needed" ;;
missed) pages=$((per_pe / 2)); thp_mode=never; expect="the symmetric heap is on 4 KiB pages, not on the reserved pool the system keeps \\($pages pages\\): the pool of 2 MiB pages has [0-9]+ free, $((np * per_pe)) needed .*\\. Set vm.nr_hugepages to at least [0-9]+" ;;
*) echo "heap_pages: unknown kind $kind" >&2; exit 2 ;;
esac
private_thp_mode=$thp_mode
[ "$private_thp_mode" = advise ] && private_thp_mode=madvise
echo "$pages" >"$pool"
echo "$thp_mode" >"$thp" || { echo "heap_pages: skipped: cannot set $thp"; exit 77; }
echo "$private_thp_mode" >"$private_thp" || { echo "heap_pages: skipped: cannot set $private_thp"; exit 77; }
left=$(awk '/HugePages_Free/ {f = $2} /HugePages_Rsvd/ {r = $2} END {print f - r}' /proc/meminfo)
if [ "$kind" = pool ] && [ "$left" -lt $((2 * np * per_pe)) ]; then
  echo "heap_pages: skipped: only $left huge pages are free, $((2 * np * per_pe)) needed"
  exit 77
fi
run_kind=$kind
expected_lines=$np
if [ "$forced" = yes ]; then
  run_kind=any
  expect="heap: (transparent huge pages asked for on memory MPI allocates|4 KiB pages: MPI allocated the heap \(.*\) as shared memory, /dev/shm/)"
fi
debug=1
if [ "$kind" = short ] || [ "$kind" = missed ]; then
  run_kind=small
  expected_lines=1
fi
[ "$kind" = short ] && export SHMEM_HEAP_PAGES=pool
if [ "$kind" = missed ]; then
  unset SHMEM_HEAP_PAGES SHMEM_SYMMETRIC_HEAP_USE_HUGE_PAGES SHMEM_SYMMETRIC_HEAP_PAGE_SIZE
  debug=0
fi
shift
output=$(SHMEM_DEBUG=$debug SHMEM_SYMMETRIC_SIZE=64M "$@" "$run_kind" 2>&1)
status=$?
printf '%s\n' "$output"
[ "$status" -eq 0 ] || { echo "heap_pages: the job exited with status $status" >&2; exit 1; }
found=$(printf '%s\n' "$output" | grep -Ec -- "$expect")
if [ "$found" -ne "$expected_lines" ]; then
  echo "heap_pages: $found lines say \"$expect\", $expected_lines expected" >&2
  exit 1
fi
echo "heap_pages: $kind: ok"
