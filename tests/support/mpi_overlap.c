/* mpi_overlap.c: a race detector for MPI calls, used with LD_PRELOAD.
 *
 *   LD_PRELOAD=libmpi_overlap.so program...
 *
 * Below MPI_THREAD_MULTIPLE a process may not call MPI from two threads at
 * once (MPI_THREAD_SERIALIZED: one at a time; FUNNELED and SINGLE: one
 * thread). This library defines both the MPI_ and the PMPI_ name of the
 * MPI routines that programs and the OpenSHMEM library call (ROUTINES
 * below), so that every call reaches it first (the program's, a plugin's,
 * a Python module's, the OpenSHMEM library's and its progress thread's),
 * and passes each on to MPI's PMPI_ routine. It counts the calls that
 * begin while another thread is inside one: each thread keeps its depth,
 * so a routine MPI calls from inside another is not counted; a shared
 * atomic counts the threads inside MPI. Once MPI is initialized it asks
 * PMPI_Query_thread for the level; at MPI_THREAD_MULTIPLE nothing is
 * counted.
 *
 * At exit (this library's destructor, after the program's atexit handlers
 * and MPI's finalization), a process that made any of these calls prints
 * one line on stderr: how many calls overlapped, and the first pair of
 * routines seen overlapping. If any did, the process exits with status
 * MPI_OVERLAP_STATUS (default 86), so that a test fails also where MPI does
 * not crash. mpi_overlap_count() returns the count so far (for the
 * detector's own test, tests/support/mpi_overlap_check.c).
 *
 * It reaches MPI through dlsym(RTLD_NEXT), or where MPI is not in the
 * global scope (Python loads mpi4py and shmem4py, and so MPI, with
 * RTLD_LOCAL) through the first loaded object whose dependencies define
 * the routine. It does not link MPI itself, so that mpiexec and its
 * proxies may be started with it preloaded. Built against one MPI's mpi.h
 * (the ABIs of MPICH and Open MPI differ). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <mpi.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* X(name, parameters, arguments) for each routine. */
