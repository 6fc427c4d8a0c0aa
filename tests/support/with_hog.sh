#!/bin/sh
# with_hog.sh command...: runs the command on a starved machine: one busy
# loop per CPU runs as long as the command does (at most 300 s, should this
# script be killed), and the command's status is the script's.
hogs=""
stop_hogs() {
  for hog in $hogs; do kill "$hog" 2>/dev/null; done
}
trap stop_hogs EXIT
trap 'exit 143' INT TERM
cpus=$(nproc)
while [ "$cpus" -gt 0 ]; do
  timeout 300 sh -c 'while :; do :; done' &
  hogs="$hogs $!"
  cpus=$((cpus - 1))
done
"$@"
