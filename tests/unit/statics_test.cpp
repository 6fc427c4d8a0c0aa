// Sharing the data+bss of the running executable (src/memory/statics.cpp):
// values survive the move into a memory file, another mapping of the file
// sees the same variables, and a forked child gets a private snapshot,
// with the page protections the program set, at a cost that does not grow
// with untouched bss. Each test runs in its own process
// (gtest_discover_tests); the unit tests run without a launcher, so the
// library did not move anything at load time.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "memory/peer_socket.hpp"
#include "memory/statics.hpp"

namespace {

long initialized = 42;                  // .data
long zeroed[1 << 16];                   // .bss, many pages never touched
char untouched[std::size_t{256} << 20]; // a large bss never touched
const char *const names[] = {"a", "b"}; // read-only after relocation (PIE)
alignas(4096) char protected_page[4096] = {1};

// `huge`: laid out for transparent huge pages (the file's offsets agree
// with the addresses modulo 2 MiB).
shmemi::memory::StaticSegment shared(bool huge = false) {
  shmemi::memory::StaticSegment segment;
  EXPECT_TRUE(shmemi::memory::move_statics_to_file(segment, huge));
  EXPECT_GE(segment.fd, 0);
  return segment;
}

template <class T> T *in_mapping(char *peer_statics, T *local) {
  const shmemi::Region statics = shmemi::memory::static_data_region();
  return reinterpret_cast<T *>(peer_statics + (reinterpret_cast<char *>(local) - statics.base));
}

// Runs `child` in a forked process; true if it returned true.
template <class Child> bool in_child(Child child) {
  const pid_t pid = fork();
  if (pid == 0) _exit(child() ? 0 : 1);
  int status = 0;
  return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
         WEXITSTATUS(status) == 0;
}

long vm_rss_kib() {
  FILE *status = std::fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  while (status && std::fgets(line, sizeof line, status))
    if (std::sscanf(line, "VmRSS: %ld", &kib) == 1) break;
  if (status) std::fclose(status);
  return kib;
}

// The permissions /proc/self/maps gives the page at `p` ("rw-p", ...).
std::string permissions(const void *p) {
  FILE *maps = std::fopen("/proc/self/maps", "r");
  char line[512], perms[5] = {};
  unsigned long lo = 0, hi = 0;
  const auto at = reinterpret_cast<unsigned long>(p);
  std::string found;
  while (found.empty() && std::fgets(line, sizeof line, maps))
    if (std::sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) == 3 && lo <= at && at < hi)
      found = perms;
  std::fclose(maps);
  return found;
}

// Another PE's view of this process's segment, as shmem_init maps it
// where no descriptor came over a socket (through /proc).
char *map_peer(const shmemi::memory::StaticSegment &segment) {
  std::string why;
  shmemi::memory::PeerSocket none(false);
  return shmemi::memory::map_peer_statics(shmemi::memory::offer_statics(true, 0), segment, 1, none,
                                          why);
}

} // namespace

TEST(ShareStatics, NothingMovedAtLoadWithoutALauncher) {
  EXPECT_EQ(shmemi::memory::statics_file().fd, -1);
  const std::string why = shmemi::memory::statics_not_in_file_because();
  EXPECT_TRUE(why == "the launcher started no other PE on this node" ||
              why == "SHMEM_FORCE_INTERNODE is on")
      << why;
}

TEST(ShareStatics, KeepsValuesAndStaysWritable) {
  zeroed[1000] = 7;
  shared();
  EXPECT_EQ(initialized, 42);
  EXPECT_EQ(zeroed[1000], 7);
  EXPECT_EQ(zeroed[5], 0);
  EXPECT_STREQ(names[1], "b");
  initialized = 43;
  zeroed[(1 << 16) - 1] = 9;
  EXPECT_EQ(initialized + zeroed[(1 << 16) - 1], 52);
}

TEST(ShareStatics, CopiesOnlyPagesThatHoldData) {
  zeroed[3000] = 1;
  const shmemi::memory::StaticSegment segment = shared();
  struct stat st {};
  ASSERT_EQ(fstat(segment.fd, &st), 0);
  EXPECT_GT(segment.pages.size, sizeof untouched);
  EXPECT_LT(st.st_blocks * 512, 16 << 20); // bytes the file holds
}

TEST(ShareStatics, LeavesReadOnlyRelocationsOut) {
  const shmemi::Region statics = shmemi::memory::static_data_region();
  EXPECT_FALSE(statics.contains(&names[0], sizeof names[0]));
  EXPECT_TRUE(statics.contains(&initialized, sizeof initialized));
  shared();
  EXPECT_EQ(permissions(&names[0])[1], '-'); // still read-only
}

