#include <gtest/gtest.h>
#include "core/config.hpp"
TEST(Heap, Placeholder) { SUCCEED(); }
