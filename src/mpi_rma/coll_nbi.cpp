// Nonblocking team collectives as MPI's nonblocking collectives on the
// team's communicator. A started collective keeps its requests, the
// datatypes and counts they use, and what remains to do once they complete
// (collect's second phase, exscan's zero), until complete() waits for it.
//
// collect learns the sizes in a first phase and moves the data in a second,
// issued only at completion. The PEs complete at different points of their
// sequence of collectives, so the second phases go on a duplicate of the
// team's communicator (`later`), where they come in the order of the
// collects on every PE, whatever was started on the team in between.
#include <climits>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>

#include "mpi_rma/coll_common.hpp"
#include "mpi_rma/ending.hpp"
#include "mpi_rma/memory_sync.hpp"
#include "mpi_rma/mpi_check.hpp"
#include "mpi_rma/progress.hpp"
#include "mpi_rma/team.hpp"
#include "transport/collectives.hpp"

namespace shmemi::mpi_rma {
std::atomic<unsigned> collectives_in_flight{0};
} // namespace shmemi::mpi_rma

namespace shmemi::transport {
using namespace shmemi::mpi_rma;

namespace {

struct Started {
  const Group *team;
  Ticket ticket = 0;
  std::vector<MPI_Request> requests;
  std::vector<MPI_Datatype> types; // freed once complete
  unsigned long long mine = 0;     // collect: this PE's size, and everyone's
  std::vector<unsigned long long> sizes;
  std::vector<int> counts, displs; // collect's MPI_Iallgatherv
  std::function<void(Started &)> then;

  MPI_Request *request() { return &requests.emplace_back(MPI_REQUEST_NULL); }
};

struct Outstanding {
  std::mutex lock;
  std::deque<std::unique_ptr<Started>> list; // in the order started
  Ticket last = 0;                           // the latest start's ticket
};
Outstanding outstanding;

// Issues a collective: `issue` adds its MPI calls to the record, which is
// then kept until complete() or advance(). The program's stores to the
// source come before MPI's reads.
template <class F> Ticket start(const Group &team, F issue) {
  memory_sync();
  auto op = std::make_unique<Started>();
  op->team = &team;
  issue(*op);
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  op->ticket = ++outstanding.last;
  outstanding.list.push_back(std::move(op));
  collectives_in_flight.fetch_add(1, std::memory_order_relaxed);
  return outstanding.last;
}

// Whether the requests are over: waits for them, or (!wait) tests them.
bool requests_over(Started &op, bool wait) {
  const int n = static_cast<int>(op.requests.size());
  int over = 1;
  if (wait)
    SHMEMI_MPI(MPI_Waitall(n, op.requests.data(), MPI_STATUSES_IGNORE));
  else
    SHMEMI_MPI(MPI_Testall(n, op.requests.data(), &over, MPI_STATUSES_IGNORE));
  return over != 0;
}

// Runs the collective's phases to its end, or (!wait) as far as its
// requests are over; true once complete.
bool finish(Started &op, bool wait) {
  for (;;) {
    if (!op.requests.empty() && !requests_over(op, wait)) return false;
    op.requests.clear();
    if (!op.then) break;
    const auto then = std::move(op.then);
    op.then = nullptr;
    then(op);
  }
  for (MPI_Datatype &t : op.types) SHMEMI_MPI(MPI_Type_free(&t));
  return true;
}

// The completed ones leave the list (the caller holds its lock).
void completed(std::size_t done) {
  collectives_in_flight.fetch_sub(static_cast<unsigned>(done), std::memory_order_relaxed);
  if (done > 0) memory_sync();
}

void ibcast(Started &op, MPI_Comm comm, char *buffer, std::size_t nbytes, int root) {
  for_each_piece(nbytes, 1, [&](std::size_t first, int n) {
    SHMEMI_MPI(MPI_Ibcast(buffer + first, n, MPI_BYTE, root, comm, op.request()));
  });
}

// Every PE's block into dest in team order: one call within int counts,
// else a broadcast per PE (in pieces).
void gather_data(Started &op, MPI_Comm comm, char *dest, const void *source) {
  const std::size_t n = op.sizes.size();
  std::vector<std::size_t> offsets(n);
  std::exclusive_scan(op.sizes.begin(), op.sizes.end(), offsets.begin(), std::size_t{0});
  const std::size_t total = n == 0 ? 0 : offsets.back() + op.sizes.back();
  if (total == 0) return;
  const int me = my_rank(comm);
  if (total > INT_MAX) {
    std::memmove(dest + offsets[static_cast<std::size_t>(me)], source, op.mine);
    for (std::size_t r = 0; r < n; ++r)
      ibcast(op, comm, dest + offsets[r], op.sizes[r], static_cast<int>(r));
    return;
  }
  const int mine = static_cast<int>(op.mine);
  op.counts.assign(op.sizes.begin(), op.sizes.end());
  op.displs.assign(offsets.begin(), offsets.end());
  SHMEMI_MPI(MPI_Iallgatherv(source, mine, MPI_BYTE, dest, op.counts.data(), op.displs.data(),
                             MPI_BYTE, comm, op.request()));
}

void alltoall_strided(Started &op, MPI_Comm comm, char *dest, const char *source,
                      const Exchange &x) {
  const auto eb = static_cast<std::ptrdiff_t>(x.elem_bytes);
  const auto n = static_cast<MPI_Aint>(x.nelems);
  const MPI_Aint src_extent = n * x.src_stride * eb, dst_extent = n * x.dst_stride * eb;
  for_each_piece(x.nelems, x.elem_bytes, [&](std::size_t first, int count) {
    MPI_Datatype send = strided_block(count, x.elem_bytes, x.src_stride * eb, src_extent);
    MPI_Datatype recv = strided_block(count, x.elem_bytes, x.dst_stride * eb, dst_extent);
    SHMEMI_MPI(MPI_Type_commit(&send));
    SHMEMI_MPI(MPI_Type_commit(&recv));
    op.types.push_back(send);
    op.types.push_back(recv);
    const auto f = static_cast<std::ptrdiff_t>(first);
    SHMEMI_MPI(MPI_Ialltoall(source + f * x.src_stride * eb, 1, send, dest + f * x.dst_stride * eb,
                             1, recv, comm, op.request()));
  });
}

} // namespace

Ticket sync_start(const Group &team) {
  return start(team, [&](Started &op) { SHMEMI_MPI(MPI_Ibarrier(comm_of(team), op.request())); });
}

Ticket broadcast_start(const Group &team, void *buffer, std::size_t nbytes, int root) {
  return start(team, [&](Started &op) {
    ibcast(op, comm_of(team), static_cast<char *>(buffer), nbytes, root);
  });
}

Ticket collect_start(const Group &team, void *dest, const void *source, std::size_t mine,
                     bool fixed, std::function<void(std::size_t)> check_total) {
  char *d = static_cast<char *>(dest);
  return start(team, [&](Started &op) {
    op.mine = mine;
    int size = 0;
    SHMEMI_MPI(MPI_Comm_size(comm_of(team), &size));
    op.sizes.assign(static_cast<std::size_t>(size), mine);
    if (fixed) return gather_data(op, comm_of(team), d, source);
    if (!team.later_asked) {
      SHMEMI_MPI(MPI_Comm_idup(comm_of(team), &team.later, op.request()));
      team.later_asked = true;
    }
    SHMEMI_MPI(MPI_Iallgather(&op.mine, 1, MPI_UNSIGNED_LONG_LONG, op.sizes.data(), 1,
                              MPI_UNSIGNED_LONG_LONG, comm_of(team), op.request()));
    op.then = [d, source, check = std::move(check_total)](Started &o) {
      check(std::accumulate(o.sizes.begin(), o.sizes.end(), std::size_t{0}));
      gather_data(o, o.team->later, d, source);
    };
  });
}

Ticket alltoall_start(const Group &team, void *dest, const void *source, const Exchange &x) {
  const std::size_t block = x.nelems * x.elem_bytes;
  return start(team, [&](Started &op) {
    if (x.dst_stride == 1 && x.src_stride == 1 && block <= max_chunk) {
      const int n = static_cast<int>(block);
      SHMEMI_MPI(
          MPI_Ialltoall(source, n, MPI_BYTE, dest, n, MPI_BYTE, comm_of(team), op.request()));
      return;
    }
    alltoall_strided(op, comm_of(team), static_cast<char *>(dest),
                     static_cast<const char *>(source), x);
  });
}

Ticket reduce_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                    Elem elem, Op op) {
  const MpiReduction r = mpi_reduction(elem, op, __func__);
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  return start(team, [&](Started &started) {
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      SHMEMI_MPI(MPI_Iallreduce(s == d ? MPI_IN_PLACE : s + at, d + at, n, r.type, r.op,
                                comm_of(team), started.request()));
    });
  });
}

