#include "core/error.hpp"

#include <cstdio>

#include "core/runtime.hpp"

namespace shmemi {
namespace {

void vreport(const char *routine, const char *fmt, va_list args) {
  char text[1024];
  std::vsnprintf(text, sizeof text, fmt, args);
  if (rt.my_pe >= 0)
    std::fprintf(stderr, "[shmem PE %d] %s: %s\n", rt.my_pe, routine, text);
  else
    std::fprintf(stderr, "[shmem] %s: %s\n", routine, text);
  std::fflush(stderr);
}

} // namespace

void fatal(const char *routine, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vreport(routine, fmt, args);
  va_end(args);
  abort_job(1);
}

void debug(const char *routine, const char *fmt, ...) {
  if (!rt.config.debug) return;
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

} // namespace shmemi
