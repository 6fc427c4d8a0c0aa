#!/bin/sh
# expect_output.sh COUNT REGEX command...: passes when the command exits 0
# and exactly COUNT lines of its output (stdout and stderr) match the
# extended regular expression: a message printed once per job, or never.
count=$1
regex=$2
shift 2
. "$(dirname "$0")/run_job.sh"
run_job "$@"
if [ "$status" -ne 0 ]; then
  echo "expect_output: the job exited with status $status; 0 was expected" >&2
  exit 1
fi
found=$(printf '%s\n' "$output" | grep -Ec -- "$regex")
if [ "$found" -ne "$count" ]; then
  echo "expect_output: $found lines match, $count expected: $regex" >&2
  exit 1
fi
echo "expect_output: status 0 and $count matching lines: ok"