TEST(ShareStatics, AnotherMappingSeesTheSameVariables) {
  const shmemi::memory::StaticSegment segment = shared();
  char *peer = map_peer(segment);
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(*in_mapping(peer, &initialized), 42);
  *in_mapping(peer, &zeroed[123]) = 5;
  EXPECT_EQ(zeroed[123], 5);
  initialized = 44;
  EXPECT_EQ(*in_mapping(peer, &initialized), 44);
  shmemi::memory::unmap_peer_statics(peer, shmemi::memory::offer_statics(true, 0), segment);
}

TEST(ShareStatics, HugePageLayoutKeepsTheVariables) {
  const shmemi::memory::StaticSegment segment = shared(true);
  const auto base = reinterpret_cast<std::uintptr_t>(segment.pages.base);
  EXPECT_EQ(segment.skew, base % (std::uintptr_t{2} << 20));
  EXPECT_EQ(initialized, 42);
  char *peer = map_peer(segment);
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(peer - segment.lead) % (std::uintptr_t{2} << 20),
            segment.skew); // the peer's mapping can be THP where this one can
  *in_mapping(peer, &zeroed[77]) = 3;
  EXPECT_EQ(zeroed[77], 3);
  EXPECT_TRUE(in_child([] { return initialized == 42 && zeroed[77] == 3; }));
  shmemi::memory::unmap_peer_statics(peer, shmemi::memory::offer_statics(true, 0), segment);
}

TEST(ShareStatics, ForkedChildWritesItsOwnCopy) {
  shared();
  EXPECT_TRUE(in_child([] {
    initialized = 7;
    zeroed[9] = 7;
    return initialized == 7 && zeroed[9] == 7;
  }));
  EXPECT_EQ(initialized, 42);
  EXPECT_EQ(zeroed[9], 0);
}

TEST(ShareStatics, ForkedChildKeepsItsSnapshot) {
  const shmemi::memory::StaticSegment segment = shared();
  char *peer = map_peer(segment);
  ASSERT_NE(peer, nullptr);
  int go[2];
  ASSERT_EQ(pipe(go), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    char byte;
    _exit(read(go[0], &byte, 1) == 1 && initialized == 42 ? 0 : 1);
  }
  *in_mapping(peer, &initialized) = 50; // as another PE's put would
  initialized = 51;
  ASSERT_EQ(write(go[1], "x", 1), 1);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(ShareStatics, ForkedChildKeepsPageProtections) {
  shared();
  ASSERT_EQ(mprotect(protected_page, sizeof protected_page, PROT_READ), 0);
  EXPECT_TRUE(
      in_child([] { return permissions(protected_page) == "r--p" && protected_page[0] == 1; }));
  EXPECT_EQ(permissions(protected_page), "r--s");
}

TEST(ShareStatics, ForkCostDoesNotGrowWithUntouchedBss) {
  shared();
  const long parent_kib = vm_rss_kib();
  EXPECT_TRUE(in_child([parent_kib] {
    untouched[sizeof untouched - 1] = 1; // its own page, not the parent's
    return vm_rss_kib() < parent_kib + 16 * 1024 && untouched[0] == 0;
  }));
  EXPECT_EQ(untouched[sizeof untouched - 1], 0);
}

TEST(ShareStatics, MapsNothingOfAnUnknownProcess) {
  const shmemi::memory::StaticSegment segment = shared();
  std::string why;
  shmemi::memory::PeerSocket none(false);
  EXPECT_EQ(shmemi::memory::map_peer_statics(shmemi::memory::describe_file(9999, 4096, 0), segment,
                                             1, none, why),
            nullptr);
  EXPECT_NE(why.find("/proc/"), std::string::npos) << why;
}

// What /proc/<pid>/fd/<fd> opens must be the file its owner described: in
// separate PID namespaces the path names some other process's descriptor.
TEST(ShareStatics, MapsNothingThatIsNotTheDescribedFile) {
  const shmemi::memory::StaticSegment segment = shared();
  shmemi::memory::PeerFile offer = shmemi::memory::offer_statics(true, 0);
  offer.inode += 1;
  std::string why;
  shmemi::memory::PeerSocket none(false);
  EXPECT_EQ(shmemi::memory::map_peer_statics(offer, segment, 1, none, why), nullptr);
  EXPECT_NE(why.find("is not that PE's memory file"), std::string::npos) << why;
}
