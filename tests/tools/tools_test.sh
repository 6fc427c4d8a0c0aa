#!/bin/sh
# tools_test.sh STEP: tests the installed tree as a user sees it. Run by
# CTest (tests/tools.cmake), which passes the paths in the environment:
#   TOOLS_BUILD_DIR   the library's build tree (for the install step)
#   TOOLS_PREFIX      where the step "install" installs it, under the build tree
#   TOOLS_LIBDIR      the library directory relative to the prefix (lib, ...)
#   TOOLS_SOURCE_DIR  this directory: the test programs
#   TOOLS_EXAMPLES_DIR  the examples: cmake_project/, command_line/ and their sources
#   TOOLS_MAN_EXAMPLES_DIR  the man pages' examples, <page>.c (the build tree's man/examples)
#   TOOLS_WORK_DIR    a scratch directory for this step
#   TOOLS_MPI_FLAVOR  openmpi or mpich (Open MPI also runs 4 PEs)
#   TOOLS_MPI_C_COMPILER, TOOLS_MPI_CXX_COMPILER  the MPI compilers of the build
#   TOOLS_VERSION     the library version the package should report
#   TOOLS_MPI_INCLUDE_DIRS  MPI's include directories, ':'-separated
#   TOOLS_CMAKE       the cmake to run
#   TOOLS_FORTRAN     1 where the library was built with Fortran (oshfort)
#   TOOLS_F08         1 where it was built with the Fortran 2008 module (gfortran)
# Apart from "install", every step uses only what is under TOOLS_PREFIX.
set -eu
LC_ALL=C
export LC_ALL

step=${1:?usage: tools_test.sh install|oshrun|oshcc|oshcxx|wrappers|c99|mpp|hybrid|pkgconfig|command_line|cmake|exports|fortran|man|man_examples}
prefix=$TOOLS_PREFIX
libdir=$prefix/$TOOLS_LIBDIR
src=$TOOLS_SOURCE_DIR
examples=$TOOLS_EXAMPLES_DIR
work=$TOOLS_WORK_DIR

# oshrun itself must make Open MPI accept root and oversubscription.
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe

fail() {
  echo "FAIL ($step): $*" >&2
  exit 1
}

say() {
  echo "+ $*"
  "$@" || fail "command failed (status $?): $*"
}

pe_counts() {
  if [ "$TOOLS_MPI_FLAVOR" = openmpi ]; then echo 2 4; else echo 2; fi
}

# run_pes PROGRAM [args]: runs it with oshrun at each PE count; every PE
# must exit 0 and print its "PE x of N ok" line.
run_pes() {
  for np in $(pe_counts); do
    echo "+ oshrun -np $np $*"
    status=0
    output=$("$prefix/bin/oshrun" -np "$np" "$@" 2>&1) || status=$?
    printf '%s\n' "$output"
    [ "$status" -eq 0 ] || fail "oshrun -np $np $* exited with status $status"
    ok=$(printf '%s\n' "$output" | grep -Ec "PE [0-9]+ of $np ok" || true)
    [ "$ok" -eq "$np" ] || fail "$* on $np PEs: $ok of $np PEs reported ok"
  done
}

step_install() {
  rm -rf "$prefix"
  say "$TOOLS_CMAKE" --install "$TOOLS_BUILD_DIR" --prefix "$prefix"
  for file in bin/oshcc bin/oshc++ bin/oshCC bin/oshcxx bin/oshrun; do
    [ -x "$prefix/$file" ] || fail "$prefix/$file is missing or not executable"
  done
  for file in include/shmem.h include/shmemx.h include/pshmem.h include/mpp/shmem.h include/mpp/shmemx.h \
              include/shmem/tables.h include/shmem/generic.h; do
    [ -f "$prefix/$file" ] || fail "$prefix/$file is missing"
  done
  for file in libshmem.so libshmem.a pkgconfig/shmem.pc cmake/OpenSHMEM/OpenSHMEMConfig.cmake \
              cmake/OpenSHMEM/OpenSHMEMConfigVersion.cmake; do
    [ -f "$libdir/$file" ] || fail "$libdir/$file is missing"
  done
  for file in include/shmem.fh include/mpp/shmem.fh include/shmem_long.fh share/doc/shmem-mpi3/LICENSE; do
    [ -f "$prefix/$file" ] || fail "$prefix/$file is missing"
  done
  grep -q "PACKAGE_VERSION \"$TOOLS_VERSION\"" "$libdir/cmake/OpenSHMEM/OpenSHMEMConfigVersion.cmake" ||
    fail "OpenSHMEMConfigVersion.cmake does not give version $TOOLS_VERSION"
  if [ "${TOOLS_FORTRAN:-0}" = 1 ]; then
    for file in bin/oshfort bin/shmemfort bin/oshf77 bin/oshf90; do
      [ -x "$prefix/$file" ] || fail "$prefix/$file is missing or not executable"
    done
  fi
}

