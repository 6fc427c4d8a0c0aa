// Macros that define the C entry points. Every routine is defined under its
// name-shifted name pshmem_NAME (the profiling interface, <pshmem.h>), and
// shmem_NAME is a weak alias of it: a tool that defines shmem_NAME itself
// wins at link time and reaches the library through pshmem_NAME.
#pragma once

#include <pshmem.h>

// SHMEMI_ENTRY(RET, NAME)(PARAMS) noexcept { ... } defines pNAME and makes
// NAME its weak alias; NAME is the full name (shmem_init, start_pes, ...).
// Taking pNAME's type names the deprecated ones too: no warning for that.
#define SHMEMI_ENTRY(RET, NAME)                                                                    \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")   \
      SHMEM_API decltype(p##NAME) NAME __attribute__((weak, alias("p" #NAME)));                    \
  _Pragma("GCC diagnostic pop") RET p##NAME

// shmem_NAME and shmem_ctx_NAME; the body (the variadic part) sees `ctx`,
// `routine` (the entry point's name, for messages) and the parameters.
#define SHMEMI_DEF_PAIR(RET, NAME, PARAMS, ...)                                                    \
  SHMEMI_DEF_ONE(RET, NAME, PARAMS, __VA_ARGS__)                                                   \
  SHMEMI_ENTRY(RET, shmem_ctx_##NAME)(shmem_ctx_t ctx, SHMEMI_UNPACK PARAMS) noexcept {            \
    const char *const routine = "shmem_ctx_" #NAME;                                                \
    return __VA_ARGS__;                                                                            \
  }

// shmem_NAME alone, on the default context.
#define SHMEMI_DEF_ONE(RET, NAME, PARAMS, ...)                                                     \
  SHMEMI_ENTRY(RET, shmem_##NAME) PARAMS noexcept {                                                \
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                                     \
    const char *const routine = "shmem_" #NAME;                                                    \
    return __VA_ARGS__;                                                                            \
  }
