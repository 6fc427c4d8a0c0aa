#!/bin/sh
# shm_unchanged.sh [--status N] [--within SECONDS] [--match REGEX] command...
# Runs the command and fails if /dev/shm holds an entry afterwards that it
# did not hold before: the library must leave nothing behind, however the
# job ended. With the options it also fails unless the command exits with
# status N, within SECONDS, with output (stdout and stderr) matching the
# extended regular expression REGEX; without them its status and output
# are not checked (other tests do). As root it runs in a mount namespace of
# its own with an empty /dev/shm, so that other jobs on the machine cannot
# disturb the check; otherwise it compares the shared /dev/shm before and
# after.
if [ -z "$SHM_UNCHANGED_PRIVATE" ] && [ "$(id -u)" -eq 0 ] &&
  unshare --mount --propagation private true 2>/dev/null; then
  export SHM_UNCHANGED_PRIVATE=1
  exec unshare --mount --propagation private sh -c \
    'mount -t tmpfs shm /dev/shm && exec "$0" "$@"' "$0" "$@"
fi
want_status="" within="" regex=""
while :; do
  case "$1" in
  --status) want_status=$2; shift 2 ;;
  --within) within=$2; shift 2 ;;
  --match) regex=$2; shift 2 ;;
  *) break ;;
  esac
done
list() { ls -1 /dev/shm 2>/dev/null | sort; }
fail() { echo "shm_unchanged: $*" >&2; failed=1; }
failed=0
before=$(list)
started=$(date +%s)
output=$("$@" 2>&1)
status=$?
took=$(($(date +%s) - started))
printf '%s\n' "$output"
echo "shm_unchanged: status $status after ${took} s"
[ -n "$want_status" ] && [ "$status" -ne "$want_status" ] &&
  fail "status $status, expected $want_status"
[ -n "$within" ] && [ "$took" -gt "$within" ] && fail "took ${took} s, more than $within"
[ -n "$regex" ] && ! printf '%s\n' "$output" | grep -Eq -- "$regex" &&
  fail "the output does not match: $regex"
sleep 1 # let the launcher's cleanup finish
new=$(list | comm -13 -- /dev/fd/3 - 3<<EOF2
$before
EOF2
)
if [ -n "$new" ]; then
  fail "new in /dev/shm after: $*"
  printf '  %s\n' $new
fi
[ "$failed" -eq 0 ] || exit 1
echo "shm_unchanged: nothing new in /dev/shm${SHM_UNCHANGED_PRIVATE:+ (a private /dev/shm)}"
