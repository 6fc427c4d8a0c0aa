#!/bin/sh
# shm_unchanged.sh command...: runs the command (whatever its status: other
# tests check that) and fails if /dev/shm holds an entry afterwards that it
# did not hold before: the library must leave nothing behind, however the
# job ended.
list() { ls -1 /dev/shm 2>/dev/null | sort; }
before=$(list)
"$@" >/dev/null 2>&1
sleep 1 # let the launcher's cleanup finish
new=$(list | comm -13 -- /dev/fd/3 - 3<<EOF2
$before
EOF2
)
if [ -n "$new" ]; then
  echo "shm_unchanged: new in /dev/shm after: $*"
  printf '  %s\n' $new
  exit 1
fi
echo "shm_unchanged: nothing new in /dev/shm"
