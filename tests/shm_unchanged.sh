#!/bin/sh
# shm_unchanged.sh command...: runs the command (whatever its status: other
# tests check that) and fails if /dev/shm holds an entry afterwards that it
# did not hold before: the library must leave nothing behind, however the
# job ended. As root it runs in a mount namespace of its own with an empty
# /dev/shm, so that other jobs on the machine cannot disturb the check;
# otherwise it compares the shared /dev/shm before and after.
if [ -z "$SHM_UNCHANGED_PRIVATE" ] && [ "$(id -u)" -eq 0 ] &&
  unshare --mount --propagation private true 2>/dev/null; then
  export SHM_UNCHANGED_PRIVATE=1
  exec unshare --mount --propagation private sh -c \
    'mount -t tmpfs shm /dev/shm && exec "$0" "$@"' "$0" "$@"
fi
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
echo "shm_unchanged: nothing new in /dev/shm${SHM_UNCHANGED_PRIVATE:+ (a private /dev/shm)}"
