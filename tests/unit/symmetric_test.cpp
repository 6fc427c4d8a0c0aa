// Symmetric address translation (src/base/symmetric.hpp): which space a
// range lies in, its offset, the edges of each space, overflow safety, and
// the static data region of the running executable.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>

#include "memory/statics.hpp"
#include "base/symmetric.hpp"

using shmemi::Region;
using shmemi::Space;
using shmemi::SymAddr;
using shmemi::symmetric_locate;

namespace {

// One buffer carved into a heap of 4096 bytes at h and statics of 1024
// bytes at s, with unowned gaps around both, so that one byte before or
// past either is in neither.
alignas(64) char arena[8192];
char *const h = arena + 256;
char *const s = arena + 6400;
const Region heap{h, 4096};
const Region statics{s, 1024};

// Lands in this binary's data and bss, which static_data_region() covers.
int global_counter = 42;
long global_zeroed[16];

bool locate(const void *addr, std::size_t len, SymAddr &out) {
  return symmetric_locate(heap, statics, addr, len, out);
}

void expect_at(const void *addr, std::size_t len, Space space, std::size_t offset) {
  SymAddr out{Space::statics, 999999};
  ASSERT_TRUE(locate(addr, len, out)) << "addr " << addr << " len " << len;
  EXPECT_EQ(out.space, space);
  EXPECT_EQ(out.offset, offset);
}

void expect_outside(const void *addr, std::size_t len) {
  SymAddr out;
  EXPECT_FALSE(locate(addr, len, out)) << "addr " << addr << " len " << len;
}

} // namespace

TEST(SymmetricLocate, HeapAddressesGiveHeapOffsets) {
  expect_at(h, 1, Space::heap, 0);
  expect_at(h, 4096, Space::heap, 0); // the whole heap
  expect_at(h + 100, 8, Space::heap, 100);
  expect_at(h + 4095, 1, Space::heap, 4095); // last byte
}

TEST(SymmetricLocate, StaticAddressesGiveStaticOffsets) {
  expect_at(s, 1, Space::statics, 0);
  expect_at(s, 1024, Space::statics, 0);
  expect_at(s + 1000, 24, Space::statics, 1000);
  expect_at(s + 1023, 1, Space::statics, 1023);
}

TEST(SymmetricLocate, OnePastTheEndIsOutside) {
  expect_outside(h + 4096, 1);
  expect_outside(h - 1, 1);
  expect_outside(s + 1024, 1);
  expect_outside(s - 1, 1);
}

TEST(SymmetricLocate, RangesStraddlingAnEndAreOutside) {
  expect_outside(h + 4095, 2);
  expect_outside(h + 4000, 200);
  expect_outside(h, 4097);
  expect_outside(h - 1, 2); // straddles the start of the heap
  expect_outside(s + 1000, 25);
  expect_outside(s - 44, 100); // straddles the start of the statics
  expect_outside(h + 4000,
                 static_cast<std::size_t>(s + 10 - (h + 4000))); // from the heap into the statics
}

TEST(SymmetricLocate, ZeroLengthRanges) {
  expect_at(h + 4096, 0, Space::heap, 4096); // empty range at the end
  expect_at(s + 1024, 0, Space::statics, 1024);
  expect_at(h + 10, 0, Space::heap, 10);
  expect_outside(h + 4097, 0);
  expect_outside(h - 1, 0);
  expect_outside(s - 1, 0);
}

TEST(SymmetricLocate, AddressesBelowBothSpacesAreOutside) {
  SymAddr out;
  EXPECT_FALSE(symmetric_locate(Region{arena + 64, 64}, Region{arena + 256, 64}, arena, 1, out));
  EXPECT_FALSE(
      symmetric_locate(Region{arena + 64, 64}, Region{arena + 256, 64}, arena + 63, 1, out));
  EXPECT_FALSE(symmetric_locate(Region{arena + 64, 64}, Region{arena + 256, 64}, nullptr, 1, out));
}

TEST(SymmetricLocate, EmptyStaticsStillFindTheHeap) {
  SymAddr out;
  ASSERT_TRUE(symmetric_locate(heap, Region{}, h + 8, 8, out));
  EXPECT_EQ(out.space, Space::heap);
  EXPECT_EQ(out.offset, 8u);
  EXPECT_FALSE(symmetric_locate(heap, Region{}, s, 1, out));
}