step_oshrun() {
  status=0
  output=$("$prefix/bin/oshrun" 2>&1) || status=$?
  printf '%s\n' "$output"
  [ "$status" -eq 2 ] || fail "oshrun without arguments: status $status, expected 2"
  printf '%s\n' "$output" | grep -q "usage: oshrun" || fail "oshrun without arguments printed no usage"
  for np in $(pe_counts); do
    echo "+ oshrun -np $np echo launched"
    count=$("$prefix/bin/oshrun" -np "$np" echo launched | grep -c launched) ||
      fail "oshrun -np $np echo launched failed"
    [ "$count" -eq "$np" ] || fail "oshrun -np $np started $count processes"
  done
}

step_oshcc() {
  say "$prefix/bin/oshcc" -std=c11 -Wall -Wextra -Werror "$src/c11_put.c" -o c11_put
  run_pes ./c11_put
  # No -lm: oshcc links the math library itself.
  say "$prefix/bin/oshcc" -std=c11 -Wall -Wextra -Werror "$src/c_libm.c" -o c_libm
  run_pes ./c_libm
}

step_oshcxx() {
  say "$prefix/bin/oshc++" -std=c++17 -Wall -Wextra -Werror "$src/cxx_put.cpp" -o cxx_put
  say "$prefix/bin/oshCC" -Wall -Wextra -Werror "$src/cxx_put.cpp" -o cxx_put_CC
  run_pes ./cxx_put
  say "$prefix/bin/oshcxx" -Wall -Wextra -Werror "$src/cxx_put.cpp" -o cxx_put_cxx
  run_pes ./cxx_put_CC
  run_pes ./cxx_put_cxx
}

# contains WHAT TEXT PART: TEXT (the output of WHAT) must contain PART.
contains() {
  case $2 in
    *"$3"*) ;;
    *) fail "$1 lacks '$3': $2" ;;
  esac
}

# check_wrapper TOOL C|FORTRAN: the wrapper's own options, as MPI's have them.
check_wrapper() {
  tool=$prefix/bin/$1
  for option in -show -showme --showme; do
    line=$("$tool" $option -O2 x.c -o x) || fail "$1 $option failed"
    echo "$1 $option: $line"
    for part in " -O2 x.c -o x " "-I$prefix/include" "-L$libdir" " -lshmem" " -lmpi"; do
      contains "$1 $option" "$line" "$part"
    done
    if [ "$2" = C ]; then
      for dir in $(echo "$TOOLS_MPI_INCLUDE_DIRS" | tr ':' ' '); do
        contains "$1 $option" "$line" "-I$dir"
      done
    fi
  done
  line=$("$tool" -showme) || fail "$1 -showme (no file) failed"
  for part in "-I$prefix/include" " -lshmem" " -lmpi"; do
    contains "$1 -showme (no file)" "$line" "$part"
  done
  compile=$("$tool" --showme:compile) || fail "$1 --showme:compile failed"
  contains "$1 --showme:compile" "$compile" "-I$prefix/include"
  link=$("$tool" --showme:link) || fail "$1 --showme:link failed"
  for part in "-L$libdir" "-lshmem" "-lmpi"; do contains "$1 --showme:link" "$link" "$part"; done
  version=$("$tool" --version) || fail "$1 --version failed"
  contains "$1 --version" "$version" "$1 (shmem-mpi3) $TOOLS_VERSION"
  [ "$(printf '%s\n' "$version" | wc -l)" -eq 2 ] || fail "$1 --version: not 2 lines: $version"
  help=$("$tool" --help) || fail "$1 --help failed"
  for part in "usage: $1" "--showme:compile" "--showme:link"; do contains "$1 --help" "$help" "$part"; done
  status=0
  "$tool" 2>usage.txt || status=$?
  [ "$status" -eq 1 ] || fail "$1 without arguments: status $status, expected 1"
  contains "$1 without arguments" "$(cat usage.txt)" "usage: $1"
}