Ticket sum_scan_start(const Group &team, void *dest, const void *source, std::size_t nelems,
                      Elem elem, bool inclusive) {
  const MpiReduction r = mpi_reduction(elem, Op::sum, __func__);
  char *d = static_cast<char *>(dest);
  const char *s = static_cast<const char *>(source);
  return start(team, [&](Started &op) {
    const MPI_Comm comm = comm_of(team);
    for_each_piece(nelems, elem.bytes, [&](std::size_t first, int n) {
      const std::size_t at = first * elem.bytes;
      const void *in = s == d ? MPI_IN_PLACE : s + at;
      if (inclusive)
        SHMEMI_MPI(MPI_Iscan(in, d + at, n, r.type, r.op, comm, op.request()));
      else
        SHMEMI_MPI(MPI_Iexscan(in, d + at, n, r.type, r.op, comm, op.request()));
    });
    // MPI leaves the first PE's exclusive result undefined; the spec makes
    // it zero, all bits clear for every type of the table.
    if (!inclusive && my_rank(comm) == 0)
      op.then = [d, bytes = nelems * elem.bytes](Started &) { std::memset(d, 0, bytes); };
  });
}

std::size_t complete(const Group *team) {
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  if (outstanding.list.empty()) return 0;
  std::size_t done = 0;
  const Blocked blocked;
  for (auto it = outstanding.list.begin(); it != outstanding.list.end();) {
    if (team != nullptr && (*it)->team != team) {
      ++it;
      continue;
    }
    finish(**it, true);
    it = outstanding.list.erase(it);
    ++done;
  }
  completed(done);
  return done;
}

Advanced advance(const Group *team, Ticket ticket, bool wait) {
  const std::lock_guard<std::mutex> hold(outstanding.lock);
  std::optional<Blocked> blocked;
  if (wait) blocked.emplace();
  Advanced a{0, true};
  for (auto it = outstanding.list.begin(); it != outstanding.list.end();) {
    Started &op = **it;
    if (op.ticket > ticket) break;
    if (op.team != team) {
      ++it;
      continue;
    }
    if (!finish(op, wait)) {
      a.reached = false;
      break;
    }
    it = outstanding.list.erase(it);
    ++a.done;
  }
  completed(a.done);
  return a;
}

} // namespace shmemi::transport
