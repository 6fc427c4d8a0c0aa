#!/bin/sh
# expect_status.sh STATUS REGEX command...: passes when the command exits
# with exactly STATUS and its output (stdout and stderr) matches the
# extended regular expression (a job that a preloaded checker ends with its
# own status, and its message).
want=$1
regex=$2
shift 2
. "$(dirname "$0")/run_job.sh"
run_job "$@"
if [ "$status" -ne "$want" ]; then
  echo "expect_status: the job exited with status $status; $want was expected" >&2
  exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq -- "$regex"; then
  echo "expect_status: status $status, but the output does not match: $regex" >&2
  exit 1
fi
echo "expect_status: status $status and the expected message: ok"
