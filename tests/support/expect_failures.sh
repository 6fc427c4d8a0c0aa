#!/bin/sh
# expect_failures.sh COUNT REGEX FORBIDDEN command...: passes when the
# command exits non-zero, at least COUNT lines of its output match REGEX
# (a message from each PE that failed) and none matches FORBIDDEN (what a
# launcher prints when the PEs' aborts cross).
count=$1
regex=$2
forbidden=$3
shift 3
. "$(dirname "$0")/run_job.sh"
run_job "$@"
if [ "$status" -eq 0 ]; then
  echo "expect_failures: the job exited with status 0; a failure was expected" >&2
  exit 1
fi
found=$(printf '%s\n' "$output" | grep -Ec -- "$regex")
if [ "$found" -lt "$count" ]; then
  echo "expect_failures: $found lines match, at least $count expected: $regex" >&2
  exit 1
fi
if printf '%s\n' "$output" | grep -Eq -- "$forbidden"; then
  echo "expect_failures: the output has lines it should not: $forbidden" >&2
  exit 1
fi
echo "expect_failures: status $status, $found messages, none of the others: ok"
