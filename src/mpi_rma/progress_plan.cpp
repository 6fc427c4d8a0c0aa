#include "mpi_rma/progress_plan.hpp"

#include <dlfcn.h>
#include <link.h>
#include <mpi.h>

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace shmemi::mpi_rma {
namespace {

// Whether every PE of the job runs on this node, as the launcher tells
// before MPI starts: Open MPI's mpiexec, MPICH's Hydra and Slurm say how
// many ranks run here; a process started without a launcher is a job of
// one PE. Unknown for any other launcher.
std::optional<bool> launcher_one_node(const EnvLookup &env) {
  static const struct {
    const char *all, *here;
  } counts[] = {{"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_SIZE"},
                {"PMI_SIZE", "MPI_LOCALNRANKS"}};
  for (const auto &[all, here] : counts)
    if (const char *n = env(all), *local = env(here); n && local) return std::string(n) == local;
  if (const char *nodes = env("SLURM_STEP_NUM_NODES")) return std::string(nodes) == "1";
  for (const char *launched : {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_SIZE", "SLURM_JOB_ID"})
    if (env(launched)) return std::nullopt;
  return true;
}

// What an MPI routine's name says of the program: it initializes MPI
// itself (MPI_Init, MPI_Init_thread, in C or Fortran), it calls MPI
// (another routine), or neither (not MPI's, or one of the queries and
// finalizations the library defines for the program, hybrid.cpp).
enum class Use { none, init, call };

Use use_of(std::string_view name) {
  for (std::string_view init : {"MPI_Init", "MPI_Init_thread", "MPI_INIT", "MPI_INIT_THREAD"})
    if (name == init) return Use::init;
  for (std::string_view query : {"MPI_Initialized", "MPI_Finalize", "MPI_Finalized"})
    if (name == query) return Use::none;
  if (name.substr(0, 8) == "mpi_init" && name.substr(0, 15) != "mpi_initialized") return Use::init;
  for (std::string_view prefix : {"MPI_", "PMPI_", "mpi_", "pmpi_"})
    if (name.substr(0, prefix.size()) == prefix) return Use::call;
  return Use::none;
}

// A pointer of an object's dynamic section: relocated by the dynamic
// linker in most objects, an offset from the load base in the vDSO.
template <class T> const T *dynamic_pointer(const dl_phdr_info &object, ElfW(Addr) value) {
  return reinterpret_cast<const T *>(value < object.dlpi_addr ? object.dlpi_addr + value : value);
}

struct Scan {
  const void *library = nullptr; // a function of this library
  const void *mpi = nullptr;     // one of MPI's
  bool inits = false;            // some object refers to MPI_Init or MPI_Init_thread
  std::string calls;             // who refers to another MPI routine, and which
  std::string unknown;           // why nothing can be told, or ""
};

// The MPI routines the object's relocations bind (undefined symbols: the
// object calls them or takes their address).
void scan_references(const dl_phdr_info &object, const char *name, Scan &scan) {
  const ElfW(Dyn) *dynamic = nullptr;
  for (int i = 0; i < object.dlpi_phnum; ++i)
    if (object.dlpi_phdr[i].p_type == PT_DYNAMIC)
      dynamic = reinterpret_cast<const ElfW(Dyn) *>(object.dlpi_addr + object.dlpi_phdr[i].p_vaddr);
  if (dynamic == nullptr) return;
  ElfW(Addr) symtab = 0, strtab = 0, tables[2] = {0, 0};
  std::size_t sizes[2] = {0, 0};
  for (const ElfW(Dyn) *d = dynamic; d->d_tag != DT_NULL; ++d) {
    if (d->d_tag == DT_SYMTAB) symtab = d->d_un.d_ptr;
    if (d->d_tag == DT_STRTAB) strtab = d->d_un.d_ptr;
    if (d->d_tag == DT_JMPREL) tables[0] = d->d_un.d_ptr;
    if (d->d_tag == DT_PLTRELSZ) sizes[0] = d->d_un.d_val;
    if (d->d_tag == DT_RELA) tables[1] = d->d_un.d_ptr;
    if (d->d_tag == DT_RELASZ) sizes[1] = d->d_un.d_val;
  }
  if (symtab == 0 || strtab == 0) return;
  const auto *symbols = dynamic_pointer<ElfW(Sym)>(object, symtab);
  const auto *names = dynamic_pointer<char>(object, strtab);
  for (int t = 0; t < 2; ++t) {
    const auto *rel = tables[t] ? dynamic_pointer<ElfW(Rela)>(object, tables[t]) : nullptr;
    for (std::size_t i = 0; rel && i < sizes[t] / sizeof(ElfW(Rela)); ++i) {
      const ElfW(Sym) &symbol = symbols[ELF64_R_SYM(rel[i].r_info)];
      if (ELF64_R_SYM(rel[i].r_info) == 0 || symbol.st_shndx != SHN_UNDEF) continue;
      const Use use = use_of(names + symbol.st_name);
      scan.inits |= use == Use::init;
      if (use == Use::call && scan.calls.empty())
        scan.calls = std::string(name) + " refers to " + (names + symbol.st_name);
    }
  }
}

// Whether one of the object's loaded segments holds `address`.
bool holds(const dl_phdr_info &object, const void *address) {
  const auto at = reinterpret_cast<ElfW(Addr)>(address);
  for (int i = 0; i < object.dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = object.dlpi_phdr[i];
    const ElfW(Addr) begin = object.dlpi_addr + segment.p_vaddr;
    if (segment.p_type == PT_LOAD && at >= begin && at < begin + segment.p_memsz) return true;
  }
  return false;
}

// One object of the process (dl_iterate_phdr).
int scan_object(dl_phdr_info *object, std::size_t, void *data) {
  auto &scan = *static_cast<Scan *>(data);
  const bool program = object->dlpi_name == nullptr || *object->dlpi_name == '\0';
  const char *name = program ? "the program" : object->dlpi_name;
  const bool library = holds(*object, scan.library), mpi = holds(*object, scan.mpi);
  if (program && (library || mpi)) // its references cannot be told apart
    return scan.unknown = std::string(library ? "this library" : "MPI") + " is linked into " + name,
           1;
  if (!library && !mpi) scan_references(*object, name, scan);
  return 0;
}

// Whether the process may call MPI without initializing it: some object
// other than this library and MPI's own refers to an MPI routine, and
// none to MPI_Init or MPI_Init_thread (the spec's interoperability
// chapter asks a program that uses MPI to initialize it; a progress thread
// taking turns with the library's MPI calls relies on that, and keeps out
// of MPI from the program's MPI_Init on). Says who, or "".
std::string uninitialized_mpi_caller() {
  Scan scan;
  scan.library = reinterpret_cast<const void *>(&uninitialized_mpi_caller);
  scan.mpi = dlsym(RTLD_DEFAULT, "PMPI_Init_thread");
  dl_iterate_phdr(scan_object, &scan);
  if (!scan.unknown.empty()) return scan.unknown;
  return scan.inits || scan.calls.empty() ? "" : scan.calls + " without initializing MPI";
}

} // namespace

// MPI's thread level per SHMEM_THREAD_* level.
constexpr int mpi_levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                              MPI_THREAD_MULTIPLE};

// Measured here (docs/bench/notes.md, "Which paths need the thread";
// docs/decisions/progress.md): through MPI, a fetch-add to
// a PE that computes waits until it enters MPI on both MPIs, in forced
// inter-node mode and between emulated hosts, and on a node for global
// variables the PEs do not share. Only where the node's PEs map all of
// each other's memory does nothing of the program's reach a PE through MPI.
ProgressPlan plan_progress(const transport::StartRequest &request, const EnvLookup &env) {
  switch (request.progress) {
  case Progress::off: return {false, false, "SHMEM_PROGRESS is off"};
  case Progress::thread: return {true, false, "SHMEM_PROGRESS is thread"};
  case Progress::thread_multiple: return {true, true, "SHMEM_PROGRESS is thread-multiple"};
  case Progress::automatic: break;
  }
  if (!request.split_nodes && launcher_one_node(env).value_or(false) && request.node_maps_all)
    return {false, false, "every PE runs on this node and maps all of the others' memory"};
  ProgressPlan plan{true, false,
                    request.split_nodes
                        ? "forced inter-node mode: operations through MPI wait for their target"
                        : "operations through MPI wait for their target to enter MPI"};
  // Taking turns needs every MPI call of the process to be the library's.
  if (const std::string caller = uninitialized_mpi_caller(); !caller.empty())
    plan = {true, true, caller + ": a thread cannot take turns with the program's MPI calls"};
  return plan;
}

int mpi_thread_level(int shmem_level, const ProgressPlan &plan) {
  // MPI_THREAD_SINGLE for SHMEM_THREAD_SINGLE, though the library may run
  // a thread that makes no MPI call (the end-of-job check's CPU sampler): on
  // Open MPI 4.1 every level above it slows every MPI call as
  // MPI_THREAD_MULTIPLE does (docs/bench/notes.md, "Progress").
  const int level = mpi_levels[shmem_level];
  if (plan.multiple) return MPI_THREAD_MULTIPLE;
  return plan.thread && level < MPI_THREAD_SERIALIZED ? MPI_THREAD_SERIALIZED : level;
}

int shmem_thread_level(int mpi_level) {
  for (int level = 3; level > 0; --level)
    if (mpi_level >= mpi_levels[level]) return level;
  return 0;
}

} // namespace shmemi::mpi_rma
