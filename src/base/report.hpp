// Reporting: every message names the PE; fatal errors end the whole job.
#pragma once

#include <cstdarg>

namespace shmemi {

// What the messages need from the layers above: the PE's number (-1 before
// it has one), whether debug messages print, whether a fatal error prints
// the call stack (SHMEM_BACKTRACE), and how a fatal error ends the job
// (core/runtime.cpp sets these; without `abort`, the process exits).
struct Reporter {
  int my_pe = -1;
  bool debug = false;
  bool backtrace = false;
  void (*abort)(int status) = nullptr;
};
extern Reporter reporter;

// Prints "[shmem PE n] routine: message" (and the call stack if
// reporter.backtrace) and ends every PE of the job with a non-zero status.
// Never returns.
[[noreturn]] void fatal(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// The same line, but only under SHMEM_DEBUG; execution continues.
void debug(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// The same line, always; execution continues.
void warn(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// The routine on whose behalf this thread is in the backend, so that a
// failure there (whose code knows only its own function) names the routine
// the program called. Core sets it around the calls that may reach MPI;
// the paths that stay on the node do not pay for it.
// Inline, on an initial-exec __thread: set on paths as short as a quiet,
// where two calls reaching __tls_get_addr doubled an on-node put + quiet.
extern __thread const char *backend_routine __attribute__((tls_model("initial-exec")));

class BackendCall {
public:
  explicit BackendCall(const char *routine) noexcept : outer_(backend_routine) {
    backend_routine = routine;
  }
  ~BackendCall() { backend_routine = outer_; }
  BackendCall(const BackendCall &) = delete;
  BackendCall &operator=(const BackendCall &) = delete;
  // The innermost routine set on this thread; `fallback` if none.
  static const char *routine_or(const char *fallback) noexcept;

private:
  const char *outer_;
};

// A Fortran entry point (src/fortran) names itself for this thread's
// messages while it runs, so that a Fortran program's mistake names the
// routine it called: "SHMEM_INTEGER_PUT: ..." when the entry point reports,
// "SHMEM_BROADCAST4 (in shmem_broadcast32): ..." when the C routine it calls
// does. `name` is the lower-case name, a string literal.
class FortranCall {
public:
  explicit FortranCall(const char *name) noexcept;
  ~FortranCall();
  FortranCall(const FortranCall &) = delete;
  FortranCall &operator=(const FortranCall &) = delete;

private:
  const char *outer_;
};

} // namespace shmemi