# The compilers' and oshrun's own options; what -showme and --showme:compile
# / --showme:link print builds programs that run; shmemx.h's version macros.
step_wrappers() {
  for tool in oshcc oshc++ oshCC oshcxx; do check_wrapper "$tool" C; done
  if [ "${TOOLS_FORTRAN:-0}" = 1 ]; then
    for tool in oshfort shmemfort oshf77 oshf90; do check_wrapper "$tool" Fortran; done
  fi
  command=$("$prefix/bin/oshcc" -showme -std=c11 "$src/c11_put.c" -o c11_shown)
  say sh -c "$command"
  run_pes ./c11_shown
  # shellcheck disable=SC2046
  say cc -std=c11 $("$prefix/bin/oshcc" --showme:compile) -c "$src/c11_put.c" -o c11_flags.o
  # shellcheck disable=SC2046
  say cc c11_flags.o $("$prefix/bin/oshcc" --showme:link) -o c11_flags
  run_pes ./c11_flags
  help=$("$prefix/bin/oshrun" --help) || fail "oshrun --help failed"
  contains "oshrun --help" "$help" "usage: oshrun"
  version=$("$prefix/bin/oshrun" --version) || fail "oshrun --version failed"
  contains "oshrun --version" "$version" "oshrun (shmem-mpi3) $TOOLS_VERSION"
  printf '%s\n' "$version" | sed -n 2p | grep -q '[0-9]' || fail "oshrun --version gives no launcher version: $version"
  check_version_macros
}

# shmemx.h's SHMEMX_LIBRARY_VERSION and _MAJOR/_MINOR/_PATCH, and the
# vendor string, give the installed version.
check_version_macros() {
  cat > version.c <<'EOF'
#include <shmemx.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  printf("%s %d.%d.%d %d\n", SHMEMX_LIBRARY_VERSION, SHMEMX_LIBRARY_VERSION_MAJOR,
         SHMEMX_LIBRARY_VERSION_MINOR, SHMEMX_LIBRARY_VERSION_PATCH,
         strstr(SHMEM_VENDOR_STRING, SHMEMX_LIBRARY_VERSION) != NULL);
  return 0;
}
EOF
  say "$prefix/bin/oshcc" -std=c11 -Wall -Werror version.c -o version
  got=$(./version) || fail "./version failed"
  [ "$got" = "$TOOLS_VERSION $TOOLS_VERSION 1" ] ||
    fail "shmemx.h's version macros give '$got', expected '$TOOLS_VERSION $TOOLS_VERSION 1'"
}

step_c99() {
  say "$prefix/bin/oshcc" -std=c99 -pedantic -Wall -Wextra -Werror "$src/c99_typed.c" -o c99_typed
  run_pes ./c99_typed
}

step_mpp() {
  say "$prefix/bin/oshcc" -c -Wall -Wextra -Wno-deprecated-declarations "$src/mpp_legacy.c" \
    -o mpp_legacy.o
  [ -f mpp_legacy.o ] || fail "oshcc -c made no object file"
  [ ! -e a.out ] || fail "oshcc -c linked an a.out"
  say "$prefix/bin/oshcc" mpp_legacy.o -o mpp_legacy
  run_pes ./mpp_legacy
}

# A hybrid MPI + OpenSHMEM program built with oshcc and started with oshrun,
# in every order of initialization and finalization (tests/pe/setup_mpi_order.c).
step_hybrid() {
  say "$prefix/bin/oshcc" -std=c11 -Wall -Wextra -Werror -I"$src/../pe" \
    "$src/../pe/setup_mpi_order.c" -o setup_mpi_order
  for order in "shmem shmem" "shmem mpi" "mpi shmem" "mpi mpi" "shmem mpi funneled"; do
    # shellcheck disable=SC2086
    run_pes ./setup_mpi_order $order
  done
}

