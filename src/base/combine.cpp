#include "base/combine.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "base/report.hpp"

namespace shmemi {
namespace {

template <class T, class F> void apply(T *acc, const T *in, std::size_t n, F f) {
  for (std::size_t i = 0; i < n; ++i) acc[i] = f(acc[i], in[i]);
}

[[noreturn]] void unsupported(Elem elem, Op op) {
  fatal(__func__, "internal error: no reduction %d on %zu-byte elements of kind %d",
        static_cast<int>(op), elem.bytes, static_cast<int>(elem.kind));
}

// Sums and products in the unsigned type: wrap-around, never undefined.
template <class T> void combine_integer(Elem elem, Op op, T *acc, const T *in, std::size_t n) {
  using U = std::make_unsigned_t<T>;
  switch (op) {
  case Op::band: return apply(acc, in, n, [](T a, T b) { return static_cast<T>(a & b); });
  case Op::bor: return apply(acc, in, n, [](T a, T b) { return static_cast<T>(a | b); });
  case Op::bxor: return apply(acc, in, n, [](T a, T b) { return static_cast<T>(a ^ b); });
  case Op::max: return apply(acc, in, n, [](T a, T b) { return a < b ? b : a; });
  case Op::min: return apply(acc, in, n, [](T a, T b) { return b < a ? b : a; });
  case Op::sum: return apply(acc, in, n, [](T a, T b) { return static_cast<T>(1u * U(a) + U(b)); });
  case Op::prod:
    return apply(acc, in, n, [](T a, T b) { return static_cast<T>(1u * U(a) * U(b)); });
  }
  unsupported(elem, op);
}

template <class T> void combine_real(Elem elem, Op op, T *acc, const T *in, std::size_t n) {
  switch (op) {
  case Op::max: return apply(acc, in, n, [](T a, T b) { return a < b ? b : a; });
  case Op::min: return apply(acc, in, n, [](T a, T b) { return b < a ? b : a; });
  case Op::sum: return apply(acc, in, n, [](T a, T b) { return a + b; });
  case Op::prod: return apply(acc, in, n, [](T a, T b) { return a * b; });
  default: unsupported(elem, op);
  }
}

template <class T> void combine_complex(Elem elem, Op op, T *acc, const T *in, std::size_t n) {
  switch (op) {
  case Op::sum: return apply(acc, in, n, [](T a, T b) { return a + b; });
  case Op::prod: return apply(acc, in, n, [](T a, T b) { return a * b; });
  default: unsupported(elem, op);
  }
}

template <class T> void combine_int(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  combine_integer(elem, op, static_cast<T *>(acc), static_cast<const T *>(in), n);
}

template <class S, class U>
void combine_by_width(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  if (elem.kind == Kind::sint)
    combine_int<S>(elem, op, acc, in, n);
  else
    combine_int<U>(elem, op, acc, in, n);
}

template <class T> void combine_float(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  combine_real(elem, op, static_cast<T *>(acc), static_cast<const T *>(in), n);
}

template <class T> void combine_cplx(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  combine_complex(elem, op, static_cast<T *>(acc), static_cast<const T *>(in), n);
}

void combine_integers(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  switch (elem.bytes) {
  case 1: return combine_by_width<std::int8_t, std::uint8_t>(elem, op, acc, in, n);
  case 2: return combine_by_width<std::int16_t, std::uint16_t>(elem, op, acc, in, n);
  case 4: return combine_by_width<std::int32_t, std::uint32_t>(elem, op, acc, in, n);
  case 8: return combine_by_width<std::int64_t, std::uint64_t>(elem, op, acc, in, n);
  default: unsupported(elem, op);
  }
}

void combine_reals(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  if (elem.bytes == sizeof(float)) return combine_float<float>(elem, op, acc, in, n);
  if (elem.bytes == sizeof(double)) return combine_float<double>(elem, op, acc, in, n);
  if (elem.bytes == sizeof(long double)) return combine_float<long double>(elem, op, acc, in, n);
  unsupported(elem, op);
}

void combine_complexes(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  if (elem.bytes == sizeof(__complex__ float))
    return combine_cplx<__complex__ float>(elem, op, acc, in, n);
  if (elem.bytes == sizeof(__complex__ double))
    return combine_cplx<__complex__ double>(elem, op, acc, in, n);
  unsupported(elem, op);
}

// GCC loads __float128 with aligned SSE moves, but nothing makes the data
// 16-byte aligned (a caller's array at an 8-byte boundary, MPI's temporary
// buffers): pieces go through aligned copies.
void combine_quads(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  if (elem.bytes != sizeof(__float128)) unsupported(elem, op);
  constexpr std::size_t per = 64;
  __float128 a[per], b[per];
  char *acc_bytes = static_cast<char *>(acc);
  const char *in_bytes = static_cast<const char *>(in);
  for (std::size_t first = 0; first < n; first += per) {
    const std::size_t count = std::min(per, n - first), bytes = count * sizeof(__float128);
    const std::size_t at = first * sizeof(__float128);
    std::memcpy(a, acc_bytes + at, bytes);
    std::memcpy(b, in_bytes + at, bytes);
    combine_real(elem, op, a, b, count);
    std::memcpy(acc_bytes + at, a, bytes);
  }
}

} // namespace

void combine(Elem elem, Op op, void *acc, const void *in, std::size_t n) {
  switch (elem.kind) {
  case Kind::sint:
  case Kind::uint: return combine_integers(elem, op, acc, in, n);
  case Kind::real: return combine_reals(elem, op, acc, in, n);
  case Kind::complex: return combine_complexes(elem, op, acc, in, n);
  case Kind::quad: return combine_quads(elem, op, acc, in, n);
  }
}

} // namespace shmemi
