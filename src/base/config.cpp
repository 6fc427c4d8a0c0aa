#include "base/config.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <strings.h>

#include "base/report.hpp"

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

// The value of `words` (pairs of a word and its value) that `text` names,
// letter case aside.
template <typename T, std::size_t N>
bool parse_word(const char *text, const std::pair<const char *, T> (&words)[N], T &out) {
  for (const auto &[word, value] : words)
    if (strcasecmp(text, word) == 0) return out = value, true;
  return false;
}

} // namespace

bool env_parse(const char *text, Progress &out) {
  static const std::pair<const char *, Progress> words[] = {
      {"auto", Progress::automatic},
      {"thread", Progress::thread},
      {"thread-multiple", Progress::thread_multiple},
      {"off", Progress::off}};
  return parse_word(text, words, out);
}

bool env_parse(const char *text, HeapPages &out) {
  static const std::pair<const char *, HeapPages> words[] = {{"auto", HeapPages::automatic},
                                                             {"huge", HeapPages::huge},
                                                             {"pool", HeapPages::pool},
                                                             {"thp", HeapPages::thp},
                                                             {"small", HeapPages::small}};
  return parse_word(text, words, out);
}

bool env_parse(const char *text, std::string &out) {
  out = text;
  return true;
}

bool env_parse(const char *text, Toggle &out) {
  bool on = false;
  if (*text == '\0') return out = Toggle::unset, true;
  env_parse(text, on);
  out = on ? Toggle::on : Toggle::off;
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
#define SHMEMI_ENV_LOAD(field, type, name, def, help)                                              \
  {                                                                                                \
    const char *value = env_value(lookup, name, &which);                                           \
    env_parse(def, config.field);                                                                  \
    if (value && !env_parse(value, config.field)) {                                                \
      *error = "environment variable " + which + "='" + value +                                    \
               "' is not valid. Expected: " + help + " (default " def ")";                         \
      return false;                                                                                \
    }                                                                                              \
  }
  SHMEMI_ENV_TABLE(SHMEMI_ENV_LOAD)
#undef SHMEMI_ENV_LOAD
  return true;
}

namespace {

constexpr const char *known_names[] = {
#define SHMEMI_ENV_NAME(field, type, name, def, help) name,
    SHMEMI_ENV_TABLE(SHMEMI_ENV_NAME)
#undef SHMEMI_ENV_NAME
};

// Variables with the library's prefixes that others read: the test suite's
// switch for runs on several hosts.
constexpr std::string_view others_names[] = {"SHMEM_TEST_MULTI_HOST"};

// SHMEM_ or SMA_ if `name` starts with it, else "".
std::string_view prefix_of(std::string_view name) {
  for (std::string_view prefix : {"SHMEM_", "SMA_"})
    if (name.substr(0, prefix.size()) == prefix) return prefix;
  return {};
}

bool known(std::string_view name) {
  const std::string_view rest = name.substr(prefix_of(name).size());
  for (std::string_view other : others_names)
    if (name == other) return true;
  for (const char *known_name : known_names)
    if (rest == known_name) return true;
  return false;
}

// Levenshtein distance, letter case aside.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = std::toupper(static_cast<unsigned char>(a[i - 1])) ==
                        std::toupper(static_cast<unsigned char>(b[j - 1]));
      const std::size_t replaced = diagonal + (same ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({replaced, row[j] + 1, row[j - 1] + 1});
    }
  }
  return row[b.size()];
}

} // namespace

std::string closest_variable(const char *name) {
  const std::string_view prefix = prefix_of(name);
  const std::string_view rest = std::string_view(name).substr(prefix.size());
  std::size_t best = 3; // suggest nothing farther than 2 edits
  std::string closest;
  for (const char *known_name : known_names) {
    const std::size_t distance = edit_distance(rest, known_name);
    if (distance < best) {
      best = distance;
      closest = std::string(prefix) + known_name;
    }
  }
  return closest;
}

std::vector<std::string> unknown_variables(const char *const *env) {
  std::vector<std::string> unknown;
  for (; *env != nullptr; ++env) {
    const std::string_view entry(*env);
    const std::string_view name = entry.substr(0, entry.find('='));
    if (!prefix_of(name).empty() && !known(name)) unknown.emplace_back(name);
  }
  return unknown;
}

void config_report(const char *routine, const Config &config, const char *const *env) {
  reporter.backtrace = config.backtrace;
  if (reporter.my_pe != 0) return;
  for (const std::string &name : unknown_variables(env)) {
    const std::string closest = closest_variable(name.c_str());
    if (closest.empty())
      warn(routine,
           "environment variable %s is not a variable of this library (SHMEM_INFO=1 "
           "lists them); it has no effect",
           name.c_str());
    else
      warn(routine, "environment variable %s is not a variable of this library; did you mean %s?",
           name.c_str(), closest.c_str());
  }
}

void config_print(const Config &, const EnvLookup &lookup, std::FILE *out) {
  std::fprintf(out, "Environment variables (SMA_ spellings are accepted too):\n");
  std::string which;
#define SHMEMI_ENV_PRINT(field, type, name, def, help)                                             \
  {                                                                                                \
    const char *value = env_value(lookup, name, &which);                                           \
    std::fprintf(out, "  SHMEM_%-16s default %-6s set to %-8s %s\n", name, def,                    \
                 value ? value : "-", help);                                                       \
  }
  SHMEMI_ENV_TABLE(SHMEMI_ENV_PRINT)
#undef SHMEMI_ENV_PRINT
}

} // namespace shmemi
