#include "base/config.hpp"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <strings.h>

namespace shmemi {

// Spec section "Environment Variables": a non-negative integer or floating
// point number, then an optional K/M/G/T (powers of 2^10); characters after
// the multiplier are ignored. "" and "abc" are errors.
bool env_parse(const char *text, std::size_t &out) {
  const char *p = text;
  long double value = 0;
  bool digits = false;
  for (; std::isdigit(static_cast<unsigned char>(*p)); ++p, digits = true)
    value = value * 10 + (*p - '0');
  if (*p == '.') {
    long double scale = 0.1L;
    for (++p; std::isdigit(static_cast<unsigned char>(*p)); ++p, digits = true) {
      value += scale * (*p - '0');
      scale /= 10;
    }
  }
  if (!digits) return false;
  int shift = 0;
  switch (std::tolower(static_cast<unsigned char>(*p))) {
  case 'k': shift = 10; break;
  case 'm': shift = 20; break;
  case 'g': shift = 30; break;
  case 't': shift = 40; break;
  case '\0': break;
  default: return false;
  }
  const long double bytes = std::ceil(std::ldexp(value, shift));
  if (bytes >= static_cast<long double>(SIZE_MAX / 2)) return false;
  out = static_cast<std::size_t>(bytes);
  return true;
}

// Spec: "Any" value enables; we also accept the usual spellings of off.
bool env_parse(const char *text, bool &out) {
  static const char *const off[] = {"0", "n", "no", "false", "off"};
  out = true;
  for (const char *word : off)
    if (strcasecmp(text, word) == 0) out = false;
  return true;
}

namespace {

const char *env_value(const EnvLookup &lookup, const char *name, std::string *which) {
  for (const char *prefix : {"SHMEM_", "SMA_"}) {
    *which = std::string(prefix) + name;
    if (const char *value = lookup(which->c_str())) return value;
  }
  *which = std::string("SHMEM_") + name;
  return nullptr;
}

} // namespace

bool config_load(const EnvLookup &lookup, Config &config, std::string *error) {
  std::string which;
#define SHMEMI_ENV_LOAD(field, type, name, def, help)                          \
  {                                                                            \
    const char *value = env_value(lookup, name, &which);                       \
    env_parse(def, config.field);                                              \
    if (value && !env_parse(value, config.field)) {                            \
      *error = "environment variable " + which + "='" + value +               \
               "' is not valid. Expected: " + help + " (default " def ")";     \
      return false;                                                            \
    }                                                                          \
  }
  SHMEMI_ENV_TABLE(SHMEMI_ENV_LOAD)
#undef SHMEMI_ENV_LOAD
  return true;
}

void config_print(const Config &, const EnvLookup &lookup, std::FILE *out) {
  std::fprintf(out, "Environment variables (SMA_ spellings are accepted too):\n");
  std::string which;
#define SHMEMI_ENV_PRINT(field, type, name, def, help)                         \
  {                                                                            \
    const char *value = env_value(lookup, name, &which);                       \
    std::fprintf(out, "  SHMEM_%-16s default %-6s set to %-8s %s\n", name, def, \
                 value ? value : "-", help);                                   \
  }
  SHMEMI_ENV_TABLE(SHMEMI_ENV_PRINT)
#undef SHMEMI_ENV_PRINT
}

} // namespace shmemi