TEST(RegionContains, HugeLengthsDoNotWrapAround) {
  for (std::size_t offset : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{4095}}) {
    for (std::size_t len : {SIZE_MAX, SIZE_MAX - 1, SIZE_MAX - offset, SIZE_MAX / 2,
                            std::size_t{1} << 63, std::size_t{4097}}) {
      EXPECT_FALSE(heap.contains(h + offset, len)) << "offset " << offset << " len " << len;
    }
  }
}

TEST(RegionContains, LengthsThatWrapBackIntoTheRegion) {
  // h + 100 + len wraps around to h + 49, inside the region.
  EXPECT_FALSE(heap.contains(h + 100, SIZE_MAX - 50));
  EXPECT_FALSE(heap.contains(h + 4095, SIZE_MAX));
  SymAddr out;
  EXPECT_FALSE(locate(h + 100, SIZE_MAX - 50, out));
  EXPECT_FALSE(locate(s + 10, SIZE_MAX - 5, out));
}

TEST(RegionContains, RegionsNearTheTopOfTheAddressSpace) {
  // Only the numbers matter: contains() never dereferences.
  const std::uintptr_t top = UINTPTR_MAX - 4095;
  const Region high{reinterpret_cast<char *>(top), 4096};
  EXPECT_TRUE(high.contains(reinterpret_cast<void *>(top), 4096));
  EXPECT_TRUE(high.contains(reinterpret_cast<void *>(UINTPTR_MAX), 1));
  EXPECT_FALSE(high.contains(reinterpret_cast<void *>(UINTPTR_MAX), 2));
  EXPECT_FALSE(high.contains(reinterpret_cast<void *>(top + 16), SIZE_MAX));
  EXPECT_FALSE(high.contains(reinterpret_cast<void *>(top - 1), 1));
  EXPECT_FALSE(high.contains(reinterpret_cast<void *>(std::uintptr_t{16}), 16));
}

TEST(RegionContains, WholeRegionAndSubranges) {
  EXPECT_TRUE(heap.contains(h, 4096));
  EXPECT_TRUE(heap.contains(h + 1, 4095));
  EXPECT_FALSE(heap.contains(h + 1, 4096));
  EXPECT_FALSE(heap.contains(h - 1, 1));
  EXPECT_FALSE(heap.contains(h - 1, 2));
}

TEST(StaticDataRegion, CoversGlobalAndStaticVariables) {
  static double function_static = 1.5;
  static char zeroed_static[32];
  const Region region = shmemi::memory::static_data_region();
  ASSERT_NE(region.base, nullptr);
  ASSERT_GT(region.size, 0u);
  EXPECT_TRUE(region.contains(&global_counter, sizeof global_counter));
  EXPECT_TRUE(region.contains(global_zeroed, sizeof global_zeroed));
  EXPECT_TRUE(region.contains(&function_static, sizeof function_static));
  EXPECT_TRUE(region.contains(zeroed_static, sizeof zeroed_static));
  EXPECT_TRUE(region.contains(arena, sizeof arena));
}

TEST(StaticDataRegion, ExcludesStackAndMallocMemory) {
  const Region region = shmemi::memory::static_data_region();
  volatile int on_stack = 0;
  char stack_buffer[64] = {};
  EXPECT_FALSE(region.contains(const_cast<int *>(&on_stack), sizeof on_stack));
  EXPECT_FALSE(region.contains(stack_buffer, sizeof stack_buffer));
  std::unique_ptr<int> small(new int(3));
  void *from_malloc = std::malloc(64);
  void *large = std::malloc(std::size_t{64} << 20); // mmap-backed
  ASSERT_NE(from_malloc, nullptr);
  ASSERT_NE(large, nullptr);
  EXPECT_FALSE(region.contains(small.get(), sizeof(int)));
  EXPECT_FALSE(region.contains(from_malloc, 64));
  EXPECT_FALSE(region.contains(large, 1));
  std::free(large);
  std::free(from_malloc);
}

TEST(StaticDataRegion, ExcludesCodeAndReadOnlyData) {
  static const char literal[] = "read-only data of the executable";
  const Region region = shmemi::memory::static_data_region();
  const auto code = reinterpret_cast<std::uintptr_t>(&locate);
  EXPECT_FALSE(region.contains(reinterpret_cast<const void *>(code), 1));
  EXPECT_FALSE(region.contains(literal, sizeof literal));
}

TEST(StaticDataRegion, IsTheSameOnEveryCall) {
  const Region a = shmemi::memory::static_data_region();
  const Region b = shmemi::memory::static_data_region();
  EXPECT_EQ(a.base, b.base);
  EXPECT_EQ(a.size, b.size);
}
