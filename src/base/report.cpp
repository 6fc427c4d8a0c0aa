#include "base/report.hpp"

#include <execinfo.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shmemi {

Reporter reporter;

namespace {

// The routine as the user called it: the Fortran name in upper case, and
// the C routine that reports if that is another one.
void caller(const char *routine, char *out, std::size_t size) {
  const Call *called = Call::program_call();
  if (called == nullptr || !called->from_fortran()) {
    std::snprintf(out, size, "%s", routine);
    return;
  }
  const char *fortran = called->routine();
  char upper[128];
  std::size_t i = 0;
  for (; fortran[i] != '\0' && i + 1 < sizeof upper; ++i)
    upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(fortran[i])));
  upper[i] = '\0';
  if (std::strcmp(routine, fortran) == 0)
    std::snprintf(out, size, "%s", upper);
  else
    std::snprintf(out, size, "%s (in %s)", upper, routine);
}

void vreport(const char *routine, const char *fmt, va_list args) {
  char text[1024], who[256];
  std::vsnprintf(text, sizeof text, fmt, args);
  caller(routine, who, sizeof who);
  if (reporter.my_pe >= 0)
    std::fprintf(stderr, "[shmem PE %d] %s: %s\n", reporter.my_pe, who, text);
  else
    std::fprintf(stderr, "[shmem] %s: %s\n", who, text);
  std::fflush(stderr);
}

// The calling thread's stack, one frame a line (names where the symbol is
// exported: the library's shmem_ routines, a program linked with -rdynamic).
void print_backtrace() {
  void *frames[64];
  const int count = ::backtrace(frames, 64);
  std::fprintf(stderr, "[shmem PE %d] call stack (SHMEM_BACKTRACE):\n", reporter.my_pe);
  std::fflush(stderr);
  backtrace_symbols_fd(frames, count, STDERR_FILENO);
}

} // namespace

void fatal(const char *routine, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vreport(routine, fmt, args);
  va_end(args);
  if (reporter.backtrace) print_backtrace();
  if (reporter.abort != nullptr) reporter.abort(1);
  std::_Exit(1);
}

void debug(const char *routine, const char *fmt, ...) {
  if (!reporter.debug) return;
  va_list args;
  va_start(args, fmt);
  vreport(routine, fmt, args);
  va_end(args);
}

void warn(const char *routine, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vreport(routine, fmt, args);
  va_end(args);
}

__thread const Call *current_call = nullptr;
__thread const char *entered_routine = nullptr;

const char *Call::routine_or(const char *fallback) noexcept {
  return current_call != nullptr ? current_call->routine_ : fallback;
}

const Call *Call::program_call() noexcept {
  const Call *call = current_call;
  while (call != nullptr && call->outer_ != nullptr) call = call->outer_;
  return call;
}

} // namespace shmemi
