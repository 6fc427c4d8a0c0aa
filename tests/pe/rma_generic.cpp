// The C++17 template forms of the RMA routines (section 9.6): shmem_put,
// shmem_p, shmem_iput, shmem_ibget, ... with and without a ctx argument, for
// every type of the standard RMA type table, into static arrays and the
// symmetric heap, on the right neighbour and on this PE itself. The
// template must call the routine of its T: the checks compare values
// element by element, and elements a routine must not write stay zero.
#include <shmem.h>

#include <cstddef>
#include <cstring>

#include "check.h"

namespace {

constexpr std::size_t LEN = 24;

// One destination row per put call, one local row per get call.
enum {
  P_PUT,
  P_PUT_CTX,
  P_P,
  P_P_CTX,
  P_IPUT,
  P_IPUT_CTX,
  P_IBPUT,
  P_IBPUT_CTX,
  P_NBI,
  P_NBI_CTX,
  N_PUTS
};
enum {
  G_GET,
  G_GET_CTX,
  G_G,
  G_G_CTX,
  G_IGET,
  G_IGET_CTX,
  G_IBGET,
  G_IBGET_CTX,
  G_NBI,
  G_NBI_CTX,
  N_GETS
};

// Blocks of bsize elements, dst apart in the row and sst apart in the
// source; zero elsewhere.
struct Shape {
  const char *form;
  std::size_t dst, sst, bsize, nblocks;
};
constexpr Shape contig(const char *form) { return {form, LEN, LEN, LEN, 1}; }

const Shape put_shapes[N_PUTS] = {contig("put"),
                                  contig("put(ctx)"),
                                  contig("p"),
                                  contig("p(ctx)"),
                                  {"iput", 2, 3, 1, LEN / 3},
                                  {"iput(ctx)", 2, 3, 1, LEN / 3},
                                  {"ibput", 4, 3, 2, LEN / 4},
                                  {"ibput(ctx)", 4, 3, 2, LEN / 4},
                                  contig("put_nbi"),
                                  contig("put_nbi(ctx)")};
const Shape get_shapes[N_GETS] = {contig("get"),
                                  contig("get(ctx)"),
                                  contig("g"),
                                  contig("g(ctx)"),
                                  {"iget", 3, 2, 1, LEN / 3},
                                  {"iget(ctx)", 3, 2, 1, LEN / 3},
                                  {"ibget", 3, 4, 2, LEN / 4},
                                  {"ibget(ctx)", 3, 4, 2, LEN / 4},
                                  contig("get_nbi"),
                                  contig("get_nbi(ctx)")};

long val(int pe, std::size_t i) { return (pe * 13 + static_cast<long>(i) * 5) % 89 + 1; }

// Symmetric static arrays, one set per type.
template <class T> struct Statics {
  static T src[LEN];
  static T dst[N_PUTS][LEN];
};
template <class T> T Statics<T>::src[LEN];
template <class T> T Statics<T>::dst[N_PUTS][LEN];

template <class T>
void expect_row(const char *type, const char *space, const Shape &s, const T *row, int pe) {
  for (std::size_t i = 0; i < LEN; ++i) {
    const std::size_t b = i / s.dst, j = i % s.dst;
    const long want = b < s.nblocks && j < s.bsize ? val(pe, b * s.sst + j) : 0;
    const long got = static_cast<long>(row[i]);
    CHECK_MSG(got == want, "shmem_%s<%s> (%s, pe %d): element %zu is %ld, expected %ld", s.form,
              type, space, pe, i, got, want);
    if (got != want) return;
  }
}

// T is named explicitly nowhere below: every call deduces it.
template <class T> void issue_puts(T (*d)[LEN], const T *s, int pe) {
  const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  shmem_put(d[P_PUT], s, LEN, pe);
  shmem_put(ctx, d[P_PUT_CTX], s, LEN, pe);
  for (std::size_t i = 0; i < LEN; ++i) {
    shmem_p(&d[P_P][i], val(shmem_my_pe(), i), pe); // a long value for any T
    shmem_p(ctx, &d[P_P_CTX][i], s[i], pe);
  }
  shmem_iput(d[P_IPUT], s, 2, 3, LEN / 3, pe);
  shmem_iput(ctx, d[P_IPUT_CTX], s, 2, 3, LEN / 3, pe);
  shmem_ibput(d[P_IBPUT], s, 4, 3, 2, LEN / 4, pe);
  shmem_ibput(ctx, d[P_IBPUT_CTX], s, 4, 3, 2, LEN / 4, pe);
  shmem_put_nbi(d[P_NBI], s, LEN, pe);
  shmem_put_nbi(ctx, d[P_NBI_CTX], s, LEN, pe);
}

template <class T> void run_gets(T (*d)[LEN], const T *s, int pe) {
  const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  shmem_get(d[G_GET], s, LEN, pe);
  shmem_get(ctx, d[G_GET_CTX], s, LEN, pe);
  for (std::size_t i = 0; i < LEN; ++i) {
    d[G_G][i] = shmem_g(&s[i], pe);
    d[G_G_CTX][i] = shmem_g(ctx, &s[i], pe);
  }
  shmem_iget(d[G_IGET], s, 3, 2, LEN / 3, pe);
  shmem_iget(ctx, d[G_IGET_CTX], s, 3, 2, LEN / 3, pe);
  shmem_ibget(d[G_IBGET], s, 3, 4, 2, LEN / 4, pe);
  shmem_ibget(ctx, d[G_IBGET_CTX], s, 3, 4, 2, LEN / 4, pe);
  shmem_get_nbi(d[G_NBI], s, LEN, pe);
  shmem_get_nbi(ctx, d[G_NBI_CTX], s, LEN, pe);
  shmem_quiet();
}

template <class T>
void run_case(const char *type, const char *space, T *src, T (*dst)[LEN], int target, int from) {
  const int me = shmem_my_pe();
  // The puts' source stays untouched until the barrier completes them: a
  // nonblocking put may read it until then.
  T source[LEN], local[N_GETS][LEN] = {};
  std::memset(dst, 0, sizeof(T[N_PUTS][LEN]));
  for (std::size_t i = 0; i < LEN; ++i) src[i] = source[i] = static_cast<T>(val(me, i));
  shmem_barrier_all();
  issue_puts(dst, static_cast<const T *>(source), target);
  run_gets(local, static_cast<const T *>(src), target);
  for (int g = 0; g < N_GETS; ++g) expect_row(type, space, get_shapes[g], local[g], target);
  shmem_barrier_all();
  for (int p = 0; p < N_PUTS; ++p) expect_row(type, space, put_shapes[p], dst[p], from);
  shmem_barrier_all();
}

template <class T> void run_type(const char *type) {
  const int me = shmem_my_pe(), npes = shmem_n_pes();
  const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  T *heap_src = static_cast<T *>(shmem_malloc(sizeof(T[LEN])));
  auto heap_dst = static_cast<T(*)[LEN]>(shmem_malloc(sizeof(T[N_PUTS][LEN])));
  CHECK(heap_src && heap_dst);
  run_case(type, "static", Statics<T>::src, Statics<T>::dst, right, left);
  run_case(type, "static", Statics<T>::src, Statics<T>::dst, me, me);
  run_case(type, "heap", heap_src, heap_dst, right, left);
  run_case(type, "heap", heap_src, heap_dst, me, me);
  shmem_free(heap_dst);
  shmem_free(heap_src);
}

} // namespace

int main() {
  shmem_init();
#define RUN_TYPE(A, T, N) run_type<T>(#N);
  SHMEMI_RMA_TYPES(RUN_TYPE, ~)
#undef RUN_TYPE
  CHECK_DONE();
}
