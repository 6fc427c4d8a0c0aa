// What the library reads about its own process, one reader of each for
// every layer: the launcher's variables, the mappings (/proc/self/maps),
// the thread count and the objects the dynamic linker has loaded.
#pragma once

#include <link.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "base/config.hpp"

namespace shmemi::process {

// What the launcher tells a PE before MPI starts (Open MPI's mpiexec,
// MPICH's Hydra, Slurm's srun, Cray's PALS), each variable named once here.
struct Launch {
  std::optional<long> pes;      // PEs of the job
  std::optional<long> node_pes; // PEs started on this node
  std::optional<long> nodes;    // nodes of the job
  bool launched = false;        // some launcher started this process

  // Whether every PE of the job runs on this node; unknown under a
  // launcher that does not say. A process started without a launcher is
  // a job of one PE.
  std::optional<bool> one_node() const;
  // Whether other PEs may run on this node.
  bool node_peers_possible() const;
};
Launch launch(const EnvLookup &env);

// One line of /proc/self/maps.
struct Mapping {
  std::uintptr_t lo = 0, hi = 0;
  int prot = 0; // PROT_READ | PROT_WRITE | PROT_EXEC
  bool shared = false;
  std::string path; // "" for anonymous memory, "[stack]" and the like in brackets
};
// Parses one line; false if it is not one.
bool parse_mapping(const char *line, Mapping &out);
// Calls `visit` for each mapping in address order until it returns true;
// false if /proc/self/maps cannot be read.
bool for_each_mapping(const std::function<bool(const Mapping &)> &visit);

// The threads of the process (/proc/self/status), -1 if unknown.
int threads_running();

// A loaded object (the program, a shared library, the vDSO).
class Object {
public:
  explicit Object(const dl_phdr_info &info) : info_(info) {}
  bool program() const { return info_.dlpi_name == nullptr || *info_.dlpi_name == '\0'; }
  // Its path, or "the program".
  const char *name() const { return program() ? "the program" : info_.dlpi_name; }
  std::uintptr_t base() const { return info_.dlpi_addr; }
  // Each program header, with where its segment starts in memory.
  void for_each_segment(const std::function<void(const ElfW(Phdr) &, char *)> &visit) const;
  // Whether one of its loaded segments holds `address`.
  bool holds(const void *address) const;
  // Its dynamic section; null in a static executable.
  const ElfW(Dyn) * dynamic_section() const;
  // Each symbol its relocations bind elsewhere (what it calls or takes
  // the address of), until `visit` returns true.
  void for_each_reference(const std::function<bool(const char *)> &visit) const;
  // Its DT_SONAME ("" if none) and each DT_NEEDED name.
  std::string soname() const;
  void for_each_needed(const std::function<void(const char *)> &visit) const;

private:
  const dl_phdr_info &info_;
};

// Calls `visit` for each loaded object, in every namespace, until it
// returns true. The dynamic linker adds no object meanwhile.
void for_each_object(const std::function<bool(const Object &)> &visit);

// Objects added to the process so far (they are never fewer).
unsigned long long objects_added();

// Runs `run` only if no object has been added since `added` objects were
// (objects_added()), holding the dynamic linker's list so that none is
// added until `run` returns: code of an object loaded later cannot run
// meanwhile. Whether it ran.
bool run_if_no_object_added(unsigned long long added, const std::function<void()> &run);

} // namespace shmemi::process
