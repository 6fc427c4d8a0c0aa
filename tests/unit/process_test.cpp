// What the library reads about its own process (src/base/process.hpp):
// the launchers' variables, /proc/self/maps, the thread count and the
// loaded objects, with the guard that keeps objects out while it runs.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <gnu/libc-version.h>
#include <sys/mman.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>

#include "base/process.hpp"

namespace process = shmemi::process;

namespace {

process::Launch launched(const std::map<std::string, std::string> &vars) {
  return process::launch([vars](const char *name) -> const char * {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  });
}

TEST(Launch, NoLauncherIsAJobOfOnePe) {
  const auto launch = launched({});
  EXPECT_FALSE(launch.launched);
  EXPECT_EQ(launch.one_node(), std::optional<bool>(true));
  EXPECT_FALSE(launch.node_peers_possible());
}

TEST(Launch, OpenMpiAndHydraSayHowManyRunHere) {
  const auto all = launched({{"OMPI_COMM_WORLD_SIZE", "4"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "4"}});
  EXPECT_EQ(all.one_node(), std::optional<bool>(true));
  EXPECT_TRUE(all.node_peers_possible());
  const auto half = launched({{"PMI_SIZE", "4"}, {"PMI_RANK", "0"}, {"MPI_LOCALNRANKS", "2"}});
  EXPECT_EQ(half.one_node(), std::optional<bool>(false));
  const auto alone = launched({{"PMI_SIZE", "2"}, {"PMI_RANK", "1"}, {"MPI_LOCALNRANKS", "1"}});
  EXPECT_FALSE(alone.node_peers_possible());
}

TEST(Launch, SlurmSaysHowManyNodes) {
  const auto two = launched(
      {{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_NODES", "2"}, {"SLURM_STEP_NUM_TASKS", "4"}});
  EXPECT_EQ(two.one_node(), std::optional<bool>(false));
  EXPECT_TRUE(two.node_peers_possible());
  const auto one = launched({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_NODES", "1"}});
  EXPECT_EQ(one.one_node(), std::optional<bool>(true));
  const auto spread = launched(
      {{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_NODES", "2"}, {"SLURM_STEP_NUM_TASKS", "2"}});
  EXPECT_FALSE(spread.node_peers_possible());
}

// What srun sets for uneven (-m plane=3: 3 PEs on one node, 1 on the
// other), cyclic and --ntasks-per-node placements: the library takes no PE
// count per node from Slurm's lists (SLURM_STEP_TASKS_PER_NODE "3,1",
// "2(x2)"); which PEs share a node it measures (MPI_COMM_TYPE_SHARED).
TEST(Launch, SlurmPlacementsGiveNoCountPerNode) {
  for (const char *per_node : {"3,1", "2(x2)", "1,3"}) {
    const auto job = launched({{"SLURM_PROCID", "3"},
                               {"PMI_SIZE", "4"},
                               {"PMI_RANK", "3"},
                               {"SLURM_STEP_NUM_NODES", "2"},
                               {"SLURM_STEP_NUM_TASKS", "4"},
                               {"SLURM_STEP_TASKS_PER_NODE", per_node},
                               {"SLURM_TASKS_PER_NODE", per_node}});
    EXPECT_FALSE(job.node_pes.has_value()) << per_node;
    EXPECT_EQ(job.one_node(), std::optional<bool>(false)) << per_node;
    EXPECT_TRUE(job.node_peers_possible()) << per_node;
  }
}

// oshrun or mpiexec inside an allocation or a one-node step: the MPI
// launcher's own counts win over the Slurm variables the PEs inherit
// (a batch step, or the srun that started the launcher's daemons).
TEST(Launch, AnMpiLauncherInsideSlurmWins) {
  const auto hydra = launched({{"SLURM_PROCID", "0"},
                               {"SLURM_STEP_NUM_NODES", "1"},
                               {"SLURM_STEP_NUM_TASKS", "1"},
                               {"PMI_SIZE", "4"},
                               {"PMI_RANK", "2"},
                               {"MPI_LOCALNRANKS", "2"}});
  EXPECT_EQ(hydra.pes, std::optional<long>(4));
  EXPECT_EQ(hydra.one_node(), std::optional<bool>(false));
  EXPECT_TRUE(hydra.node_peers_possible());
  const auto ompi = launched({{"SLURM_PROCID", "1"},
                              {"SLURM_STEP_NUM_NODES", "2"},
                              {"SLURM_STEP_NUM_TASKS", "2"},
                              {"OMPI_COMM_WORLD_SIZE", "4"},
                              {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}});
  EXPECT_EQ(ompi.one_node(), std::optional<bool>(false));
  EXPECT_TRUE(ompi.node_peers_possible());
}

TEST(Launch, AnotherLauncherLeavesItUnknown) {
  const auto pmix = launched({{"PMIX_RANK", "0"}});
  EXPECT_TRUE(pmix.launched);
  EXPECT_FALSE(pmix.one_node().has_value());
  EXPECT_TRUE(pmix.node_peers_possible());
  const auto garbled = launched({{"OMPI_COMM_WORLD_SIZE", "4x"}, {"PALS_RANKID", "0"}});
  EXPECT_FALSE(garbled.pes.has_value());
  EXPECT_FALSE(garbled.one_node().has_value());
}

TEST(Maps, ParsesEachKindOfLine) {
  process::Mapping m;
  ASSERT_TRUE(process::parse_mapping(
      "7f0000000000-7f0000002000 rw-s 00000000 00:01 1234     /memfd:shmem (deleted)\n", m));
  EXPECT_EQ(m.lo, 0x7f0000000000u);
  EXPECT_EQ(m.hi, 0x7f0000002000u);
  EXPECT_EQ(m.prot, PROT_READ | PROT_WRITE);
  EXPECT_TRUE(m.shared);
  EXPECT_EQ(m.path, "/memfd:shmem (deleted)");
  ASSERT_TRUE(process::parse_mapping("55d0-55e0 r-xp 00001000 08:01 99 /usr/bin/a b\n", m));
  EXPECT_EQ(m.prot, PROT_READ | PROT_EXEC);
  EXPECT_FALSE(m.shared);
  EXPECT_EQ(m.path, "/usr/bin/a b");
  ASSERT_TRUE(process::parse_mapping("1000-2000 ---p 00000000 00:00 0 \n", m));
  EXPECT_EQ(m.prot, 0);
  EXPECT_EQ(m.path, "");
  EXPECT_FALSE(process::parse_mapping("not a mapping\n", m));
}

TEST(Maps, FindsThisProcesssMemory) {
  const int local = 0;
  const auto at = reinterpret_cast<std::uintptr_t>(&local);
  std::string path;
  ASSERT_TRUE(process::for_each_mapping([&](const process::Mapping &m) {
    if (m.lo > at || at >= m.hi) return false;
    path = m.path;
    return true;
  }));
  EXPECT_EQ(path, "[stack]");
}

TEST(Threads, CountsThem) {
  const int before = process::threads_running();
  ASSERT_GE(before, 1);
  std::atomic<bool> stop{false};
  std::thread other([&] {
    while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  EXPECT_EQ(process::threads_running(), before + 1);
  stop = true;
  other.join();
}

TEST(Objects, TheProgramComesFirstAndNamesWhatItCalls) {
  bool first = true, program = false, calls_fopen = false, needs_libc = false;
  process::for_each_object([&](const process::Object &object) {
    if (first) {
      program = object.program();
      EXPECT_TRUE(object.holds(reinterpret_cast<const void *>(&process::launch)));
      object.for_each_reference([&](const char *name) {
        calls_fopen = calls_fopen || std::string(name) == "fopen";
        return calls_fopen;
      });
      object.for_each_needed(
          [&](const char *name) { needs_libc = needs_libc || std::string(name) == "libc.so.6"; });
    }
    first = false;
    return false;
  });
  EXPECT_TRUE(program);
  EXPECT_TRUE(calls_fopen);
  EXPECT_TRUE(needs_libc);
}

TEST(Objects, SonameOfLibc) {
  bool found = false;
  process::for_each_object([&](const process::Object &object) {
    // gnu_get_libc_version: no sanitizer intercepts it, as they do fopen.
    found = object.soname() == "libc.so.6" &&
            object.holds(reinterpret_cast<void *>(&gnu_get_libc_version));
    return found;
  });
  EXPECT_TRUE(found);
}

TEST(Objects, AnObjectLoadedLaterIsCounted) {
  const unsigned long long before = process::objects_added();
  int ran = 0;
  EXPECT_TRUE(process::run_if_no_object_added(before, [&] { ++ran; }));
  void *lib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(lib, nullptr) << dlerror();
  EXPECT_GT(process::objects_added(), before);
  EXPECT_FALSE(process::run_if_no_object_added(before, [&] { ++ran; }));
  EXPECT_EQ(ran, 1);
  dlclose(lib);
}

// While the guarded code runs, another thread's dlopen does not add its
// object, so none of that object's code can run meanwhile.
TEST(Objects, NoObjectComesInWhileTheGuardedCodeRuns) {
  std::atomic<bool> loaded{false};
  std::thread loader;
  void *lib = nullptr;
  const unsigned long long before = process::objects_added();
  ASSERT_TRUE(process::run_if_no_object_added(before, [&] {
    loader = std::thread([&] {
      lib = dlopen("libbz2.so.1.0", RTLD_NOW | RTLD_LOCAL);
      loaded = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(loaded.load());
  }));
  loader.join();
  ASSERT_NE(lib, nullptr) << dlerror();
  EXPECT_GT(process::objects_added(), before);
  dlclose(lib);
}

} // namespace