#define ROUTINES(X)                                                                                \
  X(Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status),                   \
    (source, tag, comm, flag, status))                                                             \
  X(Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status), (source, tag, comm, status))  \
  X(Improbe,                                                                                       \
    (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status),     \
    (source, tag, comm, flag, message, status))                                                    \
  X(Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status),        \
    (source, tag, comm, message, status))                                                          \
  X(Mrecv, (void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status),    \
    (buf, count, type, message, status))                                                           \
  X(Test, (MPI_Request * request, int *flag, MPI_Status *status), (request, flag, status))         \
  X(Testall, (int count, MPI_Request requests[], int *flag, MPI_Status statuses[]),                \
    (count, requests, flag, statuses))                                                             \
  X(Testany, (int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status),       \
    (count, requests, index, flag, status))                                                        \
  X(Wait, (MPI_Request * request, MPI_Status * status), (request, status))                         \
  X(Waitall, (int count, MPI_Request requests[], MPI_Status statuses[]),                           \
    (count, requests, statuses))                                                                   \
  X(Waitany, (int count, MPI_Request requests[], int *index, MPI_Status *status),                  \
    (count, requests, index, status))                                                              \
  X(Barrier, (MPI_Comm comm), (comm))                                                              \
  X(Ibarrier, (MPI_Comm comm, MPI_Request * request), (comm, request))                             \
  X(Bcast, (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm),                     \
    (buf, count, type, root, comm))                                                                \
  X(Ibcast,                                                                                        \
    (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request),      \
    (buf, count, type, root, comm, request))                                                       \
  X(Allreduce,                                                                                     \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm),        \
    (send, recv, count, type, op, comm))                                                           \
  X(Iallreduce,                                                                                    \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,         \
     MPI_Request *request),                                                                        \
    (send, recv, count, type, op, comm, request))                                                  \
  X(Reduce,                                                                                        \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, int root,              \
     MPI_Comm comm),                                                                               \
    (send, recv, count, type, op, root, comm))                                                     \
  X(Allgather,                                                                                     \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     MPI_Comm comm),                                                                               \
    (send, scount, stype, recv, rcount, rtype, comm))                                              \
  X(Allgatherv,                                                                                    \
    (const void *send, int scount, MPI_Datatype stype, void *recv, const int rcounts[],            \
     const int displs[], MPI_Datatype rtype, MPI_Comm comm),                                       \
    (send, scount, stype, recv, rcounts, displs, rtype, comm))                                     \
  X(Gather,                                                                                        \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     int root, MPI_Comm comm),                                                                     \
    (send, scount, stype, recv, rcount, rtype, root, comm))                                        \
  X(Scatter,                                                                                       \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     int root, MPI_Comm comm),                                                                     \
    (send, scount, stype, recv, rcount, rtype, root, comm))                                        \
  X(Alltoall,                                                                                      \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     MPI_Comm comm),                                                                               \
    (send, scount, stype, recv, rcount, rtype, comm))                                              \
  X(Alltoallv,                                                                                     \
    (const void *send, const int scounts[], const int sdispls[], MPI_Datatype stype, void *recv,   \
     const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm),                 \
    (send, scounts, sdispls, stype, recv, rcounts, rdispls, rtype, comm))                          \
  X(Send, (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm),       \
    (buf, count, type, dest, tag, comm))                                                           \
  X(Ssend, (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm),      \
    (buf, count, type, dest, tag, comm))                                                           \
  X(Recv,                                                                                          \
    (void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,                  \
     MPI_Status *status),                                                                          \
    (buf, count, type, source, tag, comm, status))                                                 \
  X(Isend,                                                                                         \
    (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,              \
     MPI_Request *request),                                                                        \
    (buf, count, type, dest, tag, comm, request))                                                  \
  X(Issend,                                                                                        \
    (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,              \
     MPI_Request *request),                                                                        \
    (buf, count, type, dest, tag, comm, request))                                                  \
  X(Irecv,                                                                                         \
    (void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,                  \
     MPI_Request *request),                                                                        \
    (buf, count, type, source, tag, comm, request))                                                \
  X(Sendrecv,                                                                                      \
    (const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf, int rcount, \
     MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Status *status),                 \
    (sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, status))            \
  X(Comm_dup, (MPI_Comm comm, MPI_Comm * newcomm), (comm, newcomm))                                \
  X(Comm_free, (MPI_Comm * comm), (comm))                                                          \
  X(Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm),                            \
    (comm, color, key, newcomm))                                                                   \
  X(Comm_split_type, (MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *newcomm),         \
    (comm, type, key, info, newcomm))                                                              \
  X(Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm * newcomm), (comm, group, newcomm))     \
  X(Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm),               \
    (comm, group, tag, newcomm))                                                                   \
  X(Comm_idup, (MPI_Comm comm, MPI_Comm * newcomm, MPI_Request * request),                         \
    (comm, newcomm, request))                                                                      \
  X(Scan, (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm),  \
    (send, recv, count, type, op, comm))                                                           \
  X(Exscan,                                                                                        \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm),        \
    (send, recv, count, type, op, comm))                                                           \
  X(Iscan,                                                                                         \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,         \
     MPI_Request *request),                                                                        \
    (send, recv, count, type, op, comm, request))                                                  \
  X(Iexscan,                                                                                       \
    (const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,         \
     MPI_Request *request),                                                                        \
    (send, recv, count, type, op, comm, request))                                                  \
  X(Iallgather,                                                                                    \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     MPI_Comm comm, MPI_Request *request),                                                         \
    (send, scount, stype, recv, rcount, rtype, comm, request))                                     \
  X(Iallgatherv,                                                                                   \
    (const void *send, int scount, MPI_Datatype stype, void *recv, const int rcounts[],            \
     const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request),                 \
    (send, scount, stype, recv, rcounts, displs, rtype, comm, request))                            \
  X(Ialltoall,                                                                                     \
    (const void *send, int scount, MPI_Datatype stype, void *recv, int rcount, MPI_Datatype rtype, \
     MPI_Comm comm, MPI_Request *request),                                                         \
    (send, scount, stype, recv, rcount, rtype, comm, request))                                     \
  X(Win_flush, (int rank, MPI_Win win), (rank, win))                                               \
  X(Win_flush_all, (MPI_Win win), (win))                                                           \
  X(Win_flush_local, (int rank, MPI_Win win), (rank, win))                                         \
  X(Win_flush_local_all, (MPI_Win win), (win))                                                     \
  X(Win_sync, (MPI_Win win), (win))                                                                \
  X(Win_lock_all, (int assertion, MPI_Win win), (assertion, win))                                  \
  X(Win_unlock_all, (MPI_Win win), (win))                                                          \
  X(Win_lock, (int type, int rank, int assertion, MPI_Win win), (type, rank, assertion, win))      \
  X(Win_unlock, (int rank, MPI_Win win), (rank, win))                                              \
  X(Win_fence, (int assertion, MPI_Win win), (assertion, win))                                     \
  X(Put,                                                                                           \
    (const void *origin, int ocount, MPI_Datatype otype, int rank, MPI_Aint disp, int tcount,      \
     MPI_Datatype ttype, MPI_Win win),                                                             \
    (origin, ocount, otype, rank, disp, tcount, ttype, win))                                       \
  X(Get,                                                                                           \
    (void *origin, int ocount, MPI_Datatype otype, int rank, MPI_Aint disp, int tcount,            \
     MPI_Datatype ttype, MPI_Win win),                                                             \
    (origin, ocount, otype, rank, disp, tcount, ttype, win))                                       \
  X(Rput,                                                                                          \
    (const void *origin, int ocount, MPI_Datatype otype, int rank, MPI_Aint disp, int tcount,      \
     MPI_Datatype ttype, MPI_Win win, MPI_Request *request),                                       \
    (origin, ocount, otype, rank, disp, tcount, ttype, win, request))                              \
  X(Rget,                                                                                          \
    (void *origin, int ocount, MPI_Datatype otype, int rank, MPI_Aint disp, int tcount,            \
     MPI_Datatype ttype, MPI_Win win, MPI_Request *request),                                       \
    (origin, ocount, otype, rank, disp, tcount, ttype, win, request))                              \
  X(Accumulate,                                                                                    \
    (const void *origin, int ocount, MPI_Datatype otype, int rank, MPI_Aint disp, int tcount,      \
     MPI_Datatype ttype, MPI_Op op, MPI_Win win),                                                  \
    (origin, ocount, otype, rank, disp, tcount, ttype, op, win))                                   \
  X(Get_accumulate,                                                                                \
    (const void *origin, int ocount, MPI_Datatype otype, void *result, int rcount,                 \
     MPI_Datatype rtype, int rank, MPI_Aint disp, int tcount, MPI_Datatype ttype, MPI_Op op,       \
     MPI_Win win),                                                                                 \
    (origin, ocount, otype, result, rcount, rtype, rank, disp, tcount, ttype, op, win))            \
  X(Fetch_and_op,                                                                                  \
    (const void *origin, void *result, MPI_Datatype type, int rank, MPI_Aint disp, MPI_Op op,      \
     MPI_Win win),                                                                                 \
    (origin, result, type, rank, disp, op, win))                                                   \
  X(Compare_and_swap,                                                                              \
    (const void *origin, const void *compare, void *result, MPI_Datatype type, int rank,           \
     MPI_Aint disp, MPI_Win win),                                                                  \
    (origin, compare, result, type, rank, disp, win))                                              \
  X(Win_create,                                                                                    \
    (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win),        \
    (base, size, disp_unit, info, comm, win))                                                      \
  X(Win_allocate,                                                                                  \
    (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *base, MPI_Win *win),        \
    (size, disp_unit, info, comm, base, win))                                                      \
  X(Win_allocate_shared,                                                                           \
    (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *base, MPI_Win *win),        \
    (size, disp_unit, info, comm, base, win))                                                      \
  X(Win_create_dynamic, (MPI_Info info, MPI_Comm comm, MPI_Win * win), (info, comm, win))          \
  X(Win_free, (MPI_Win * win), (win))

