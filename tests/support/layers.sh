#!/bin/sh
# layers.sh SRC: checks the include rules of the layers (docs/design.md,
# "Layers"): each folder of SRC includes only the headers of the layers
# below it; only mpi_rma includes <mpi.h>; the public headers (<shmem.h>
# and the rest) are seen by core (its types), api and fortran only; and
# fortran calls the C API (through <pshmem.h>, which api defines). Every folder of SRC
# has a rule. The port (transport/) names nothing of MPI, and inside a
# folder at most one pair of files includes each other. Prints every
# violation.
src=${1:?usage: layers.sh SRC}
status=0
# check LAYER ALLOWED...: every quoted include of LAYER's files names one
# of the ALLOWED folders.
checked=""
check() {
  layer=$1
  checked="$checked $layer"
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
check fortran fortran core base  # and the C API, through <pshmem.h>
for dir in "$src"/*/; do
  layer=$(basename "$dir")
  case " $checked " in *" $layer "*) ;; *)
    echo "$layer has no include rule in layers.sh"
    status=1 ;;
  esac
done
# only_in PATTERN WHAT LAYERS...: the includes matching PATTERN stand only in LAYERS.
only_in() {
  pattern=$1 what=$2
  shift 2
  allowed=$(printf '%s/|' "$@")
  bad=$(grep -ln "$pattern" "$src"/*/* | grep -Ev "^$src/(${allowed%|})" || true)
  if [ -n "$bad" ]; then
    echo "only $* may include $what:"
    echo "$bad"
    status=1
  fi
}
only_in '#include <mpi.h>' '<mpi.h>' mpi_rma
only_in '#include <\(shmem\|shmemx\|pshmem\|mpp/shmem\)\.h>' 'the public headers' core api fortran
only_in '#include <pshmem.h>' '<pshmem.h> (the C API by its profiling names: api defines it, fortran calls it)' api fortran
# The port's headers use no word of MPI's: its routines, constants and
# nouns (a backend without MPI implements the same port).
bad=$(grep -Hniw -E 'mpi|mpi_[a-z_]+|communicators?|windows?|epochs?|datatypes?|ranks?|pmpi_[a-z_]+' \
      "$src"/transport/*.hpp || true)
if [ -n "$bad" ]; then
  echo "the port (transport/) names MPI:"
  echo "$bad"
  status=1
fi
# pairs LAYER: the pairs of LAYER's modules (a module: name.hpp with its
# name.cpp) that include each other, one line each.
pairs() {
  for file in "$src/$1"/*; do
    from=$(basename "${file%.*}")
    sed -n "s|^#include \"$1/\([^\"]*\)\.hpp\".*|\1|p" "$file" |
      while read -r to; do [ "$to" != "$from" ] && echo "$from $to"; done
  done | sort -u | awk '{ edge[$1 " " $2] = 1 }
    END { for (e in edge) { split(e, p, " ");
          if (p[1] < p[2] && (p[2] " " p[1]) in edge) print p[1] " <-> " p[2] } }'
}
for dir in "$src"/*/; do
  layer=$(basename "$dir")
  found=$(pairs "$layer")
  if [ "$(printf '%s' "$found" | grep -c .)" -gt 1 ]; then
    echo "$layer has more than one pair of modules that include each other:"
    echo "$found"
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "layers: every include follows the rules"
exit "$status"
