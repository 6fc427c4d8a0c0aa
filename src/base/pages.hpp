// The page sizes the library lays memory out in, named once: the small
// page of Linux on x86-64 and aarch64, and the transparent huge page that
// a PMD maps there. The page size this process runs with is the system's
// answer (page_size).
#pragma once

#include <unistd.h>

#include <cstddef>

namespace shmemi {

constexpr std::size_t small_page = 4096;
constexpr std::size_t huge_page = std::size_t{2} << 20;

inline std::size_t page_size() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

} // namespace shmemi
