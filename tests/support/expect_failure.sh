#!/bin/sh
# expect_failure.sh REGEX command...: passes when the command exits non-zero
# and its output (stdout and stderr) matches the extended regular expression.
regex=$1
shift
. "$(dirname "$0")/run_job.sh"
run_job "$@"
if [ "$status" -eq 0 ]; then
  echo "expect_failure: the job exited with status 0; a failure was expected" >&2
  exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq -- "$regex"; then
  echo "expect_failure: status $status, but the output does not match: $regex" >&2
  exit 1
fi
echo "expect_failure: status $status and the expected message: ok"
