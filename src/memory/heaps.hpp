// The regions the memory layer makes (heaps.cpp): memory files the PEs of
// a node map, or a region of one PE alone.
#pragma once

#include <cstddef>
#include <vector>

#include "base/config.hpp"
#include "memory/layout.hpp"
#include "memory/pages.hpp"

namespace shmemi::memory {

// Makes this PE's region (layout.bytes() at layout.map_alignment(), on the
// pages choose_pages picks; both are set here) and maps the regions of the
// other world PEs of this node (`node_pes`), all or none. Returns per
// world PE its region mapped here, or null. Collective over all PEs.
std::vector<char *> map_node_heaps(Layout &layout, Pages &pages, const Config &config,
                                   const std::vector<int> &node_pes, int my_pe, int n_pes);
// Unmaps what map_node_heaps mapped.
void unmap_node_heaps();

} // namespace shmemi::memory