enum {
#define X(name, params, args) R_##name,
  ROUTINES(X)
#undef X
      R_COUNT
};

static const char *const routine_names[R_COUNT] = {
#define X(name, params, args) "MPI_" #name,
    ROUTINES(X)
#undef X
};

/* The thread level, once MPI is initialized (-1 before). */
static atomic_int level = -1;
/* Threads inside one of the routines now (outermost calls). */
static atomic_int inside;
/* Calls seen, and those that began while another thread was inside one. */
static atomic_ulong calls, overlaps;
/* The first overlap: (thread << 16 | routine) of the call that began, << 32,
 * | the same of a call that was running; 0 until one is seen. */
static atomic_ulong first_overlap;
/* Threads numbered in the order of their first call (from 1). */
static atomic_uint threads_seen;
/* The routine each of the first threads is in (routine + 1), or 0. */
#define SLOTS 64
static atomic_uint running_routine[SLOTS];

static __thread int depth __attribute__((tls_model("initial-exec")));
static __thread int counted __attribute__((tls_model("initial-exec")));
static __thread unsigned thread_number __attribute__((tls_model("initial-exec")));

/* dl_iterate_phdr: the definition of `name` in a loaded object's
 * dependencies, if it is not this library's. */
struct search {
  const char *name;
  void *found;
};

