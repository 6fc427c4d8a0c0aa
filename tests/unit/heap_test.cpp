// The symmetric heap's allocator (src/memory/allocator.hpp): alignment, first fit,
// coalescing, exhaustion, resize, and a randomized comparison with a simple
// reference model that predicts every offset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <vector>

#include "memory/allocator.hpp"

using shmemi::memory::HeapAllocator;

namespace {

constexpr std::size_t npos = HeapAllocator::npos;
constexpr std::size_t kAlign = HeapAllocator::min_align;

std::size_t round_up(std::size_t value, std::size_t align) {
  return (value + align - 1) / align * align;
}

// The reference: the live blocks only. The free space is their complement,
// so first fit, growth in place and the free statistics follow from it.
class Model {
public:
  explicit Model(std::size_t capacity) : capacity_(capacity) {}

  std::size_t expect_alloc(std::size_t size, std::size_t align) const {
    align = std::max(align, kAlign);
    if (size == 0 || size > capacity_ || (align & (align - 1)) != 0) return npos;
    size = round_up(size, kAlign);
    std::size_t start = 0;
    for (const auto &block : live_) {
      if (fits(start, block.first, size, align)) return round_up(start, align);
      start = block.first + block.second;
    }
    return fits(start, capacity_, size, align) ? round_up(start, align) : npos;
  }

  bool expect_resize(std::size_t offset, std::size_t size) const {
    auto it = live_.find(offset);
    if (it == live_.end() || size == 0) return false;
    auto next = std::next(it);
    const std::size_t limit = next == live_.end() ? capacity_ : next->first;
    return offset + round_up(size, kAlign) <= limit;
  }

  void add(std::size_t offset, std::size_t size) {
    size = round_up(size, kAlign);
    ASSERT_LE(offset + size, capacity_) << "block past the end of the heap";
    auto next = live_.lower_bound(offset);
    if (next != live_.end()) {
      ASSERT_LE(offset + size, next->first) << "overlaps the next block";
    }
    if (next != live_.begin()) {
      auto prev = std::prev(next);
      ASSERT_LE(prev->first + prev->second, offset) << "overlaps the previous block";
    }
    live_[offset] = size;
  }

  void set_size(std::size_t offset, std::size_t size) { live_[offset] = round_up(size, kAlign); }
  void remove(std::size_t offset) { live_.erase(offset); }
  const std::map<std::size_t, std::size_t> &live() const { return live_; }

  std::size_t bytes_free() const {
    std::size_t used = 0;
    for (const auto &block : live_) used += block.second;
    return capacity_ - used;
  }

  std::size_t largest_gap() const {
    std::size_t best = 0, start = 0;
    for (const auto &block : live_) {
      best = std::max(best, block.first - start);
      start = block.first + block.second;
    }
    return std::max(best, capacity_ - start);
  }

private:
  static bool fits(std::size_t start, std::size_t end, std::size_t size, std::size_t align) {
    const std::size_t at = round_up(start, align);
    return at <= end && end - at >= size;
  }

  std::size_t capacity_;
  std::map<std::size_t, std::size_t> live_;
};

// The allocator's whole observable state agrees with the model.
void expect_same_state(const HeapAllocator &heap, const Model &model) {
  EXPECT_EQ(heap.blocks_in_use(), model.live().size());
  EXPECT_EQ(heap.bytes_free(), model.bytes_free());
  EXPECT_EQ(heap.largest_free(), model.largest_gap());
  for (const auto &block : model.live())
    ASSERT_EQ(heap.block_size(block.first), block.second) << "block at " << block.first;
}

// Fills a heap with equal blocks; returns their offsets in address order.
std::vector<std::size_t> fill(HeapAllocator &heap, std::size_t block) {
  std::vector<std::size_t> offsets;
  for (std::size_t at; (at = heap.alloc(block)) != npos;) offsets.push_back(at);
  return offsets;
}

// Frees every block in the given order, then checks the heap is one free
// block again: a single allocation of the whole capacity succeeds.
void free_all_then_alloc_everything(HeapAllocator &heap, const std::vector<std::size_t> &order) {
  for (std::size_t offset : order) ASSERT_TRUE(heap.free(offset)) << "offset " << offset;
  EXPECT_EQ(heap.blocks_in_use(), 0u);
  EXPECT_EQ(heap.bytes_free(), heap.capacity());
  EXPECT_EQ(heap.largest_free(), heap.capacity());
  EXPECT_EQ(heap.alloc(heap.capacity()), 0u);
  EXPECT_EQ(heap.largest_free(), 0u);
}

const std::size_t kAlignments[] = {0, 1, 2, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};

} // namespace