step_pkgconfig() {
  PKG_CONFIG_PATH=$libdir/pkgconfig
  export PKG_CONFIG_PATH
  say pkg-config --exists shmem
  version=$(pkg-config --modversion shmem)
  [ "$version" = "$TOOLS_VERSION" ] || fail "pkg-config --modversion: $version, expected $TOOLS_VERSION"
  includedir=$(pkg-config --variable=includedir shmem)
  pc_libdir=$(pkg-config --variable=libdir shmem)
  [ -f "$includedir/shmem.h" ] ||
    fail "shmem.pc gives includedir=$includedir, which has no shmem.h (installed in $prefix)"
  [ -f "$pc_libdir/libshmem.so" ] ||
    fail "shmem.pc gives libdir=$pc_libdir, which has no libshmem.so (installed in $libdir)"
  flags=$(pkg-config --cflags --libs shmem)
  echo "pkg-config --cflags --libs shmem: $flags"
  # shellcheck disable=SC2086
  say cc -std=c11 -Wall -Wextra "$src/c11_put.c" $flags -o c11_pkgconfig
  run_pes ./c11_pkgconfig
}

# examples/command_line/build.sh as its comment tells a user to run it: the
# installed bin/ on PATH, shmem.pc on PKG_CONFIG_PATH. ring prints one line.
step_command_line() {
  PATH=$prefix/bin:$PATH
  PKG_CONFIG_PATH=$libdir/pkgconfig
  export PATH PKG_CONFIG_PATH
  say sh "$examples/command_line/build.sh"
  for program in ring_oshcc ring_pkgconfig; do
    for np in $(pe_counts); do
      echo "+ oshrun -np $np ./$program"
      output=$(oshrun -np "$np" "./$program" 2>&1) || fail "./$program on $np PEs failed: $output"
      printf '%s\n' "$output"
      printf '%s\n' "$output" | grep -q "^ring: $np PEs, .*: ok$" ||
        fail "./$program on $np PEs did not report ok"
    done
  done
}

step_cmake() {
  rm -rf project
  say "$TOOLS_CMAKE" -S "$examples/cmake_project" -B project -DCMAKE_PREFIX_PATH="$prefix" \
    -DMPI_C_COMPILER="$TOOLS_MPI_C_COMPILER" -DMPI_CXX_COMPILER="$TOOLS_MPI_CXX_COMPILER"
  found=$(sed -n 's/^OpenSHMEM_DIR:PATH=//p' project/CMakeCache.txt)
  [ "$found" = "$libdir/cmake/OpenSHMEM" ] ||
    fail "find_package(OpenSHMEM) used $found, not the installed $libdir/cmake/OpenSHMEM"
  say "$TOOLS_CMAKE" --build project
  run_pes ./project/consumer
  run_pes ./project/consumer_cxx
  if [ "${TOOLS_FORTRAN:-0}" = 1 ]; then
    consumers=consumer_fortran
    [ "${TOOLS_F08:-0}" = 1 ] && consumers="$consumers consumer_f08"
    for consumer in $consumers; do
      [ -x "project/$consumer" ] || fail "the CMake project built no $consumer"
      output=$("$prefix/bin/oshrun" -np 2 "./project/$consumer" 2>&1) ||
        fail "$consumer failed: $output"
      printf '%s\n' "$output" | grep -q "^ring: 2 PEs, .*: ok$" || fail "$consumer did not report ok"
    done
  fi
}

# The names declared with SHMEM_API in the installed headers (pshmem.h
# includes shmem.h), one a line.
declared_names() {
  printf '#include <pshmem.h>\n#include <shmemx.h>\n#include <mpp/shmem.h>\n' > declared.c
  cc -std=c11 -E -P -I"$prefix/include" declared.c > declared.i ||
    fail "cannot preprocess the installed headers"
  # One declaration a line; keep those marked default-visible; the name is
  # the identifier before the parameter list, or the last one for data.
  tr '\n' ' ' < declared.i | tr ';' '\n' |
    grep 'visibility *( *"default" *)' |
    sed -e 's/.*visibility *( *"default" *) *) *)//' -e 's/(.*//' \
        -e 's/[^A-Za-z0-9_]*$//' -e 's/.*[^A-Za-z0-9_]//' |
    sort -u
}