static int search_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct search *s = data;
  if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0') return 0;
  void *handle = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  if (handle == NULL) return 0;
  void *f = dlsym(handle, s->name);
  dlclose(handle);
  Dl_info mine, theirs;
  if (f == NULL || !dladdr((void *)&search_object, &mine) || !dladdr(f, &theirs) ||
      theirs.dli_fbase == mine.dli_fbase)
    return 0;
  s->found = f;
  return 1;
}

/* MPI's routine `name`: the next definition after this library's in the
 * global scope, else one in a loaded object's dependencies. */
static void *lookup(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  if (f != NULL) return f;
  struct search s = {name, NULL};
  dl_iterate_phdr(search_object, &s);
  if (s.found == NULL) {
    fprintf(stderr, "mpi_overlap: %s is not defined in this process\n", name);
    abort();
  }
  return s.found;
}

/* Reads the thread level, once MPI is initialized. */
static void learn_level(void) {
  static int (*initialized)(int *);
  static int (*query)(int *);
  if (initialized == NULL) initialized = (int (*)(int *))lookup("PMPI_Initialized");
  int flag = 0;
  if (initialized(&flag) != MPI_SUCCESS || !flag) return;
  if (query == NULL) query = (int (*)(int *))lookup("PMPI_Query_thread");
  int provided = -1;
  if (query(&provided) == MPI_SUCCESS) atomic_store(&level, provided);
}

/* The start of a call: counts it as an overlap if another thread is inside
 * one (the counter's total order makes the later of two overlapping
 * outermost calls see the earlier). */
static inline void begin(int routine) {
  if (depth++ > 0) return;
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  if (atomic_load_explicit(&level, memory_order_relaxed) < 0) learn_level();
  counted = atomic_load_explicit(&level, memory_order_relaxed) < MPI_THREAD_MULTIPLE;
  if (!counted) return;
  if (thread_number == 0) thread_number = atomic_fetch_add(&threads_seen, 1) + 1;
  if (thread_number < SLOTS)
    atomic_store_explicit(&running_routine[thread_number], (unsigned)routine + 1,
                          memory_order_relaxed);
  if (atomic_fetch_add(&inside, 1) == 0) return;
  atomic_fetch_add(&overlaps, 1);
  unsigned long other = 0;
  for (unsigned t = 1; t < SLOTS && other == 0; ++t) {
    const unsigned r = atomic_load_explicit(&running_routine[t], memory_order_relaxed);
    if (t != thread_number && r != 0) other = (unsigned long)t << 16 | (r - 1);
  }
  const unsigned long me = (unsigned long)thread_number << 16 | (unsigned long)routine;
  unsigned long none = 0;
  atomic_compare_exchange_strong(&first_overlap, &none, me << 32 | other);
}