TEST(Heap, CapacityIsRoundedDownToTheMinimumAlignment) {
  EXPECT_EQ(HeapAllocator(1000).capacity(), 992u);
  EXPECT_EQ(HeapAllocator(4096).capacity(), 4096u);
  HeapAllocator tiny(15);
  EXPECT_EQ(tiny.capacity(), 0u);
  EXPECT_EQ(tiny.alloc(1), npos);
  EXPECT_EQ(tiny.bytes_free(), 0u);
}

TEST(Heap, DefaultAlignmentIsSixteen) {
  HeapAllocator heap(4096);
  for (std::size_t size : {1, 3, 15, 16, 17, 31, 100}) {
    const std::size_t at = heap.alloc(size);
    ASSERT_NE(at, npos);
    EXPECT_EQ(at % 16, 0u) << "size " << size;
    EXPECT_EQ(heap.block_size(at), round_up(size, 16)) << "size " << size;
  }
}

TEST(Heap, SmallAlignmentsGiveSixteen) {
  HeapAllocator heap(4096);
  for (std::size_t align : {0, 1, 2, 3, 4, 7, 8, 15}) { // any value below 16 means 16
    const std::size_t at = heap.alloc(8, align);
    ASSERT_NE(at, npos) << "align " << align;
    EXPECT_EQ(at % 16, 0u) << "align " << align;
  }
}

TEST(Heap, LargeAlignmentsAreHonoured) {
  HeapAllocator heap(1 << 20);
  for (std::size_t align = 64; align <= 4096; align *= 2) {
    ASSERT_NE(heap.alloc(16), npos); // leaves the next free byte misaligned
    const std::size_t at = heap.alloc(100, align);
    ASSERT_NE(at, npos) << "align " << align;
    EXPECT_EQ(at % align, 0u) << "align " << align;
    EXPECT_GT(at, 0u);
  }
}

TEST(Heap, PaddingBeforeAnAlignedBlockStaysUsable) {
  HeapAllocator heap(8192);
  const std::size_t first = heap.alloc(16);
  const std::size_t aligned = heap.alloc(16, 4096);
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(aligned, 4096u);
  EXPECT_EQ(heap.alloc(4096 - 16), 16u); // exactly the gap left before it
}

TEST(Heap, NonPowerOfTwoAlignmentIsRefused) {
  HeapAllocator heap(4096);
  for (std::size_t align : {24, 48, 100, 4095, 4097})
    EXPECT_EQ(heap.alloc(16, align), npos) << align;
  EXPECT_EQ(heap.blocks_in_use(), 0u);
  EXPECT_EQ(heap.bytes_free(), 4096u);
}

TEST(Heap, ZeroAndOversizedRequestsFail) {
  HeapAllocator heap(4096);
  EXPECT_EQ(heap.alloc(0), npos);
  EXPECT_EQ(heap.alloc(4097), npos);
  EXPECT_EQ(heap.alloc(npos), npos);
  EXPECT_EQ(heap.alloc(npos - 8), npos);
  EXPECT_EQ(heap.blocks_in_use(), 0u);
  EXPECT_EQ(heap.alloc(4096), 0u);
}

