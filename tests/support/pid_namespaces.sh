#!/bin/sh
# pid_namespaces.sh command...: runs each PE of the job in a PID namespace
# of its own, with its own /proc, as containers run ranks: `command...` is
# the launcher and its options, and this script is given to it as the
# program's wrapper by running itself. Skips (exit 77) where namespaces
# cannot be made (not root, or a container that forbids them).
if [ "$1" = --pe ]; then
  shift
  # TEST_PE_PRELOAD: preloaded into the PE alone, not the launcher
  [ -n "${TEST_PE_PRELOAD:-}" ] && set -- env LD_PRELOAD="$TEST_PE_PRELOAD" "$@"
  exec unshare --pid --fork --mount-proc "$@"
fi
if ! unshare --pid --fork --mount-proc true 2>/dev/null; then
  echo "pid_namespaces: skipped: unshare --pid --mount-proc is not allowed here"
  exit 77
fi
exec "$@"
