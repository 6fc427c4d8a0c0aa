// combine (src/base/combine.cpp) on quad elements: IEEE binary128, which
// keeps 113 significant bits where x86_64's long double keeps 64, so each
// expected value below is one that long double arithmetic would not give.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "base/combine.hpp"

using shmemi::combine;
using shmemi::Elem;
using shmemi::Kind;
using shmemi::Op;

namespace {

constexpr Elem quad{Kind::quad, sizeof(__float128)};

__float128 pow2(int e) {
  __float128 x = 1;
  for (; e < 0; ++e) x /= 2;
  return x;
}

// acc op in, element-wise, with both arrays at an 8-byte boundary that is
// not a 16-byte one, as a caller's array or MPI's buffer may be.
std::vector<__float128> combined(Op op, std::vector<__float128> acc,
                                 const std::vector<__float128> &in) {
  constexpr std::size_t max_n = 200, odd = 8;
  alignas(16) char acc_buf[max_n * sizeof(__float128) + odd];
  alignas(16) char in_buf[max_n * sizeof(__float128) + odd];
  const std::size_t bytes = acc.size() * sizeof(__float128);
  EXPECT_LE(acc.size(), max_n);
  std::memcpy(acc_buf + odd, acc.data(), bytes);
  std::memcpy(in_buf + odd, in.data(), bytes);
  combine(quad, op, acc_buf + odd, in_buf + odd, acc.size());
  std::memcpy(acc.data(), acc_buf + odd, bytes);
  return acc;
}

TEST(CombineQuad, LongDoubleWouldLoseTheseBits) {
  volatile long double one = 1; // no constant folding in another precision
  EXPECT_EQ(one + 1.0L / (1ULL << 50) / (1ULL << 50), one);
}

TEST(CombineQuad, SumKeepsTwoToTheMinus100) {
  const std::vector<__float128> r = combined(Op::sum, {1, -3}, {pow2(-100), pow2(-100)});
  EXPECT_TRUE(r[0] - 1 == pow2(-100));
  EXPECT_TRUE(r[1] + 3 == pow2(-100));
}

TEST(CombineQuad, ProdIsExactTo113Bits) {
  const __float128 a = 1 + pow2(-50);
  const std::vector<__float128> r = combined(Op::prod, {a, -2}, {a, a});
  EXPECT_TRUE(r[0] - 1 - pow2(-49) == pow2(-100)); // (1 + 2^-50)^2
  EXPECT_TRUE(r[1] == -2 - pow2(-49));
}

TEST(CombineQuad, MaxAndMinTellApartBeyondLongDouble) {
  const __float128 above = 1 + pow2(-100), below = -1 - pow2(-100);
  const std::vector<__float128> acc{1, above, -1, below}, in{above, 1, below, -1};
  const std::vector<__float128> max = combined(Op::max, acc, in);
  const std::vector<__float128> min = combined(Op::min, acc, in);
  for (std::size_t i = 0; i < acc.size(); ++i) {
    EXPECT_TRUE(max[i] == (i < 2 ? above : -1)) << "element " << i;
    EXPECT_TRUE(min[i] == (i < 2 ? 1 : below)) << "element " << i;
  }
}

// More elements than combine copies at a time.
TEST(CombineQuad, SumOfManyElements) {
  std::vector<__float128> acc(150), in(150);
  for (std::size_t i = 0; i < acc.size(); ++i) {
    acc[i] = static_cast<int>(i % 8);
    in[i] = pow2(-100 - static_cast<int>(i % 4));
  }
  const std::vector<__float128> r = combined(Op::sum, acc, in);
  for (std::size_t i = 0; i < r.size(); ++i) EXPECT_TRUE(r[i] - acc[i] == in[i]) << "element " << i;
}

} // namespace
