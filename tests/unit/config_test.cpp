#include <gtest/gtest.h>
#include "core/config.hpp"
TEST(Config, Placeholder) { SUCCEED(); }
