// The transport's data path: transfers, atomics and their ordering and
// completion, for memory this process does not map, in bytes, world PEs
// and symmetric addresses. The job half (start, memory, end) is
// transport/job.hpp, the collectives transport/collectives.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/symmetric.hpp"

namespace shmemi::transport {

// When a blocking routine's call returns, `source` may be reused (puts) or
// `dest` holds the data (gets); remote completion needs quiet().
enum class Completion { local, deferred };

// Byte layout of a strided transfer: nblocks blocks of block_bytes each,
// consecutive blocks dst_stride/src_stride bytes apart.
struct Strided {
  std::ptrdiff_t dst_stride;
  std::ptrdiff_t src_stride;
  std::size_t block_bytes;
  std::size_t nblocks;
};

// The operations of a context go through its channel, and completing a
// channel completes only what was issued on it: a context's quiet does not
// wait for another context's transfers. The backend has a fixed number of
// channels (made by start_rma); contexts beyond that share the default one.
struct Channel;
// The default context's channel, which the library's own operations use.
Channel &default_channel();
// A channel of its own if one is free, else the default channel. Local;
// safe from several threads. `one_thread`: only one thread will use it (a
// private context), so its quiet can complete just the PEs it wrote to.
Channel &channel_open(bool one_thread);
// Gives back a channel from channel_open after quiet(channel).
void channel_close(Channel &channel);

void put(Channel &ch, SymAddr dest, const void *source, std::size_t nbytes, int pe, Completion c);
void get(Channel &ch, void *dest, SymAddr source, std::size_t nbytes, int pe, Completion c);
void put_strided(Channel &ch, SymAddr dest, const void *source, const Strided &shape, int pe);
void get_strided(Channel &ch, void *dest, SymAddr source, const Strided &shape, int pe);

// Atomic memory operations on one element. `result` (may be null) gets the
// value before the operation: when the call returns if c is local, else by
// the next quiet. The operands are copied; they need not outlive the call.
enum class AmoOp : std::uint8_t { fetch, replace, sum, band, bor, bxor, cswap };
enum class AmoType : std::uint8_t { i32, i64, u32, u64, f32, f64 };

void amo(Channel &ch, SymAddr dest, AmoOp op, AmoType type, const void *operand,
         const void *compare, void *result, int pe, Completion c);

// Lets the backend progress incoming operations and makes remote writes
// to this PE visible to its loads; called by waiting loops.
void poll();

// Every operation issued on the channel so far to `pe` is complete there.
void flush(Channel &ch, int pe);
// Every operation issued on the channel so far is complete everywhere.
void quiet(Channel &ch);
// Operations on the channel to each PE are ordered.
void fence(Channel &ch);
// Every channel's operations issued so far are complete everywhere.
void quiet_all();
// All PEs meet; no completion of outstanding operations.
void sync_all();

} // namespace shmemi::transport
