#!/bin/sh
# man_test.sh: the installed man pages as a reader meets them (man/README.md).
# Run by CTest after the tools' install step (tests/tools.cmake), with the
# environment of tools_test.sh (TOOLS_PREFIX, TOOLS_SOURCE_DIR, TOOLS_WORK_DIR,
# TOOLS_FORTRAN, ...). Checks that
# - the tools' section-1 pages (oshcc, oshc++, oshCC, oshcxx, oshrun, and oshfort
#   with its other names where Fortran is built) and intro_shmem(3) are
#   installed and open with man;
# - every page of man1 and man3 renders with man --warnings without a
#   warning;
# - intro_shmem's ENVIRONMENT VARIABLES lists exactly the variables of
#   SHMEMI_ENV_TABLE (src/base/config.hpp), with their defaults, and the
#   same ones SHMEM_INFO=1 prints;
# - DESCRIPTION starts within MAN_DESCRIPTION_LIMIT lines at 80 columns on
#   every page, and every name whose stub opens a page appears on it (the
#   typed names in its ALL C DECLARATIONS);
# - the options each tool's --help lists are on its page (oshcc, oshrun,
#   oshfort);
# - intro_shmem's SEE ALSO names every routine page.
set -eu
LC_ALL=C
export LC_ALL
prefix=$TOOLS_PREFIX
mandir=$prefix/share/man
config=$TOOLS_SOURCE_DIR/../../src/base/config.hpp
limit=${MAN_DESCRIPTION_LIMIT:-90}
work=$TOOLS_WORK_DIR

fail() {
  echo "FAIL (man pages): $*" >&2
  exit 1
}

command -v man >/dev/null 2>&1 || fail "man (man-db) is not installed; scripts/deps.sh installs it"
rm -rf "$work"
mkdir -p "$work"
cd "$work"

# render FILE: the page as man shows it at 80 columns.
render() {
  MANWIDTH=80 man -l "$1" 2>/dev/null
}

# The installed pages and their other names.
tools="oshcc oshc++ oshCC oshcxx oshrun"
[ "${TOOLS_FORTRAN:-0}" = 1 ] && tools="$tools oshfort shmemfort oshf77 oshf90"
for name in $tools; do
  [ -f "$mandir/man1/$name.1" ] || fail "$mandir/man1/$name.1 is missing"
  man -M "$mandir" -w 1 "$name" >/dev/null 2>&1 || fail "man 1 $name opens no page"
done
[ -f "$mandir/man3/intro_shmem.3" ] || fail "$mandir/man3/intro_shmem.3 is missing"
text=$(MANWIDTH=80 man -M "$mandir" 1 oshc++ 2>&1) || fail "man 1 oshc++ failed: $text"
printf '%s\n' "$text" | grep -q '^OSHCC(1)' || fail "man oshc++ did not show the oshcc page"

# The pages (not the stubs that point to them), and each stub as
# "section/page name".
pages=$(grep -L '^\.so ' "$mandir"/man1/*.1 "$mandir"/man3/*.3)
grep -H '^\.so ' "$mandir"/man1/*.1 "$mandir"/man3/*.3 |
  sed 's|^.*/\([^/:]*\)\.[0-9]:\.so \(.*\)$|\2 \1|' > stubs.txt

# The environment variables: the table, the page, SHMEM_INFO.
sed -n 's/^ *X([a-z_]*, [^,]*, "\([A-Z_]*\)", "\([^"]*\)".*/SHMEM_\1 \2/p' "$config" | sort > table.txt
[ "$(wc -l < table.txt)" -ge 5 ] || fail "found only $(wc -l < table.txt) variables in $config"
render "$mandir/man3/intro_shmem.3" > intro.txt
sed -n '/^ENVIRONMENT VARIABLES/,/^[A-Z]/p' intro.txt |
  sed -n 's/^       \(SHMEM_[A-Z_]*\) (default \([^)]*\))$/\1 \2/p' | sort > page.txt
if ! cmp -s table.txt page.txt; then
  diff table.txt page.txt >&2 || true
  fail "intro_shmem(3) ENVIRONMENT VARIABLES differs from SHMEMI_ENV_TABLE in $config (< table, > page)"
fi
cat > info.c <<'PROGRAM'
#include <shmem.h>
int main(void) {
  shmem_init();
  shmem_finalize();
  return 0;
}
PROGRAM
"$prefix/bin/oshcc" info.c -o info || fail "oshcc info.c failed"
SHMEM_INFO=1 "$prefix/bin/oshrun" -np 1 ./info > info.txt 2>&1 || fail "SHMEM_INFO=1 ./info failed: $(cat info.txt)"
sed -n 's/^ *\(SHMEM_[A-Z_]*\) *default \([^ ]*\) .*/\1 \2/p' info.txt | sort > printed.txt
if ! cmp -s table.txt printed.txt; then
  diff table.txt printed.txt >&2 || true
  fail "SHMEM_INFO=1 prints other variables than SHMEMI_ENV_TABLE (< table, > print-out)"
fi

# Every page renders without warnings, with DESCRIPTION near the top and
# every name that opens it on it.
worst=0
count=0
for page in $pages; do
  count=$((count + 1))
  MANWIDTH=80 man --warnings=w -l "$page" > page.txt 2> warnings.txt ||
    fail "man failed on $page: $(cat warnings.txt)"
  [ ! -s warnings.txt ] || fail "man --warnings warns about $page: $(cat warnings.txt)"
  line=$(grep -n '^DESCRIPTION' page.txt | head -n 1 | cut -d: -f1)
  [ -n "$line" ] || fail "$page has no DESCRIPTION"
  [ "$line" -le "$limit" ] || fail "DESCRIPTION of $page starts on line $line (more than $limit)"
  [ "$line" -le "$worst" ] || worst=$line
  dir=$(dirname "$page")
  base=$(basename "$page")
  section=${dir##*/}
  tr -cs 'A-Za-z0-9_+' '\n' < page.txt | tr 'A-Z' 'a-z' | sort -u > words.txt
  grep "^$section/$base " stubs.txt | cut -d' ' -f2 | tr 'A-Z' 'a-z' | sort -u |
    comm -23 - words.txt > missing.txt
  [ ! -s missing.txt ] || fail "$page does not show these names that open it: $(tr '\n' ' ' < missing.txt)"
done

# The tools' options, as their --help lists them, are on their pages.
helped="oshcc oshrun"
[ "${TOOLS_FORTRAN:-0}" = 1 ] && helped="$helped oshfort"
for tool in $helped; do
  render "$mandir/man1/$tool.1" > tool.txt
  "$prefix/bin/$tool" --help 2>&1 | sed -n 's/^  \(-[^ ]*\( -[^ ]*\)*\) .*/\1/p' | tr -d ',' |
    tr ' ' '\n' | grep -- '^-' > options.txt || fail "$tool --help lists no options"
  while read -r option; do
    grep -q -- "$option" tool.txt || fail "$tool --help lists $option, which its man page does not"
  done < options.txt
done

# intro_shmem's SEE ALSO names every routine page.
for page in $(grep -L '^\.so ' "$mandir"/man3/*.3); do
  name=$(basename "$page" .3)
  [ "$name" = intro_shmem ] && continue
  grep -q "$name(3)" intro.txt || fail "intro_shmem(3) does not name $name(3)"
done
echo "man pages: $count pages render without warnings, DESCRIPTION by line $worst (limit $limit)," \
  "$(wc -l < table.txt) environment variables as in the table and SHMEM_INFO"
