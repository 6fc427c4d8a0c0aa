// A set of world PEs in arithmetic progression: what a team or an active
// set is, to every layer.
#pragma once

namespace shmemi {

struct PeSet {
  int start = 0;  // world PE of member 0
  int stride = 1; // world PE distance between consecutive members (may be < 0)
  int size = 0;   // number of members
};

// Member `member` of `set` as a world PE (no range check).
inline int team_world_pe(const PeSet &set, int member) { return set.start + member * set.stride; }

// The member number of world PE `world_pe`, or -1 if it is not a member.
inline int team_index(const PeSet &set, int world_pe) {
  const long long offset = static_cast<long long>(world_pe) - set.start;
  if (set.size < 1) return -1;
  if (offset == 0) return 0;
  if (set.stride == 0 || offset % set.stride != 0) return -1;
  const long long index = offset / set.stride;
  return index >= 0 && index < set.size ? static_cast<int>(index) : -1;
}

} // namespace shmemi
