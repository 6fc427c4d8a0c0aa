#!/bin/sh
# fortran_long_header_test.sh: oshfort --long-header as a user meets it, in
# the installed tree (the fixture of tests/tools.cmake's step "install";
# paths in the same TOOLS_* environment as tools_test.sh). f_mpp_long_header.f
# is a program written for a long shmem.fh: it includes only
# 'mpp/shmem.fh' ('shmem.fh' in a subroutine) and declares none of the
# functions it calls, under IMPLICIT NONE.
#  - With --long-header, and with OSHFORT_LONG_HEADER=1, it compiles and
#    runs on 2 PEs, every PE printing "PE x of 2 ok".
#  - Without, it must not compile: the default shmem.fh declares only
#    SHMEM_PTR and the LOGICAL queries, so SHMEM_MY_PE & co. have no type.
#  - f_mpp_long_implicit.f, the same without IMPLICIT NONE, runs with the
#    option; without, it compiles (implicit typing) but gets wrong values.
#  - A program that declares a function itself (f_legacy.f: INTEGER*4
#    SHMEM_INT4_FADD) compiles by default and not with --long-header (a
#    second declaration of a name), which is why the long form is a choice.
#  - -showme and --showme:compile put the long header's directory first.
set -eu
LC_ALL=C
export LC_ALL

prefix=$TOOLS_PREFIX
src=$TOOLS_SOURCE_DIR
work=$TOOLS_WORK_DIR
oshfort=$prefix/bin/oshfort
long_dir=$prefix/include/shmem/long-header
# oshrun itself must make Open MPI accept root and oversubscription.
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe OSHFORT_LONG_HEADER

fail() {
  echo "FAIL (fortran_long_header): $*" >&2
  exit 1
}

say() {
  echo "+ $*"
  "$@" || fail "command failed (status $?): $*"
}

# run2 PROGRAM: runs it on 2 PEs; both must exit 0 and print their ok line.
run2() {
  echo "+ oshrun -np 2 $1"
  status=0
  output=$("$prefix/bin/oshrun" -np 2 "$1" 2>&1) || status=$?
  printf '%s\n' "$output"
  [ "$status" -eq 0 ] || fail "$1 on 2 PEs exited with status $status"
  ok=$(printf '%s\n' "$output" | grep -Ec "^PE [01] of 2 ok$" || true)
  [ "$ok" -eq 2 ] || fail "$1 on 2 PEs: $ok of 2 PEs reported ok"
}

# compile_fails WHY EXPECTED ARGS...: oshfort ARGS must fail, and its
# messages contain EXPECTED (an extended regular expression).
compile_fails() {
  why=$1
  expected=$2
  shift 2
  echo "+ oshfort $* (must fail: $why)"
  status=0
  output=$("$oshfort" "$@" 2>&1) || status=$?
  printf '%s\n' "$output" | head -n 12
  [ "$status" -ne 0 ] || fail "oshfort $* compiled, but should not have: $why"
  printf '%s\n' "$output" | grep -Eiq "$expected" ||
    fail "oshfort $* failed, but not with a message matching '$expected'"
}

rm -rf "$work"
mkdir -p "$work"
cd "$work"

[ -x "$oshfort" ] || fail "$oshfort is missing (is the library built with Fortran?)"
for file in shmem.fh mpp/shmem.fh; do
  [ -f "$long_dir/$file" ] || fail "$long_dir/$file is not installed"
  grep -q '^      INTEGER SHMEM_MY_PE$' "$long_dir/$file" ||
    fail "$long_dir/$file does not declare SHMEM_MY_PE"
done
! grep -q 'SHMEM_MY_PE$' "$prefix/include/shmem.fh" ||
  fail "the default shmem.fh declares SHMEM_MY_PE: it must stay the short form"

program=$src/f_mpp_long_header.f
say "$oshfort" --long-header "$program" -o long_option
run2 ./long_option
echo "+ OSHFORT_LONG_HEADER=1 oshfort $program"
OSHFORT_LONG_HEADER=1 "$oshfort" "$program" -o long_env || fail "OSHFORT_LONG_HEADER=1 oshfort failed"
run2 ./long_env
say "$prefix/bin/oshf77" --long-header -c "$program" -o long_oshf77.o

compile_fails "the default shmem.fh leaves SHMEM_MY_PE, the AMOs, ... untyped under IMPLICIT NONE" \
  "shmem_(my_pe|n_pes|int8_swap|int4_fadd).*no IMPLICIT type" "$program" -o long_default
status=0
OSHFORT_LONG_HEADER=0 "$oshfort" -c "$program" -o long_env0.o 2>/dev/null || status=$?
[ "$status" -ne 0 ] || fail "OSHFORT_LONG_HEADER=0 compiled the long-header program: 0 must mean the default"
status=0
OSHFORT_LONG_HEADER=yes "$oshfort" -c "$program" 2>env_bad.txt || status=$?
if [ "$status" -eq 0 ] || ! grep -q "OSHFORT_LONG_HEADER must be 0 or 1" env_bad.txt; then
  fail "OSHFORT_LONG_HEADER=yes was not refused: $(cat env_bad.txt)"
fi

# Without IMPLICIT NONE the same kind of program compiles either way, and
# only the long header gives the AMOs their types (by default they are
# implicitly REAL: wrong values, not checked here as they are undefined).
say "$oshfort" --long-header "$src/f_mpp_long_implicit.f" -o implicit_long
run2 ./implicit_long
say "$oshfort" -c "$src/f_mpp_long_implicit.f" -o implicit_default.o

say "$oshfort" -c "$src/f_legacy.f" -o legacy_default.o
compile_fails "f_legacy.f declares INTEGER*4 SHMEM_INT4_FADD, which the long header declares too" \
  "shmem_int4_fadd.*already has basic type" --long-header -c "$src/f_legacy.f" -o legacy_long.o

# -showme and --showme:compile: the long directory before the default one.
for command in "--showme:compile" "-showme -c x.f"; do
  # shellcheck disable=SC2086
  line=$("$oshfort" --long-header $command) || fail "oshfort --long-header $command failed"
  echo "oshfort --long-header $command: $line"
  case $line in
    *"-I$long_dir "*"-I$prefix/include "*) ;;
    *) fail "oshfort --long-header $command does not put -I$long_dir before -I$prefix/include" ;;
  esac
  # shellcheck disable=SC2086
  line=$("$oshfort" $command) || fail "oshfort $command failed"
  case $line in
    *long-header*) fail "oshfort $command names the long header without the option: $line" ;;
  esac
done
help=$("$oshfort" --help) || fail "oshfort --help failed"
case $help in
  *--long-header*OSHFORT_LONG_HEADER*) ;;
  *) fail "oshfort --help does not describe --long-header and OSHFORT_LONG_HEADER" ;;
esac
case $("$prefix/bin/oshcc" --help) in
  *long-header*) fail "oshcc --help offers --long-header, which only the Fortran wrappers take" ;;
esac
echo "fortran_long_header: ok"