step_exports() {
  lib=$libdir/libshmem.so
  nm -D --defined-only "$lib" | awk 'NF >= 3 { print $2, $3 }' > exported_all.txt ||
    fail "nm -D failed on $lib"
  # MPI's initialization and finalization routines, for hybrid programs
  # (weak, so that a profiling tool may define them); the rest is the API.
  mpi_names='W MPI_(Init|Init_thread|Initialized|Finalize|Finalized)'
  [ "$(grep -cxE "$mpi_names" exported_all.txt)" -eq 5 ] ||
    fail "MPI_Init, MPI_Init_thread, MPI_Initialized, MPI_Finalize, MPI_Finalized are not all" \
         "exported as weak (W) definitions: $(grep ' MPI_' exported_all.txt | tr '\n' ' ')"
  grep -vxE "$mpi_names" exported_all.txt > exported.txt
  # shmemi_ names are the data behind SHMEM_CTX_DEFAULT and the team handles.
  awk '
    $2 ~ /^p?shmemx?_/ { next }
    $2 ~ /^p?(start_pes|_my_pe|_num_pes|my_pe|num_pes|shmalloc|shfree|shrealloc|shmemalign)$/ { next }
    $2 ~ /^(start_pes|my_pe|num_pes|shpalloc|shpdeallc|shpclmove)_$/ && $1 == "T" { next }
    $2 ~ /^shmemi_/ && $1 ~ /^[BDGRSV]$/ { next }
    { print $1, $2 }' exported.txt > offenders.txt
  declared_names > declared.txt
  count=$(wc -l < declared.txt)
  [ "$count" -ge 100 ] || fail "found only $count declarations in shmem.h; the extraction is broken"
  awk '{ print $2 }' exported.txt | sort -u > exported_names.txt
  comm -23 declared.txt exported_names.txt > missing.txt
  if [ -s offenders.txt ]; then
    echo "libshmem.so exports symbols outside the OpenSHMEM API (type, name):" >&2
    sed 's/^/  /' offenders.txt >&2
  fi
  if [ -s missing.txt ]; then
    echo "declared with SHMEM_API in the installed headers but not exported by libshmem.so:" >&2
    sed 's/^/  /' missing.txt >&2
  fi
  [ ! -s offenders.txt ] && [ ! -s missing.txt ] ||
    fail "$(wc -l < offenders.txt) symbols exported that should not be," \
         "$(wc -l < missing.txt) declared names not exported (lists above)"
  echo "libshmem.so: $(wc -l < exported.txt) exported symbols, all $count declared names present"
  for name in shmem_integer_put_ shmem_real16_sum_to_all_ shmem_int8_fadd_ shpalloc_ start_pes_; do
    grep -qx "T $name" exported.txt || fail "the Fortran routine $name is not exported"
  done
  echo "Fortran: $(grep -c '_$' exported.txt) routines"
  check_profiling_names
}

# The profiling interface: every routine is defined as pNAME (T) and NAME
# is its weak alias (W), so a tool's own NAME wins at link time; pshmem.h
# declares the shifted name of every routine shmem.h declares.
check_profiling_names() {
  awk '$1 == "W" { print $2 }' exported.txt | sort > weak.txt
  # (The Fortran routines, NAME_, have no profiling names.)
  awk '$1 == "T" && $2 !~ /_$/ { print $2 }' exported.txt | sort > strong.txt
  sed 's/^/p/' weak.txt | comm -3 - strong.txt > unpaired.txt
  if [ -s unpaired.txt ]; then
    echo "routines without their pair of weak NAME and strong pNAME:" >&2
    sed 's/^/  /' unpaired.txt >&2
    fail "$(wc -l < unpaired.txt) unpaired routines"
  fi
  for name in shmem_long_put shmem_init start_pes shmem_ctx_int_atomic_fetch_add shmem_pcontrol; do
    grep -qx "W $name" exported.txt || fail "$name is not a weak (W) symbol"
    grep -qx "T p$name" exported.txt || fail "p$name is not a defined (T) symbol"
  done
  shmem_count=$(grep -c '^shmem_' weak.txt)
  pshmem_count=$(grep -c '^pshmem_' strong.txt)
  [ "$shmem_count" -eq "$pshmem_count" ] ||
    fail "$shmem_count shmem_ routines but $pshmem_count pshmem_ routines"
  grep -v '^shmemi_' declared.txt | grep -v '^p' | sed 's/^/p/' > want_shifted.txt
  grep '^p' declared.txt | comm -23 want_shifted.txt - > undeclared.txt
  [ ! -s undeclared.txt ] ||
    fail "pshmem.h lacks $(wc -l < undeclared.txt) shifted names, e.g. $(head -n 3 undeclared.txt | tr '\n' ' ')"
  echo "profiling: $shmem_count shmem_ routines, each a weak alias of its pshmem_ routine"
}

