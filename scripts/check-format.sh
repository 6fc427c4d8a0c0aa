#!/bin/sh
# check-format.sh: fails, naming the files, when a C or C++ file of src/,
# include/, tests/ (unit, pe, support, cluster, tools, fortran), bench/,
# examples/, tools/ or man/ (make_man.cpp) differs from what clang-format
# makes of it with the repository's .clang-format. `clang-format -i FILE`
# fixes one. Then the figures check (scripts/check-figures.py): no measured
# figure in the comments of the code; they belong in docs/bench/.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
files=$(git ls-files 'src/*.cpp' 'src/*.hpp' 'include/*.h' \
  'tests/*.c' 'tests/*.h' 'tests/*.cpp' 'tests/*.hpp' \
  'bench/*.c' 'bench/*.h' 'bench/*.cpp' \
  'examples/*.c' 'examples/*.h' 'examples/*.cpp' \
  'tools/*.c' 'tools/*.cpp' 'man/*.cpp' 'man/*.c' 'man/*.h')
bad=""
for f in $files; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad="$bad $f"
done
status=0
if [ -n "$bad" ]; then
  echo "check-format.sh: these files differ from clang-format's layout (clang-format -i fixes them):"
  for f in $bad; do echo "  $f"; done
  status=1
else
  echo "check-format.sh: $(echo "$files" | wc -w) files match .clang-format"
fi
python3 "$root/scripts/check-figures.py" "$root" || status=1
exit "$status"