TEST(Heap, FirstFitTakesTheLowestHoleThatFits) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(512);
  const std::size_t b = heap.alloc(64);
  const std::size_t c = heap.alloc(128);
  const std::size_t d = heap.alloc(64);
  ASSERT_EQ(a, 0u);
  ASSERT_EQ(b, 512u);
  ASSERT_EQ(c, 576u);
  ASSERT_EQ(d, 704u);
  ASSERT_TRUE(heap.free(a));
  ASSERT_TRUE(heap.free(c));
  EXPECT_EQ(heap.alloc(100), 0u);   // first hole, though c's hole fits better
  EXPECT_EQ(heap.alloc(400), 112u); // the rest of a's hole, exactly
  EXPECT_EQ(heap.alloc(128), c);    // a's hole is full now
  EXPECT_EQ(heap.alloc(16), 768u);  // then the space after d
}

TEST(Heap, FirstFitSkipsAHoleTooSmallOnceAligned) {
  HeapAllocator heap(8192);
  const std::size_t a = heap.alloc(16);
  const std::size_t b = heap.alloc(256);
  const std::size_t c = heap.alloc(16);
  ASSERT_EQ(b, 16u);
  ASSERT_NE(c, npos);
  ASSERT_TRUE(heap.free(b)); // hole [16, 272): 256 bytes, but at 256 only 16 left
  EXPECT_EQ(heap.alloc(64, 256), 512u);
  EXPECT_EQ(heap.alloc(16, 256), 256u);
  (void)a;
}

TEST(Heap, FreeingInAnyOrderCoalescesIntoOneBlock) {
  constexpr std::size_t capacity = 64 * 1024, block = 64;
  using Order = std::vector<std::size_t> (*)(std::vector<std::size_t>);
  const Order orders[] = {
      [](std::vector<std::size_t> v) { return v; },
      [](std::vector<std::size_t> v) {
        std::reverse(v.begin(), v.end());
        return v;
      },
      [](std::vector<std::size_t> v) { // odd indices, then even ones backwards
        std::vector<std::size_t> out;
        for (std::size_t i = 1; i < v.size(); i += 2) out.push_back(v[i]);
        for (std::size_t i = v.size(); i-- > 0;)
          if (i % 2 == 0) out.push_back(v[i]);
        return out;
      },
      [](std::vector<std::size_t> v) { // from the middle outwards
        std::vector<std::size_t> out;
        for (std::size_t lo = v.size() / 2, hi = lo; out.size() < v.size();) {
          if (hi < v.size()) out.push_back(v[hi++]);
          if (lo > 0) out.push_back(v[--lo]);
        }
        return out;
      },
      [](std::vector<std::size_t> v) { // every third, then the rest
        std::stable_partition(v.begin(), v.end(), [](std::size_t at) { return at / 64 % 3 == 0; });
        return v;
      },
      [](std::vector<std::size_t> v) {
        std::shuffle(v.begin(), v.end(), std::mt19937(20240611));
        return v;
      },
  };
  for (Order order : orders) {
    HeapAllocator heap(capacity);
    const std::vector<std::size_t> offsets = fill(heap, block);
    ASSERT_EQ(offsets.size(), capacity / block);
    for (std::size_t i = 0; i < offsets.size(); ++i) ASSERT_EQ(offsets[i], i * block);
    EXPECT_EQ(heap.bytes_free(), 0u);
    free_all_then_alloc_everything(heap, order(offsets));
  }
}

TEST(Heap, MixedSizesCoalesce) {
  HeapAllocator heap(1 << 16);
  std::mt19937 rng(7);
  std::vector<std::size_t> offsets;
  for (std::size_t at; (at = heap.alloc(1 + rng() % 300)) != npos;) offsets.push_back(at);
  ASSERT_GT(offsets.size(), 100u);
  std::shuffle(offsets.begin(), offsets.end(), rng);
  free_all_then_alloc_everything(heap, offsets);
}

