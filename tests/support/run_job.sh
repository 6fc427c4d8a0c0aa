# Sourced by expect_failure.sh and expect_output.sh: run_job command...
# runs the job, prints its output (stdout and stderr) and keeps it in
# $output, its exit status in $status.
run_job() {
  output=$("$@" 2>&1)
  status=$?
  printf '%s\n' "$output"
}
