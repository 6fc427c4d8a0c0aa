#include <link.h>

#include <algorithm>
#include <cstdint>

#include "core/symmetric.hpp"

namespace shmemi {
namespace {

struct Bounds {
  std::uintptr_t lo = UINTPTR_MAX, hi = 0;
};

// dl_iterate_phdr reports the main program first; stop after it.
int visit_main_program(struct dl_phdr_info *info, std::size_t, void *data) {
  auto *bounds = static_cast<Bounds *>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W)) continue;
    const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    bounds->lo = std::min(bounds->lo, start);
    bounds->hi = std::max(bounds->hi, start + ph.p_memsz);
  }
  return 1;
}

} // namespace

Region static_data_region() {
  Bounds bounds;
  dl_iterate_phdr(visit_main_program, &bounds);
  if (bounds.hi <= bounds.lo) return {};
  return {reinterpret_cast<char *>(bounds.lo), bounds.hi - bounds.lo};
}

} // namespace shmemi