TEST(Heap, ExhaustionReturnsNposAndLeavesStateIntact) {
  HeapAllocator heap(10000); // a multiple of 16: capacity 10000
  const std::vector<std::size_t> offsets = fill(heap, 1000);
  ASSERT_EQ(offsets.size(), 9u); // 9 * 1008 bytes of 10000
  const std::size_t free_before = heap.bytes_free(), largest = heap.largest_free();
  EXPECT_EQ(free_before, 10000u - 9 * 1008u);
  for (std::size_t size : {largest + 1, std::size_t{1000}, heap.capacity(), npos})
    EXPECT_EQ(heap.alloc(size), npos) << size;
  EXPECT_EQ(heap.alloc(16, 4096), npos);
  EXPECT_EQ(heap.bytes_free(), free_before);
  EXPECT_EQ(heap.largest_free(), largest);
  EXPECT_EQ(heap.blocks_in_use(), offsets.size());
  for (std::size_t at : offsets) EXPECT_EQ(heap.block_size(at), 1008u);
  EXPECT_EQ(heap.alloc(largest), 9 * 1008u); // what is left is still usable
  EXPECT_EQ(heap.bytes_free(), 0u);
  EXPECT_EQ(heap.alloc(1), npos);
}

TEST(Heap, ResizeShrinksInPlaceAndFreesTheTail) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(256);
  const std::size_t b = heap.alloc(64);
  ASSERT_TRUE(heap.resize(a, 100));
  EXPECT_EQ(heap.block_size(a), 112u);
  EXPECT_EQ(heap.block_size(b), 64u);
  EXPECT_EQ(heap.bytes_free(), 4096u - 112 - 64);
  EXPECT_EQ(heap.alloc(144), 112u); // the released tail, exactly
}

TEST(Heap, ResizeShrinkMergesWithTheFreeSpaceAfter) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(1024);
  ASSERT_TRUE(heap.resize(a, 16));
  EXPECT_EQ(heap.largest_free(), 4096u - 16);
  EXPECT_TRUE(heap.resize(a, 4096)); // grows back over the merged space
  EXPECT_EQ(heap.bytes_free(), 0u);
}

TEST(Heap, ResizeGrowsInPlaceIntoFreeSpace) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64);
  const std::size_t b = heap.alloc(64);
  const std::size_t c = heap.alloc(64);
  ASSERT_TRUE(heap.free(b));
  ASSERT_TRUE(heap.resize(a, 100)); // 112 of the 128 bytes before c
  EXPECT_EQ(heap.block_size(a), 112u);
  EXPECT_EQ(heap.alloc(16), 112u); // the 16 bytes left between a and c
  EXPECT_EQ(heap.block_size(c), 64u);
}

TEST(Heap, ResizeGrowsExactlyToTheNextBlock) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64);
  const std::size_t b = heap.alloc(64);
  const std::size_t c = heap.alloc(64);
  ASSERT_TRUE(heap.free(b));
  ASSERT_TRUE(heap.resize(a, 128));
  EXPECT_EQ(heap.block_size(a), 128u);
  EXPECT_FALSE(heap.resize(a, 129));
  EXPECT_EQ(heap.block_size(c), 64u);
}

TEST(Heap, ResizeBlockedLeavesTheBlockUnchanged) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64);
  const std::size_t b = heap.alloc(64);
  const std::size_t free_before = heap.bytes_free();
  EXPECT_FALSE(heap.resize(a, 65));
  EXPECT_EQ(heap.block_size(a), 64u);
  EXPECT_EQ(heap.block_size(b), 64u);
  EXPECT_EQ(heap.bytes_free(), free_before);
  EXPECT_FALSE(heap.resize(b, 4096)); // past the end of the heap
  EXPECT_EQ(heap.block_size(b), 64u);
  EXPECT_TRUE(heap.resize(b, 4096 - 64)); // up to the end exactly
  EXPECT_EQ(heap.bytes_free(), 0u);
}

