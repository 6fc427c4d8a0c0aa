// How the Fortran entry points are defined: the calling convention of
// gfortran (and of the other Unix Fortran compilers): the routine's name in
// lower case with one trailing underscore, every argument by reference, and
// a CHARACTER argument's length as a hidden size_t after the others.
#pragma once

#include <pshmem.h>

#include <cstddef>
#include <cstdint>

#include "base/report.hpp"

namespace shmemi::fortran {

using fint = std::int32_t;     // default INTEGER
using flogical = std::int32_t; // default LOGICAL: .TRUE. is 1
using fpointer = std::int64_t; // a Cray pointer (INTEGER*8)

// A count argument (nelems, nreduce, length): refused if negative, as
// Fortran has no unsigned integers to pass a size_t.
std::size_t count(const char *routine, const char *arg, fint value);

inline void *address(fpointer p) { return reinterpret_cast<void *>(p); }

} // namespace shmemi::fortran

// SHMEMI_F_DEF(RET, NAME, PARAMS, EXPR): defines NAME_ returning EXPR, with
// `routine` naming it (for the checks here) and the thread's messages
// naming it too (base/report.hpp). NAME is the lower-case Fortran name.
#define SHMEMI_F_DEF(RET, NAME, PARAMS, ...)                                                       \
  extern "C" SHMEM_API RET NAME##_ PARAMS noexcept {                                               \
    [[maybe_unused]] const char *const routine = #NAME;                                            \
    const shmemi::Call call(routine, shmemi::Call::From::fortran);                                 \
    return __VA_ARGS__;                                                                            \
  }
