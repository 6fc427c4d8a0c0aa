// The copy of a put or get on the node: memmove, but an AVX2 loop for
// 2-16 KiB, where it beats the start-up of glibc's rep movsb
// (docs/bench/notes.md, "Copies on a node").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace shmemi {

#if defined(__x86_64__)
namespace copy_detail {

// n >= 128, no overlap: 128-byte blocks, the last 128 bytes (loaded first)
// covering the remainder.
__attribute__((target("avx2"))) inline void avx2(char *d, const char *s, std::size_t n) {
  const __m256i t0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + n - 128));
  const __m256i t1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + n - 96));
  const __m256i t2 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + n - 64));
  const __m256i t3 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + n - 32));
  for (std::size_t i = 0; i + 128 <= n; i += 128) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + i));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + i + 32));
    const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + i + 64));
    const __m256i e = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + i + 96));
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + i), a);
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + i + 32), b);
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + i + 64), c);
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + i + 96), e);
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + n - 128), t0);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + n - 96), t1);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + n - 64), t2);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + n - 32), t3);
}

inline bool has_avx2() {
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
  return yes;
}

// Above 2 KiB: out of line, so that smaller sizes go straight to memmove.
[[gnu::noinline]] inline void large(void *dest, const void *source, std::size_t n) {
  const auto d = reinterpret_cast<std::uintptr_t>(dest);
  const auto s = reinterpret_cast<std::uintptr_t>(source);
  if (n <= 16384 && d - s >= n && s - d >= n && has_avx2())
    avx2(static_cast<char *>(dest), static_cast<const char *>(source), n);
  else
    std::memmove(dest, source, n);
}

} // namespace copy_detail
#endif

// memmove's semantics (ranges may overlap: a put to this PE).
inline void copy_on_node(void *dest, const void *source, std::size_t n) {
#if defined(__x86_64__)
  if (n > 2048) [[unlikely]] {
    copy_detail::large(dest, source, n);
    return;
  }
#endif
  std::memmove(dest, source, n);
}

} // namespace shmemi