TEST(Heap, ResizeRejectsBadArguments) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64);
  EXPECT_FALSE(heap.resize(a, 0));
  EXPECT_FALSE(heap.resize(a + 16, 32)); // not the start of a block
  EXPECT_FALSE(heap.resize(1024, 32));   // free space
  EXPECT_FALSE(heap.resize(npos, 32));
  EXPECT_EQ(heap.block_size(a), 64u);
  EXPECT_TRUE(heap.resize(a, 64)); // same size: nothing to do
  EXPECT_TRUE(heap.resize(a, 50)); // rounds to the same size
  EXPECT_EQ(heap.block_size(a), 64u);
}

TEST(Heap, BlockSizeOnlyAtTheStartOfALiveBlock) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(40);
  EXPECT_EQ(heap.block_size(a), 48u);
  EXPECT_EQ(heap.block_size(a + 16), 0u);
  EXPECT_EQ(heap.block_size(a + 48), 0u);
  EXPECT_EQ(heap.block_size(8192), 0u);
  EXPECT_EQ(heap.block_size(npos), 0u);
  ASSERT_TRUE(heap.free(a));
  EXPECT_EQ(heap.block_size(a), 0u);
}

TEST(Heap, DoubleFreeAndBadFreesReturnFalse) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64);
  const std::size_t b = heap.alloc(64);
  EXPECT_FALSE(heap.free(a + 16));
  EXPECT_FALSE(heap.free(2048));
  EXPECT_FALSE(heap.free(npos));
  EXPECT_TRUE(heap.free(a));
  const std::size_t free_after = heap.bytes_free();
  EXPECT_FALSE(heap.free(a));
  EXPECT_EQ(heap.bytes_free(), free_after);
  EXPECT_EQ(heap.blocks_in_use(), 1u);
  EXPECT_EQ(heap.block_size(b), 64u);
  EXPECT_EQ(heap.alloc(4096 - 128), 128u); // no block was freed twice
  EXPECT_EQ(heap.alloc(64), 0u);
  EXPECT_EQ(heap.bytes_free(), 0u);
}

namespace {

// One random call; returns what the allocator answered (an offset for
// alloc, 0 or 1 for free/resize) so runs can be compared.
struct Driver {
  std::mt19937_64 rng;
  std::vector<std::size_t> live;

  explicit Driver(std::uint64_t seed) : rng(seed) {}

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng() % n); }

  std::size_t random_size() {
    switch (pick(4)) {
    case 0: return 1 + pick(32);
    case 1: return 1 + pick(1024);
    case 2: return 1 + pick(16384);
    default: return 1 + pick(65536);
    }
  }

  std::size_t random_live() { return live[pick(live.size())]; }
};

} // namespace

namespace {

// One call to the allocator and its answer (an offset, or 0/1).
struct Call {
  enum Kind { alloc, free, resize } kind;
  std::size_t a, b, result;
};

std::size_t apply(HeapAllocator &heap, const Call &call) {
  switch (call.kind) {
  case Call::alloc: return heap.alloc(call.a, call.b);
  case Call::free: return heap.free(call.a);
  default: return heap.resize(call.a, call.b);
  }
}

// A random run of allocs, frees and resizes, with what the heap answered.
std::vector<Call> random_run(HeapAllocator &heap, Driver &d, int steps) {
  std::vector<Call> calls;
  for (int step = 0; step < steps; ++step) {
    const std::size_t op = d.pick(10);
    Call call{Call::alloc, 0, 0, 0};
    if (op < 5 || d.live.empty()) {
      call = {Call::alloc, d.random_size(), kAlignments[d.pick(std::size(kAlignments))], 0};
    } else if (op < 8) {
      const std::size_t i = d.pick(d.live.size());
      call = {Call::free, d.live[i], 0, 0};
      d.live.erase(d.live.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      call = {Call::resize, d.random_live(), d.random_size(), 0};
    }
    call.result = apply(heap, call);
    if (call.kind == Call::alloc && call.result != npos) d.live.push_back(call.result);
    calls.push_back(call);
  }
  return calls;
}

} // namespace

TEST(Heap, SameCallsGiveSameOffsets) {
  Driver d(99);
  std::vector<Call> calls;
  std::size_t free_after = 0;
  {
    HeapAllocator first(1 << 20);
    calls = random_run(first, d, 3000);
    free_after = first.bytes_free();
  }
  HeapAllocator second(1 << 20);
  std::size_t placed = 0;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    ASSERT_EQ(apply(second, calls[i]), calls[i].result) << "call " << i;
    placed += calls[i].kind == Call::alloc && calls[i].result != npos;
  }
  EXPECT_GT(placed, 500u);
  EXPECT_EQ(second.bytes_free(), free_after);
}

