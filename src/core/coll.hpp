// The collectives of section 9.9 for the API layer, in bytes and element
// kinds, over a team or an active set already resolved to a shmemi_team:
// argument checks, then the transport.
#pragma once

#include <atomic>
#include <cstddef>
#include <type_traits>

#include "base/combine.hpp"
#include "core/context.hpp"
#include "transport/collectives.hpp"

namespace shmemi {

// The kind and size of a type of the spec's reduction tables.
template <class T> constexpr Elem elem_of() {
  if constexpr (std::is_same_v<T, __float128>) // Fortran's REAL*16; no type trait knows it
    return {Kind::quad, sizeof(T)};
  else if constexpr (std::is_same_v<T, SHMEMI_COMPLEXD> || std::is_same_v<T, SHMEMI_COMPLEXF>)
    return {Kind::complex, sizeof(T)};
  else if constexpr (std::is_floating_point_v<T>)
    return {Kind::real, sizeof(T)};
  else
    return {std::is_signed_v<T> ? Kind::sint : Kind::uint, sizeof(T)};
}

// The active-set broadcast leaves dest on the root alone; the team one
// copies there too.
enum class RootDest { untouched, updated };

// A collective completes before it returns, or (the shmemx_ *_nbi routines)
// is started and completes in coll_complete. The nonblocking ones go
// through the transport, but for the small ones of a team on this node
// (node/coll.hpp, startable): the node's other algorithms need every
// member at once.
enum class Mode : bool { blocking, nonblocking };

// Where a nonblocking collective started, for its request (the shmemx_ *_nb
// routines, core/request.hpp): the engine that runs it, its ticket there
// and the team's identity in each engine (compared, never read: the team
// may be gone by then). Engine::none: it completed at its start.
enum class Engine : unsigned char { none, node, transport };
struct Begun {
  Engine engine = Engine::none;
  transport::Ticket ticket = 0;
  const node::Team *team = nullptr;
  const transport::Group *comm = nullptr;
};

// The nonblocking forms fill *begun where it is not null.
void coll_sync(const char *routine, const shmemi_team &team);
void coll_sync_start(const char *routine, const shmemi_team &team, Begun *begun);
void coll_broadcast(const char *routine, const shmemi_team &team, void *dest, const void *source,
                    std::size_t nelems, std::size_t elem_bytes, int root, RootDest root_dest,
                    Mode mode = Mode::blocking, Begun *begun = nullptr);
// fixed: fcollect (nelems equal on every PE); else collect.
void coll_collect(const char *routine, const shmemi_team &team, void *dest, const void *source,
                  std::size_t nelems, std::size_t elem_bytes, bool fixed,
                  Mode mode = Mode::blocking, Begun *begun = nullptr);
// Strides in elements; alltoall is the case dst = sst = 1.
void coll_alltoall(const char *routine, const shmemi_team &team, void *dest, const void *source,
                   std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t nelems,
                   std::size_t elem_bytes, Mode mode = Mode::blocking, Begun *begun = nullptr);
void coll_reduce(const char *routine, const shmemi_team &team, void *dest, const void *source,
                 std::size_t nreduce, Elem elem, Op op, Mode mode = Mode::blocking,
                 Begun *begun = nullptr);
void coll_scan(const char *routine, const shmemi_team &team, void *dest, const void *source,
               std::size_t nelems, Elem elem, bool inclusive, Mode mode = Mode::blocking,
               Begun *begun = nullptr);

// Nonblocking collectives started and not yet completed by this PE.
extern std::atomic<std::size_t> collectives_started;
// Completes this PE's nonblocking collectives on `team`, or on every team
// (nullptr): what quiet, barrier_all, team_destroy and finalize call.
void coll_complete(const shmemi_team *team);
// Completes the collective `begun` tells, and the ones this PE started
// before it on its team: all (wait), or as far as they are over without
// waiting; whether that one is complete.
bool coll_advance(const Begun &begun, bool wait);
inline void coll_complete_if_started(const shmemi_team *team) {
  if (collectives_started.load(std::memory_order_relaxed) != 0) [[unlikely]]
    coll_complete(team);
}

// All PEs meet; stores and completed operations before the call are
// visible to every PE after it. No completion of outstanding operations.
void sync_all(const char *routine);
// Completes this PE's nonblocking collectives, quiet, then sync_all.
void barrier_all(const char *routine);

} // namespace shmemi