# run_ring PROGRAM: a ring example on each PE count; it must report ok.
run_ring() {
  for np in $(pe_counts); do
    output=$("$prefix/bin/oshrun" -np "$np" "./$1" 2>&1) || fail "$1 on $np PEs failed: $output"
    printf '%s\n' "$output"
    printf '%s\n' "$output" | grep -q "^ring: $np PEs, .*: ok$" || fail "$1 on $np PEs did not report ok"
  done
}

# The Fortran binding as a user meets it: a 1.3-era fixed-form program and
# the Fortran examples (ring.f; ring.f90, which uses the module) built with
# oshfort (and its aliases), and with a plain gfortran and the flags of shmem.pc.
step_fortran() {
  if [ "${TOOLS_FORTRAN:-0}" != 1 ]; then
    echo "tools_test fortran: the library was built without Fortran; nothing to test"
    return
  fi
  say "$prefix/bin/oshfort" -Wall "$src/f_legacy.f" -o f_legacy
  run_pes ./f_legacy
  say "$prefix/bin/shmemfort" "$src/f_legacy.f" -o f_legacy_shmemfort
  run_pes ./f_legacy_shmemfort
  # shmem_long.fh: the type of every function, for IMPLICIT NONE programs.
  say "$prefix/bin/oshfort" -Wall "$src/../fortran/f_long_header.f90" -o f_long_header
  run_pes ./f_long_header
  say "$prefix/bin/oshf90" -O2 "$examples/ring.f" -o ring_f
  run_ring ring_f
  # The Fortran 2008 module: oshfort's -I finds the installed shmem.mod.
  if [ "${TOOLS_F08:-0}" = 1 ]; then
    [ -f "$prefix/include/shmem.mod" ] && [ -f "$prefix/include/shmem.f90" ] ||
      fail "shmem.mod or shmem.f90 is not installed in $prefix/include"
    say "$prefix/bin/oshfort" -Wall -O2 "$examples/ring.f90" -o ring_f08
    run_ring ring_f08
  fi
  PKG_CONFIG_PATH=$libdir/pkgconfig
  export PKG_CONFIG_PATH
  fflags=$(pkg-config --variable=fflags shmem)
  [ -n "$fflags" ] || fail "shmem.pc has no fflags variable"
  # shellcheck disable=SC2046,SC2086
  say gfortran $fflags $(pkg-config --cflags shmem) "$src/f_legacy.f" $(pkg-config --libs shmem) \
    -o f_legacy_pkgconfig
  run_pes ./f_legacy_pkgconfig
}

