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
void debug(const char *routine, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// The same line, always; execution continues.
void warn(const char *routine, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// The routines this thread is in, innermost first: a Call names one while
// it lives. A routine's name reaches its checks as their `routine`
// argument; a Call carries it where no argument can: into the backend
// (whose failures know only its own function, so core names the routine
// around the calls that may reach MPI; paths that stay on the node do not
// pay for it) and out of a Fortran entry point, whose name the messages
// give in upper case: "SHMEM_INTEGER_PUT: ..." when the entry point
// reports, "SHMEM_BROADCAST4 (in shmem_broadcast32): ..." when the C
// routine it calls does. Inline, on an initial-exec __thread: set on paths
// as short as a quiet, where a call to __tls_get_addr is not negligible.
class Call;
extern __thread const Call *current_call __attribute__((tls_model("initial-exec")));
// The API routine this thread entered last, kept only while the library
// watches the program's threads (SHMEM_DEBUG below SHMEM_THREAD_MULTIPLE:
// core/runtime.cpp), for reports from paths that set no Call.
extern __thread const char *entered_routine __attribute__((tls_model("initial-exec")));

class Call {
public:
  enum class From : unsigned char { c, fortran };
  explicit Call(const char *routine, From from = From::c) noexcept
      : routine_(routine), outer_(current_call), from_(from) {
    current_call = this;
  }
  ~Call() { current_call = outer_; }
  Call(const Call &) = delete;
  Call &operator=(const Call &) = delete;

  // The innermost routine this thread is in; `fallback` if none.
  static const char *routine_or(const char *fallback) noexcept;
  // The outermost: the routine the program called; null if none.
  static const Call *program_call() noexcept;
  const char *routine() const noexcept { return routine_; }
  bool from_fortran() const noexcept { return from_ == From::fortran; }

private:
  const char *routine_; // a string literal
  const Call *outer_;
  From from_;
};

} // namespace shmemi
