#include "base/process.hpp"

#include <sys/mman.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace shmemi::process {
namespace {

std::optional<long> number(const EnvLookup &env, const char *name) {
  const char *text = env(name);
  if (text == nullptr || *text == '\0') return std::nullopt;
  char *end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' ? std::optional<long>(value) : std::nullopt;
}

std::optional<long> first_number(const EnvLookup &env, std::initializer_list<const char *> names) {
  for (const char *name : names)
    if (const auto value = number(env, name)) return value;
  return std::nullopt;
}

} // namespace

// Each launcher's names: Open MPI's mpiexec, MPICH's Hydra, Slurm's srun
// (per step), Cray's PALS, and PMIx's rank for any PMIx launcher.
Launch launch(const EnvLookup &env) {
  Launch launch;
  launch.pes =
      first_number(env, {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS", "PALS_SIZE"});
  launch.node_pes =
      first_number(env, {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "PALS_LOCAL_SIZE"});
  launch.nodes = first_number(env, {"SLURM_STEP_NUM_NODES"});
  for (const char *rank :
       {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID", "PALS_RANKID"})
    launch.launched = launch.launched || env(rank) != nullptr;
  launch.launched = launch.launched || launch.pes.has_value();
  return launch;
}

std::optional<bool> Launch::one_node() const {
  if (pes && node_pes) return *pes == *node_pes;
  if (nodes) return *nodes == 1;
  if (launched) return std::nullopt;
  return true;
}

bool Launch::node_peers_possible() const {
  if (node_pes) return *node_pes > 1;
  if (nodes && pes && *nodes == *pes) return false;
  return launched;
}

bool parse_mapping(const char *line, Mapping &out) {
  unsigned long lo = 0, hi = 0;
  char perms[5] = {};
  int path = 0;
  if (std::sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &lo, &hi, perms, &path) < 3) return false;
  out.lo = lo;
  out.hi = hi;
  out.prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
             (perms[2] == 'x' ? PROT_EXEC : 0);
  out.shared = perms[3] == 's';
  out.path = path > 0 ? std::string(line + path) : std::string();
  while (!out.path.empty() && (out.path.back() == '\n' || out.path.back() == ' '))
    out.path.pop_back();
  return true;
}

bool for_each_mapping(const std::function<bool(const Mapping &)> &visit) {
  FILE *maps = std::fopen("/proc/self/maps", "re");
  if (maps == nullptr) return false;
  char line[4096 + 128];
  Mapping mapping;
  while (std::fgets(line, sizeof line, maps))
    if (parse_mapping(line, mapping) && visit(mapping)) break;
  std::fclose(maps);
  return true;
}

int threads_running() {
  FILE *status = std::fopen("/proc/self/status", "re");
  if (status == nullptr) return -1;
  char line[256];
  int threads = -1;
  while (std::fgets(line, sizeof line, status))
    if (std::sscanf(line, "Threads: %d", &threads) == 1) break;
  std::fclose(status);
  return threads;
}

namespace {

// A pointer of an object's dynamic section: relocated by the dynamic
// linker in most objects, an offset from the load base in the vDSO.
template <class T> const T *dynamic_pointer(const dl_phdr_info &object, ElfW(Addr) value) {
  return reinterpret_cast<const T *>(value < object.dlpi_addr ? object.dlpi_addr + value : value);
}

} // namespace

void Object::for_each_segment(const std::function<void(const ElfW(Phdr) &, char *)> &visit) const {
  for (int i = 0; i < info_.dlpi_phnum; ++i)
    visit(info_.dlpi_phdr[i],
          reinterpret_cast<char *>(info_.dlpi_addr + info_.dlpi_phdr[i].p_vaddr));
}

bool Object::holds(const void *address) const {
  const auto *at = static_cast<const char *>(address);
  bool held = false;
  for_each_segment([&](const ElfW(Phdr) & segment, char *begin) {
    held = held || (segment.p_type == PT_LOAD && at >= begin && at < begin + segment.p_memsz);
  });
  return held;
}

const ElfW(Dyn) * Object::dynamic_section() const {
  const ElfW(Dyn) *section = nullptr;
  for_each_segment([&](const ElfW(Phdr) & segment, char *begin) {
    if (segment.p_type == PT_DYNAMIC) section = reinterpret_cast<const ElfW(Dyn) *>(begin);
  });
  return section;
}

void Object::for_each_reference(const std::function<bool(const char *)> &visit) const {
  const ElfW(Dyn) *d = dynamic_section();
  if (d == nullptr) return;
  ElfW(Addr) symtab = 0, strtab = 0, tables[2] = {0, 0};
  std::size_t sizes[2] = {0, 0};
  for (; d->d_tag != DT_NULL; ++d) {
    if (d->d_tag == DT_SYMTAB) symtab = d->d_un.d_ptr;
    if (d->d_tag == DT_STRTAB) strtab = d->d_un.d_ptr;
    if (d->d_tag == DT_JMPREL) tables[0] = d->d_un.d_ptr;
    if (d->d_tag == DT_PLTRELSZ) sizes[0] = d->d_un.d_val;
    if (d->d_tag == DT_RELA) tables[1] = d->d_un.d_ptr;
    if (d->d_tag == DT_RELASZ) sizes[1] = d->d_un.d_val;
  }
  if (symtab == 0 || strtab == 0) return;
  const auto *symbols = dynamic_pointer<ElfW(Sym)>(info_, symtab);
  const auto *names = dynamic_pointer<char>(info_, strtab);
  for (int t = 0; t < 2; ++t) {
    const auto *rel = tables[t] ? dynamic_pointer<ElfW(Rela)>(info_, tables[t]) : nullptr;
    for (std::size_t i = 0; rel && i < sizes[t] / sizeof(ElfW(Rela)); ++i) {
      const auto index = ELF64_R_SYM(rel[i].r_info);
      if (index != 0 && symbols[index].st_shndx == SHN_UNDEF &&
          visit(names + symbols[index].st_name))
        return;
    }
  }
}

std::string Object::soname() const {
  std::string name;
  const ElfW(Dyn) *d = dynamic_section();
  ElfW(Addr) strtab = 0;
  for (const ElfW(Dyn) *e = d; e && e->d_tag != DT_NULL; ++e)
    if (e->d_tag == DT_STRTAB) strtab = e->d_un.d_ptr;
  for (const ElfW(Dyn) *e = d; strtab && e->d_tag != DT_NULL; ++e)
    if (e->d_tag == DT_SONAME) name = dynamic_pointer<char>(info_, strtab) + e->d_un.d_val;
  return name;
}

void Object::for_each_needed(const std::function<void(const char *)> &visit) const {
  const ElfW(Dyn) *d = dynamic_section();
  ElfW(Addr) strtab = 0;
  for (const ElfW(Dyn) *e = d; e && e->d_tag != DT_NULL; ++e)
    if (e->d_tag == DT_STRTAB) strtab = e->d_un.d_ptr;
  for (const ElfW(Dyn) *e = d; strtab && e->d_tag != DT_NULL; ++e)
    if (e->d_tag == DT_NEEDED) visit(dynamic_pointer<char>(info_, strtab) + e->d_un.d_val);
}

void for_each_object(const std::function<bool(const Object &)> &visit) {
  auto each = [](dl_phdr_info *info, std::size_t, void *data) {
    return (*static_cast<const std::function<bool(const Object &)> *>(data))(Object(*info)) ? 1 : 0;
  };
  dl_iterate_phdr(each, const_cast<std::function<bool(const Object &)> *>(&visit));
}

unsigned long long objects_added() {
  unsigned long long added = 0;
  dl_iterate_phdr(
      [](dl_phdr_info *info, std::size_t, void *data) {
        *static_cast<unsigned long long *>(data) = info->dlpi_adds;
        return 1;
      },
      &added);
  return added;
}

// dl_iterate_phdr holds the dynamic linker's lock on the list of objects
// while it calls back, and an object joins the list under that lock
// before any of its code (constructors, IFUNC resolvers) runs.
bool run_if_no_object_added(unsigned long long added, const std::function<void()> &run) {
  struct Guard {
    unsigned long long added;
    const std::function<void()> &run;
    bool ran = false;
  } guard{added, run};
  dl_iterate_phdr(
      [](dl_phdr_info *info, std::size_t, void *data) {
        auto &g = *static_cast<Guard *>(data);
        if (info->dlpi_adds == g.added) {
          g.run();
          g.ran = true;
        }
        return 1;
      },
      &guard);
  return guard.ran;
}

} // namespace shmemi::process