# The man pages (man/README.md): every routine libshmem.so exports opens a
# page with man-db's man -w (Fortran routines, NAME_, under NAME), and the
# pages render without warnings.
step_man() {
  mandir=$prefix/share/man
  [ -d "$mandir/man3" ] || fail "$mandir/man3 is missing"
  command -v man >/dev/null 2>&1 || fail "man (man-db) is not installed; scripts/deps.sh installs it"
  nm -D --defined-only "$libdir/libshmem.so" | awk 'NF >= 3 { print $3 }' |
    grep -E '^(shmemx?_|start_pes|_my_pe|_num_pes|my_pe|num_pes|shmalloc|shfree|shrealloc|shmemalign|shp)' |
    grep -v '^shmemi_' | sed 's/_$//' | sort -u > routines.txt || fail "nm -D failed on libshmem.so"
  count=$(wc -l < routines.txt)
  [ "$count" -ge 1000 ] || fail "found only $count exported routines; the extraction is broken"
  # A routine opens a page where man3 has its file (a page or a stub whose
  # target is there): one listing, not a man process per routine.
  for target in $(grep -h '^\.so ' "$mandir"/man3/*.3 | sed 's/^\.so //' | sort -u); do
    [ -f "$mandir/$target" ] || fail "a stub points to $target, which is not installed"
  done
  (cd "$mandir/man3" && ls -- *.3) | sed 's/\.3$//' | sort -u > have_page.txt
  comm -23 routines.txt have_page.txt > no_page.txt
  if [ -s no_page.txt ]; then
    sed 's/^/  /' no_page.txt >&2
    fail "$(wc -l < no_page.txt) of $count exported routines open no man page (list above)"
  fi
  pages=$(grep -L '^\.so ' "$mandir"/man3/*.3 | wc -l)
  for page in $(grep -L '^\.so ' "$mandir"/man3/*.3); do
    warnings=$(groff -man -ww -z "$page" 2>&1) || fail "groff failed on $page: $warnings"
    [ -z "$warnings" ] || fail "groff warns about $page: $warnings"
  done
  text=$(MANWIDTH=80 man -M "$mandir" shmem_int_put 2>&1) || fail "man shmem_int_put failed: $text"
  printf '%s\n' "$text" | grep -q '^SHMEM_PUT(3)' || fail "man shmem_int_put did not show the shmem_put page"
  echo "man: $count exported routines, each opens one of $pages pages"
}

# The EXAMPLE of every installed man page (make_man writes it to
# man/examples/<page>.c) compiles with oshcc -Wall -Wextra -Werror and runs
# on 2 PEs with oshrun within 60 s. An example may call its own page's
# deprecated routines (shmem_barrier, shmem_to_all), and only those:
# deprecation warnings stay warnings, and each must name a routine of the page.
step_man_examples() {
  count=0
  failed=""
  for page in $(grep -L '^\.so ' "$prefix"/share/man/man3/*.3); do
    page=$(basename "$page" .3)
    count=$((count + 1))
    man_example "$page" "$TOOLS_MAN_EXAMPLES_DIR/$page.c" || failed="$failed $page"
  done
  [ -z "$failed" ] || fail "the examples of these man pages fail (output above):$failed"
  [ "$count" -ge 50 ] || fail "found only $count installed man pages"
  echo "man_examples: the examples of all $count man pages compile and run on 2 PEs"
}

# example_failed PAGE WHAT OUTPUT: reports a failing example.
example_failed() {
  printf 'FAIL: the example of %s %s:\n%s\n' "$1" "$2" "$3" >&2
}

# man_example PAGE SOURCE: compiles the example to ./PAGE and runs it.
man_example() {
  [ -f "$2" ] || { example_failed "$1" "is missing" "$2"; return 1; }
  echo "+ oshcc $2 -o $1 && oshrun -np 2 ./$1"
  output=$("$prefix/bin/oshcc" -Wall -Wextra -Werror -Wno-error=deprecated-declarations \
    "$2" -o "$1" 2>&1) || { example_failed "$1" "does not compile" "$output"; return 1; }
  deprecated=$(printf '%s\n' "$output" | sed -n "s/.*'\([A-Za-z0-9_]*\)' is deprecated.*/\1/p")
  [ -z "$output" ] || [ -n "$deprecated" ] || { example_failed "$1" "warns" "$output"; return 1; }
  for name in $deprecated; do
    [ "$name" = "$1" ] || grep -qx ".so man3/$1.3" "$prefix/share/man/man3/$name.3" 2>/dev/null ||
      { example_failed "$1" "calls $name, deprecated and not of this page" "$output"; return 1; }
  done
  status=0
  output=$(timeout -k 5 60 "$prefix/bin/oshrun" -np 2 "./$1" 2>&1) || status=$?
  case $status in
    0) return 0 ;;
    124 | 137) example_failed "$1" "hangs (killed after 60 s)" "$output" ;;
    *) example_failed "$1" "exits with status $status" "$output" ;;
  esac
  return 1
}

rm -rf "$work"
mkdir -p "$work"
cd "$work"
case "$step" in
  install | oshrun | oshcc | oshcxx | wrappers | c99 | mpp | hybrid | pkgconfig | command_line | cmake | exports | fortran | man | \
  man_examples)
    "step_$step" ;;
  *) fail "unknown step" ;;
esac
echo "tools_test $step: ok"
