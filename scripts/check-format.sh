#!/bin/sh
# check-format.sh: fails, naming the files, when a C or C++ file of src/,
# include/, tests/unit or bench differs from what clang-format makes of it
# with the repository's .clang-format. `clang-format -i FILE` fixes one.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
files=$(git ls-files 'src/*.cpp' 'src/*.hpp' 'include/*.h' \
  'tests/unit/*.cpp' 'tests/unit/*.hpp' 'bench/*.c' 'bench/*.h' 'bench/*.cpp')
bad=""
for f in $files; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad="$bad $f"
done
if [ -n "$bad" ]; then
  echo "check-format.sh: these files differ from clang-format's layout (clang-format -i fixes them):"
  for f in $bad; do echo "  $f"; done
  exit 1
fi
echo "check-format.sh: $(echo "$files" | wc -w) files match .clang-format"
