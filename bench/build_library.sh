# Sourced by bench/run.sh and bench/memory.sh (from the repository's root).
# build_library MPI LOG: configures build-bench-MPI for the library and
# bench/ only (tests and examples off; scripts/build.sh keeps the cache) and
# builds it, its output in LOG; on failure prints LOG's tail and returns 1.
build_library() {
  cmake -S . -B "build-bench-$1" -DSHMEM_BUILD_TESTS=OFF -DSHMEM_BUILD_EXAMPLES=OFF \
    -DMPI_C_COMPILER="mpicc.$1" -DMPI_CXX_COMPILER="mpicxx.$1" >/dev/null &&
    sh scripts/build.sh "$1" "build-bench-$1" >"$2" 2>&1 || { tail -n 30 "$2" >&2; return 1; }
}
