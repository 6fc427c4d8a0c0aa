#!/bin/sh
# layers.sh SRC: checks the include rules of the layers (docs/design.md,
# "Layers"): each folder of SRC includes only the headers of the layers
# below it, and only mpi_rma includes <mpi.h>. Prints every violation.
src=${1:?usage: layers.sh SRC}
status=0
# check LAYER ALLOWED...: every quoted include of LAYER's files names one
# of the ALLOWED folders.
check() {
  layer=$1
  shift
  allowed=$(printf '%s/|' "$@")
  bad=$(grep -Hn '^#include "' "$src/$layer"/* |
        grep -Ev "#include \"(${allowed%|})" || true)
  if [ -n "$bad" ]; then
    echo "$layer may include only $*:"
    echo "$bad"
    status=1
  fi
}
check base base
check transport transport base
check memory memory transport base
check node node memory transport base
check mpi_rma mpi_rma transport base
check core core node memory transport base
check api api core
check fortran fortran core base
mpi=$(grep -ln '#include <mpi.h>' "$src"/*/* | grep -v "^$src/mpi_rma/" || true)
if [ -n "$mpi" ]; then
  echo "only mpi_rma may include <mpi.h>:"
  echo "$mpi"
  status=1
fi
[ "$status" -eq 0 ] && echo "layers: every include follows the rules"
exit "$status"
