// Macros that stamp the C entry points of a routine; the body is a single
// expression handed over to the core layer.
#pragma once

#include <shmem.h>

// shmem_NAME and shmem_ctx_NAME; the body (the variadic part) sees `ctx`,
// `routine` (the entry point's name, for messages) and the parameters.
#define SHMEMI_DEF_PAIR(RET, NAME, PARAMS, ...)                                \
  SHMEMI_DEF_ONE(RET, NAME, PARAMS, __VA_ARGS__)                               \
  RET shmem_ctx_##NAME(shmem_ctx_t ctx, SHMEMI_UNPACK PARAMS) noexcept {       \
    const char *const routine = "shmem_ctx_" #NAME;                            \
    return __VA_ARGS__;                                                        \
  }

// shmem_NAME alone, on the default context.
#define SHMEMI_DEF_ONE(RET, NAME, PARAMS, ...)                                 \
  RET shmem_##NAME PARAMS noexcept {                                           \
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                 \
    const char *const routine = "shmem_" #NAME;                                \
    return __VA_ARGS__;                                                        \
  }