TEST(Heap, RandomOperationsMatchTheReferenceModel) {
  constexpr std::size_t capacity = 1 << 20;
  HeapAllocator heap(capacity);
  Model model(capacity);
  Driver d(0x5eed);
  std::size_t allocs = 0, failures = 0, frees = 0, resized = 0, blocked = 0;
  for (int step = 0; step < 5000; ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    const std::size_t op = d.pick(20);
    if (op < 10 || d.live.empty()) {
      const std::size_t size = d.random_size(), align = kAlignments[d.pick(std::size(kAlignments))];
      const std::size_t at = heap.alloc(size, align);
      ASSERT_EQ(at, model.expect_alloc(size, align)) << "alloc(" << size << ", " << align << ")";
      if (at == npos) {
        ++failures;
      } else {
        ++allocs;
        ASSERT_EQ(at % std::max(align, kAlign), 0u);
        ASSERT_NO_FATAL_FAILURE(model.add(at, size));
        d.live.push_back(at);
      }
    } else if (op < 16) {
      const std::size_t i = d.pick(d.live.size());
      ASSERT_TRUE(heap.free(d.live[i]));
      ASSERT_FALSE(heap.free(d.live[i]));
      model.remove(d.live[i]);
      d.live.erase(d.live.begin() + static_cast<std::ptrdiff_t>(i));
      ++frees;
    } else if (op < 19) {
      const std::size_t at = d.random_live(), size = d.random_size();
      const bool expected = model.expect_resize(at, size);
      ASSERT_EQ(heap.resize(at, size), expected) << "resize(" << at << ", " << size << ")";
      if (expected) {
        model.set_size(at, size);
        ++resized;
      } else {
        ++blocked;
      }
    } else {
      const std::size_t bogus = d.pick(capacity + 64);
      const bool live = model.live().count(bogus) != 0;
      ASSERT_EQ(heap.block_size(bogus), live ? model.live().at(bogus) : 0u);
    }
    ASSERT_NO_FATAL_FAILURE(expect_same_state(heap, model));
  }
  // The run exercised every path, including a full heap.
  EXPECT_GT(allocs, 500u);
  EXPECT_GT(failures, 10u);
  EXPECT_GT(frees, 500u);
  EXPECT_GT(resized, 50u);
  EXPECT_GT(blocked, 50u);
  std::vector<std::size_t> rest = d.live;
  free_all_then_alloc_everything(heap, rest);
}

// SHPDEALLC/SHPCLMOVE tell "inside a block" (-5) from "no block" (-4).
TEST(Heap, InBlockCoversEveryByteOfLiveBlocksOnly) {
  HeapAllocator heap(4096);
  const std::size_t a = heap.alloc(64), b = heap.alloc(32);
  ASSERT_NE(a, HeapAllocator::npos);
  ASSERT_NE(b, HeapAllocator::npos);
  EXPECT_TRUE(heap.in_block(a));
  EXPECT_TRUE(heap.in_block(a + 63));
  EXPECT_TRUE(heap.in_block(b + 31));
  EXPECT_FALSE(heap.in_block(b + 32));
  ASSERT_TRUE(heap.free(a));
  EXPECT_FALSE(heap.in_block(a));
  EXPECT_FALSE(heap.in_block(a + 8));
  EXPECT_TRUE(heap.in_block(b));
}