static inline void end(void) {
  if (--depth > 0 || !counted) return;
  if (thread_number < SLOTS)
    atomic_store_explicit(&running_routine[thread_number], 0, memory_order_relaxed);
  atomic_fetch_sub(&inside, 1);
}

/* MPI's routines, all found at the first call of any (before MPI starts
 * threads of its own, and before the library's progress thread): a lookup
 * later takes the dynamic linker's lock, which a progress thread's poke
 * may hold while another thread's dlopen waits for it. */
#define X(name, params, args) static _Atomic(int(*) params) real_##name;
ROUTINES(X)
#undef X

static void resolve_all(void) {
#define X(name, params, args)                                                                      \
  atomic_store_explicit(&real_##name, (int(*) params)lookup("PMPI_" #name), memory_order_release);
  ROUTINES(X)
#undef X
}

#define X(name, params, args)                                                                      \
  static int wrapped_##name params {                                                               \
    int(*f) params = atomic_load_explicit(&real_##name, memory_order_acquire);                     \
    if (f == NULL) {                                                                               \
      resolve_all();                                                                               \
      f = atomic_load_explicit(&real_##name, memory_order_acquire);                                \
    }                                                                                              \
    begin(R_##name);                                                                               \
    const int rc = f args;                                                                         \
    end();                                                                                         \
    return rc;                                                                                     \
  }                                                                                                \
  int MPI_##name params { return wrapped_##name args; }                                            \
  int PMPI_##name params { return wrapped_##name args; }
ROUTINES(X)
#undef X

unsigned long mpi_overlap_count(void) { return atomic_load(&overlaps); }

static const char *level_name(int l) {
  switch (l) {
  case MPI_THREAD_SINGLE: return "MPI_THREAD_SINGLE";
  case MPI_THREAD_FUNNELED: return "MPI_THREAD_FUNNELED";
  case MPI_THREAD_SERIALIZED: return "MPI_THREAD_SERIALIZED";
  case MPI_THREAD_MULTIPLE: return "MPI_THREAD_MULTIPLE";
  default: return "an unknown thread level";
  }
}

static void describe(unsigned long call, char *out, size_t size) {
  const unsigned routine = call & 0xffff;
  snprintf(out, size, "%s (thread %lu)", routine < R_COUNT ? routine_names[routine] : "?",
           call >> 16);
}

__attribute__((destructor)) static void report(void) {
  const unsigned long n = atomic_load(&calls);
  if (n == 0) return; /* not an MPI process (mpiexec, its proxies, a shell) */
  const char *rank = getenv("OMPI_COMM_WORLD_RANK");
  if (rank == NULL) rank = getenv("PMI_RANK");
  char who[64];
  snprintf(who, sizeof who, "rank %s, pid %ld", rank ? rank : "?", (long)getpid());
  const int l = atomic_load(&level);
  const unsigned long o = atomic_load(&overlaps);
  if (l >= MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "mpi_overlap: %s: 0 overlaps counted (MPI at MPI_THREAD_MULTIPLE, %lu calls)\n",
            who, n);
    return;
  }
  if (o == 0) {
    fprintf(stderr, "mpi_overlap: %s: 0 overlaps in %lu calls at %s\n", who, n, level_name(l));
    return;
  }
  const unsigned long pair = atomic_load(&first_overlap);
  char began[96], running[96] = "another call";
  describe(pair >> 32, began, sizeof began);
  if ((pair & 0xffffffffUL) != 0) describe(pair & 0xffffffffUL, running, sizeof running);
  fprintf(stderr,
          "mpi_overlap: %s: %lu overlaps in %lu calls at %s; first: %s began while %s ran\n", who,
          o, n, level_name(l), began, running);
  const char *status = getenv("MPI_OVERLAP_STATUS");
  fflush(NULL);
  _exit(status && *status ? atoi(status) : 86);
}
