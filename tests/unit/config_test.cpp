// The environment table (src/base/config.hpp): value parsers, loading with
// an injected lookup (SHMEM_ before SMA_, defaults, errors) and the
// SHMEM_INFO print-out.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "base/config.hpp"

using shmemi::Config;
using shmemi::config_load;
using shmemi::config_print;
using shmemi::env_parse;
using shmemi::EnvLookup;

namespace {

constexpr std::size_t KiB = std::size_t{1} << 10;
constexpr std::size_t MiB = std::size_t{1} << 20;
constexpr std::size_t GiB = std::size_t{1} << 30;
constexpr std::size_t TiB = std::size_t{1} << 40;

// A fake environment: only the variables in the map are set.
EnvLookup fake_env(const std::map<std::string, std::string> &vars) {
  return [vars](const char *name) -> const char * {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

// The variable names after the prefix, straight from the table.
std::vector<std::string> table_names() {
  std::vector<std::string> names;
#define SHMEMI_TEST_NAME(field, type, name, def, help) names.push_back(name);
  SHMEMI_ENV_TABLE(SHMEMI_TEST_NAME)
#undef SHMEMI_TEST_NAME
  return names;
}

struct SizeCase {
  const char *text;
  std::size_t bytes;
};

} // namespace

TEST(EnvParseSize, AcceptsNumbersAndSuffixes) {
  const SizeCase cases[] = {
      {"0", 0},
      {"1024", 1024},
      {"20k", 20 * KiB},
      {"20K", 20 * KiB},
      {"20m", 20 * MiB},
      {"20M", 20 * MiB},
      {"3.1M", 3250586}, // 3.1 * 2^20 = 3250585.6, rounded up
      {".5m", 512 * KiB},
      {"0.5K", 512},
      {"20kk", 20 * KiB}, // characters after the multiplier are ignored
      {"512MB", 512 * MiB},
      {"2G", 2 * GiB},
      {"2g", 2 * GiB},
      {"1T", TiB},
      {"1t", TiB},
      {"007", 7},
  };
  for (const SizeCase &c : cases) {
    std::size_t out = 12345;
    EXPECT_TRUE(env_parse(c.text, out)) << "\"" << c.text << "\"";
    EXPECT_EQ(out, c.bytes) << "\"" << c.text << "\"";
  }
}

TEST(EnvParseSize, RejectsInvalidText) {
  for (const char *text : {"", "abc", "-1", "12x", "m", "K", ".", "+5", " 5", "x12"}) {
    std::size_t out = 777;
    EXPECT_FALSE(env_parse(text, out)) << "\"" << text << "\"";
  }
}

TEST(EnvParseSize, RejectsValuesTooLargeForSizeT) {
  std::size_t out = 0;
  EXPECT_FALSE(env_parse("99999999999T", out));
  EXPECT_FALSE(env_parse("100000000000000000000000", out));
}

TEST(EnvParseFlag, AnyValueEnables) {
  for (const char *text : {"1", "yes", "YES", "on", "true", "y", "anything", "", "2", "00"}) {
    bool out = false;
    EXPECT_TRUE(env_parse(text, out)) << "\"" << text << "\"";
    EXPECT_TRUE(out) << "\"" << text << "\"";
  }
}

TEST(EnvParseFlag, OffSpellingsDisableCaseInsensitively) {
  for (const char *text :
       {"0", "no", "NO", "No", "off", "OFF", "Off", "false", "FALSE", "False", "n", "N"}) {
    bool out = true;
    EXPECT_TRUE(env_parse(text, out)) << "\"" << text << "\"";
    EXPECT_FALSE(out) << "\"" << text << "\"";
  }
}

TEST(EnvParseProgress, AcceptsTheFourModesCaseInsensitively) {
  using shmemi::Progress;
  Progress mode = Progress::off;
  EXPECT_TRUE(env_parse("auto", mode));
  EXPECT_EQ(mode, Progress::automatic);
  EXPECT_TRUE(env_parse("THREAD", mode));
  EXPECT_EQ(mode, Progress::thread);
  EXPECT_TRUE(env_parse("thread-Multiple", mode));
  EXPECT_EQ(mode, Progress::thread_multiple);
  EXPECT_TRUE(env_parse("Off", mode));
  EXPECT_EQ(mode, Progress::off);
  for (const char *bad : {"", "on", "threads", "0"}) EXPECT_FALSE(env_parse(bad, mode)) << bad;
}

TEST(ConfigLoad, DefaultsWhenNothingIsSet) {
  Config config;
  config.symmetric_size = 1;
  config.debug = config.version = config.info = true;
  std::string error;
  ASSERT_TRUE(config_load(fake_env({}), config, &error)) << error;
  EXPECT_EQ(config.symmetric_size, 256 * MiB);
  EXPECT_FALSE(config.debug);
  EXPECT_FALSE(config.version);
  EXPECT_FALSE(config.info);
  EXPECT_TRUE(error.empty());
  // Every field of the table, including ones added later, gets its default.
#define SHMEMI_TEST_DEFAULT(field, type, name, def, help)                                          \
  {                                                                                                \
    type expected{};                                                                               \
    ASSERT_TRUE(env_parse(def, expected)) << name << ": bad default " << def;                      \
    EXPECT_EQ(config.field, expected) << name;                                                     \
  }
  SHMEMI_ENV_TABLE(SHMEMI_TEST_DEFAULT)
#undef SHMEMI_TEST_DEFAULT
}

TEST(ConfigLoad, ReadsShmemVariables) {
  Config config;
  std::string error;
  ASSERT_TRUE(config_load(fake_env({{"SHMEM_SYMMETRIC_SIZE", "20m"},
                                    {"SHMEM_DEBUG", "1"},
                                    {"SHMEM_VERSION", "yes"},
                                    {"SHMEM_INFO", "off"}}),
                          config, &error))
      << error;
  EXPECT_EQ(config.symmetric_size, 20 * MiB);
  EXPECT_TRUE(config.debug);
  EXPECT_TRUE(config.version);
  EXPECT_FALSE(config.info);
}

TEST(ConfigLoad, ShmemNameBeatsSmaName) {
  Config config;
  std::string error;
  ASSERT_TRUE(config_load(fake_env({{"SHMEM_SYMMETRIC_SIZE", "1M"},
                                    {"SMA_SYMMETRIC_SIZE", "2M"},
                                    {"SHMEM_DEBUG", "no"},
                                    {"SMA_DEBUG", "1"}}),
                          config, &error))
      << error;
  EXPECT_EQ(config.symmetric_size, 1 * MiB);
  EXPECT_FALSE(config.debug);
}

TEST(ConfigLoad, ValidShmemNameHidesBadSmaName) {
  Config config;
  std::string error;
  EXPECT_TRUE(
      config_load(fake_env({{"SHMEM_SYMMETRIC_SIZE", "4k"}, {"SMA_SYMMETRIC_SIZE", "garbage"}}),
                  config, &error))
      << error;
  EXPECT_EQ(config.symmetric_size, 4 * KiB);
}

TEST(ConfigLoad, SmaNameAloneWorks) {
  Config config;
  std::string error;
  ASSERT_TRUE(
      config_load(fake_env({{"SMA_SYMMETRIC_SIZE", "3G"}, {"SMA_INFO", "1"}}), config, &error))
      << error;
  EXPECT_EQ(config.symmetric_size, 3 * GiB);
  EXPECT_TRUE(config.info);
  EXPECT_FALSE(config.debug);
}

TEST(ConfigLoad, BadValueNamesVariableValueAndDefault) {
  Config config;
  std::string error;
  EXPECT_FALSE(config_load(fake_env({{"SHMEM_SYMMETRIC_SIZE", "12x"}}), config, &error));
  EXPECT_NE(error.find("SHMEM_SYMMETRIC_SIZE"), std::string::npos) << error;
  EXPECT_NE(error.find("12x"), std::string::npos) << error;
  EXPECT_NE(error.find("256M"), std::string::npos) << error;
}

TEST(ConfigLoad, BadSmaValueNamesTheSmaVariable) {
  Config config;
  std::string error;
  EXPECT_FALSE(config_load(fake_env({{"SMA_SYMMETRIC_SIZE", "-1"}}), config, &error));
  EXPECT_NE(error.find("SMA_SYMMETRIC_SIZE"), std::string::npos) << error;
  EXPECT_NE(error.find("'-1'"), std::string::npos) << error;
  EXPECT_NE(error.find("256M"), std::string::npos) << error;
}

TEST(ConfigLoad, EmptySizeIsAnError) {
  Config config;
  std::string error;
  EXPECT_FALSE(config_load(fake_env({{"SHMEM_SYMMETRIC_SIZE", ""}}), config, &error));
  EXPECT_NE(error.find("SHMEM_SYMMETRIC_SIZE"), std::string::npos) << error;
}

TEST(ConfigLoad, AsksForBothSpellingsOfEveryVariable) {
  std::vector<std::string> asked;
  const EnvLookup spy = [&asked](const char *name) -> const char * {
    asked.push_back(name);
    return nullptr;
  };
  Config config;
  std::string error;
  ASSERT_TRUE(config_load(spy, config, &error)) << error;
  for (const std::string &name : table_names())
    for (const char *prefix : {"SHMEM_", "SMA_"})
      EXPECT_NE(std::find(asked.begin(), asked.end(), prefix + name), asked.end())
          << prefix << name << " was never looked up";
}

TEST(ConfigPrint, ListsEveryVariable) {
  Config config;
  std::string error;
  const EnvLookup env = fake_env({{"SHMEM_SYMMETRIC_SIZE", "64k"}});
  ASSERT_TRUE(config_load(env, config, &error)) << error;
  char *buffer = nullptr;
  std::size_t length = 0;
  std::FILE *out = open_memstream(&buffer, &length);
  ASSERT_NE(out, nullptr);
  config_print(config, env, out);
  std::fclose(out);
  const std::string text(buffer, length);
  std::free(buffer);
  const std::vector<std::string> names = table_names();
  for (const char *expected : {"SYMMETRIC_SIZE", "DEBUG", "VERSION", "INFO"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  for (const std::string &name : names)
    EXPECT_NE(text.find("SHMEM_" + name), std::string::npos) << name << " missing in:\n" << text;
  EXPECT_NE(text.find("64k"), std::string::npos) << "the set value is not shown:\n" << text;
  EXPECT_NE(text.find("256M"), std::string::npos) << "the default is not shown:\n" << text;
}

// Unknown variables with the library's prefixes: the closest known name
// (at most 2 edits, letter case aside, same prefix) and the list of those
// the table does not know.
TEST(UnknownVariables, SuggestsTheClosestKnownName) {
  using shmemi::closest_variable;
  EXPECT_EQ(closest_variable("SHMEM_SYMETRIC_SIZE"), "SHMEM_SYMMETRIC_SIZE");
  EXPECT_EQ(closest_variable("SHMEM_SYMMETRIC_SIZ"), "SHMEM_SYMMETRIC_SIZE");
  EXPECT_EQ(closest_variable("SHMEM_DEBUGG"), "SHMEM_DEBUG");
  EXPECT_EQ(closest_variable("SHMEM_Debug"), "SHMEM_DEBUG");
  EXPECT_EQ(closest_variable("SMA_SYMMETRIC_SIEZ"), "SMA_SYMMETRIC_SIZE");
  EXPECT_EQ(closest_variable("SHMEM_INFOS"), "SHMEM_INFO");
}

TEST(UnknownVariables, SuggestsNothingFarther) {
  using shmemi::closest_variable;
  EXPECT_EQ(closest_variable("SHMEM_SYMMETRIC_HEAP_SIZE"), "");
  EXPECT_EQ(closest_variable("SHMEM_SYMETRC_SZE"), "");
  EXPECT_EQ(closest_variable("SMA_HEAP"), "");
}

TEST(UnknownVariables, ListsOnlyUnknownNamesWithTheLibrarysPrefixes) {
  const char *const env[] = {"SHMEM_SYMMETRIC_SIZE=1M",
                             "SMA_DEBUG=1",
                             "SHMEM_SYMETRIC_SIZE=1M",
                             "SMA_FOO",
                             "PATH=/bin",
                             "XSHMEM_DEBUG=1",
                             "OMPI_MCA_osc=ucx",
                             "SHMEM_TEST_MULTI_HOST=1",
                             "SHMEM_BACKTRACE=1",
                             nullptr};
  const std::vector<std::string> expected = {"SHMEM_SYMETRIC_SIZE", "SMA_FOO"};
  EXPECT_EQ(shmemi::unknown_variables(env), expected);
}

TEST(UnknownVariables, KnowsEveryNameOfTheTable) {
  std::vector<std::string> entries;
  for (const std::string &name : table_names())
    for (const char *prefix : {"SHMEM_", "SMA_"}) entries.push_back(prefix + name + "=1");
  std::vector<const char *> env;
  for (const std::string &entry : entries) env.push_back(entry.c_str());
  env.push_back(nullptr);
  EXPECT_TRUE(shmemi::unknown_variables(env.data()).empty());
}
