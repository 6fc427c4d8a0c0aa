// Reporting: every message names the PE; fatal errors end the whole job.
#pragma once

#include <cstdarg>

namespace shmemi {

// Prints "[shmem PE n] routine: message" and ends every PE of the job with
// a non-zero status. Never returns.
[[noreturn]] void fatal(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// The same line, but only under SHMEM_DEBUG; execution continues.
void debug(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// The same line, always; execution continues.
void warn(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

} // namespace shmemi
