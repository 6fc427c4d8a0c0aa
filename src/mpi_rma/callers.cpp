#include "mpi_rma/callers.hpp"

#include <mpi.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "base/process.hpp"
#include "mpi_rma/hybrid.hpp"

namespace shmemi::mpi_rma {
namespace {

// A name in lower case without Fortran's trailing underscores.
std::string plain(std::string_view name) {
  while (!name.empty() && name.back() == '_') name.remove_suffix(1);
  std::string out(name);
  for (char &c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Whether referring to `symbol` lets an object call MPI: an MPI routine in
// C or Fortran, through its MPI_ or PMPI_ name, but the two queries MPI
// allows from any thread at any time; or dlsym and dlvsym, which find any
// routine by its name.
bool reaches_mpi(const char *symbol) {
  const std::string name = plain(symbol);
  const std::string_view routine = std::string_view(name).substr(name.rfind("pmpi_", 0) == 0);
  if (routine == "mpi_initialized" || routine == "mpi_finalized") return false;
  return routine.rfind("mpi_", 0) == 0 || name == "dlsym" || name == "dlvsym";
}

std::string base_name(const std::string &path) { return path.substr(path.rfind('/') + 1); }

// The MPI tools the user named (SHMEM_MPI_TOOLS).
std::string tools_named;

bool named_tool(const std::string &path) {
  for (std::size_t at = 0; at <= tools_named.size();) {
    const std::size_t end = std::min(tools_named.find(':', at), tools_named.size());
    const std::string tool = tools_named.substr(at, end - at);
    if (!tool.empty() && (tool == path || tool == base_name(path))) return true;
    at = end + 1;
  }
  return false;
}

// What one loaded object is and may do.
struct Seen {
  std::uintptr_t base = 0;
  std::string name, soname;
  std::vector<std::string> needed;
  std::string reaches; // "<object> refers to <symbol>", or ""
  bool library = false, mpi = false;
};

Seen see(const process::Object &object, const void *library, const void *mpi) {
  Seen seen{object.base(),         object.name(),    object.soname(), {}, {},
            object.holds(library), object.holds(mpi)};
  object.for_each_needed([&](const char *needed) { seen.needed.emplace_back(needed); });
  if (named_tool(seen.name)) return seen;
  object.for_each_reference([&](const char *symbol) {
    if (!reaches_mpi(symbol)) return false;
    seen.reaches = seen.name + " refers to " + symbol;
    return true;
  });
  return seen;
}

// The objects this library needs, itself included (MPI among them): what
// they do is MPI's or the library's own. (A tool that defines MPI's
// routines, preloaded, is not MPI: it is judged by what it refers to.)
std::vector<bool> closure(const std::vector<Seen> &objects) {
  std::vector<bool> in(objects.size(), false);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < objects.size(); ++i)
    if (objects[i].library) todo.push_back(i);
  while (!todo.empty()) {
    const std::size_t i = todo.back();
    todo.pop_back();
    if (in[i]) continue;
    in[i] = true;
    for (const std::string &needed : objects[i].needed)
      for (std::size_t j = 0; j < objects.size(); ++j)
        if (!in[j] && (objects[j].soname == needed || base_name(objects[j].name) == needed))
          todo.push_back(j);
  }
  return in;
}

const void *library_code() { return reinterpret_cast<const void *>(&other_mpi_caller); }
const void *mpi_code() { return reinterpret_cast<const void *>(&PMPI_Init_thread); }

// The objects accounted for, and how many had been added when they were.
std::set<std::pair<std::uintptr_t, std::string>> known;
unsigned long long known_added = 0;
std::string other_caller; // once an object that reaches MPI came in

} // namespace

std::string other_mpi_caller(const std::string &tools) {
  tools_named = tools;
  std::vector<Seen> objects;
  process::for_each_object([&](const process::Object &object) {
    objects.push_back(see(object, library_code(), mpi_code()));
    return false;
  });
  for (const Seen &object : objects)
    if (object.name == "the program" && (object.library || object.mpi))
      return std::string(object.library ? "this library" : "MPI") +
             " is linked into the program, whose own MPI calls cannot be told from the library's";
  const std::vector<bool> own = closure(objects);
  for (std::size_t i = 0; i < objects.size(); ++i)
    if (!own[i] && !objects[i].reaches.empty()) return objects[i].reaches;
  if (const int threads = process::threads_running(); threads != 1 && !mpi_running())
    return (threads < 0 ? std::string("the threads of the process cannot be counted")
                        : "the process runs " + std::to_string(threads) + " threads") +
           " before MPI starts, whose objects could not be told from MPI's";
  return "";
}

void mpi_objects_accepted() {
  known_added = process::objects_added();
  process::for_each_object([](const process::Object &object) {
    known.emplace(object.base(), object.name());
    return false;
  });
}

bool poke_unless_other_caller(const std::function<void()> &poke, std::string &why) {
  if (!other_caller.empty()) return false;
  if (process::run_if_no_object_added(known_added, poke)) return true;
  known_added = process::objects_added();
  process::for_each_object([&](const process::Object &object) {
    if (!known.emplace(object.base(), object.name()).second) return false;
    other_caller = see(object, library_code(), mpi_code()).reaches;
    return !other_caller.empty();
  });
  if (!other_caller.empty()) {
    why = other_caller;
    return false;
  }
  return process::run_if_no_object_added(known_added, poke);
}

} // namespace shmemi::mpi_rma
