// Sharing the data+bss of the running executable (src/core/statics.cpp):
// values survive the move into a memory file, another mapping of the file
// sees the same variables, a forked child gets private copies, and the
// variables become an alias of shared memory (SysV or file) but not of
// private memory. Each
// test runs in its own process (gtest_discover_tests).
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "core/statics.hpp"

namespace {

long initialized = 42;          // .data
long zeroed[1 << 16];           // .bss, many pages never touched
const char *const names[] = {"a", "b"}; // read-only after relocation (PIE)

shmemi::StaticSegment shared() {
  shmemi::StaticSegment segment;
  EXPECT_TRUE(shmemi::share_statics(segment));
  EXPECT_GE(segment.fd, 0);
  return segment;
}

template <class T> T *in_mapping(char *peer_statics, T *local) {
  const shmemi::Region statics = shmemi::static_data_region();
  return reinterpret_cast<T *>(peer_statics + (reinterpret_cast<char *>(local) - statics.base));
}

} // namespace

TEST(ShareStatics, KeepsValuesAndStaysWritable) {
  zeroed[1000] = 7;
  shmemi::StaticSegment segment = shared();
  EXPECT_EQ(initialized, 42);
  EXPECT_EQ(zeroed[1000], 7);
  EXPECT_EQ(zeroed[5], 0);
  EXPECT_STREQ(names[1], "b");
  initialized = 43;
  zeroed[(1 << 16) - 1] = 9;
  EXPECT_EQ(initialized + zeroed[(1 << 16) - 1], 52);
  shmemi::close_statics(segment);
  EXPECT_EQ(segment.fd, -1);
}

TEST(ShareStatics, AnotherMappingSeesTheSameVariables) {
  shmemi::StaticSegment segment = shared();
  char *peer = shmemi::map_peer_statics(getpid(), segment.fd, segment);
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(*in_mapping(peer, &initialized), 42);
  *in_mapping(peer, &zeroed[123]) = 5;
  EXPECT_EQ(zeroed[123], 5);
  initialized = 44;
  EXPECT_EQ(*in_mapping(peer, &initialized), 44);
  shmemi::unmap_peer_statics(peer, segment);
  shmemi::close_statics(segment);
}

TEST(ShareStatics, ForkedChildWritesItsOwnCopy) {
  shmemi::StaticSegment segment = shared();
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    initialized = 7;
    zeroed[9] = 7;
    _exit(initialized == 7 && zeroed[9] == 7 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(initialized, 42);
  EXPECT_EQ(zeroed[9], 0);
  shmemi::close_statics(segment);
}

TEST(ShareStatics, MapsNothingOfAnUnknownProcess) {
  shmemi::StaticSegment segment = shared();
  EXPECT_EQ(shmemi::map_peer_statics(getpid(), 9999, segment), nullptr);
  shmemi::close_statics(segment);
}

namespace {

shmemi::Region static_pages() {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return shmemi::whole_pages(shmemi::static_data_region(), page);
}

// Stores through `memory` (laid out like the variables' whole pages) reach
// the variables, and the other way round.
void expect_alias(char *memory) {
  zeroed[77] = 3;
  ASSERT_TRUE(shmemi::alias_statics(memory));
  EXPECT_EQ(initialized, 42);
  EXPECT_EQ(zeroed[77], 3);
  char *statics = memory + (shmemi::static_data_region().base - static_pages().base);
  *in_mapping(statics, &zeroed[77]) = 8;
  EXPECT_EQ(zeroed[77], 8);
  initialized = 45;
  EXPECT_EQ(*in_mapping(statics, &initialized), 45);
}

} // namespace

TEST(AliasStatics, OntoASysVSegment) {
  const std::size_t bytes = static_pages().size;
  const int id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
  ASSERT_GE(id, 0);
  void *memory = shmat(id, nullptr, 0);
  shmctl(id, IPC_RMID, nullptr);
  ASSERT_NE(memory, reinterpret_cast<void *>(-1));
  expect_alias(static_cast<char *>(memory));
}

TEST(AliasStatics, OntoASharedFileMapping) {
  const std::size_t bytes = static_pages().size;
  const int fd = memfd_create("alias-test", 0);
  ASSERT_EQ(ftruncate(fd, static_cast<off_t>(bytes)), 0);
  void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ASSERT_NE(memory, MAP_FAILED);
  expect_alias(static_cast<char *>(memory));
}

TEST(AliasStatics, NotOntoPrivateMemory) {
  void *memory = mmap(nullptr, static_pages().size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  EXPECT_FALSE(shmemi::alias_statics(static_cast<char *>(memory)));
  initialized = 46;
  EXPECT_NE(*in_mapping(static_cast<char *>(memory) +
                            (shmemi::static_data_region().base - static_pages().base),
                        &initialized),
            46); // not an alias
}
