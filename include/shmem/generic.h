/* Machinery that turns a type table (shmem/tables.h) into the spec's
 * type-generic interfaces: C11 generic selection in C, templates in C++.
 * Included by shmem.h; not meant for direct use. */
#ifndef SHMEM_GENERIC_H
#define SHMEM_GENERIC_H

#define SHMEMI_UNPACK(...) __VA_ARGS__

#define SHMEMI_ARG1(a, ...) a
#define SHMEMI_ARG2(a, b, ...) b

#if defined(__cplusplus)
#if __cplusplus >= 201703L
#include <type_traits>
#define SHMEMI_HAVE_CXX_GENERICS 1

template <class T> struct shmemi_false : std::false_type {};
template <class T> struct shmemi_identity { typedef T type; };

/* One row of the dispatch chain; A is (T, PREFIX, SUFFIX, (ARGS...)). */
#define SHMEMI_CXX_ROW(A, TYPE, NAME) SHMEMI_CXX_ROW_(SHMEMI_UNPACK A, TYPE, NAME)
#define SHMEMI_CXX_ROW_(...) SHMEMI_CXX_ROW__(__VA_ARGS__)
#define SHMEMI_CXX_ROW__(T, P, S, ARGS, TYPE, NAME)                                                \
  if constexpr (std::is_same<T, TYPE>::value)                                                      \
    return P##NAME##S ARGS;                                                                        \
  else

/* Body of a generic C++ template: calls the typed routine for T, or fails
 * to compile naming the routine when T is not in the spec's table. */
#define SHMEMI_CXX_DISPATCH(TABLE, T, P, S, ARGS, WHAT)                                            \
  TABLE(SHMEMI_CXX_ROW, (T, P, S, ARGS))                                                           \
  static_assert(shmemi_false<T>::value, WHAT);

/* The plain and the ctx template of a generic routine. PARAMS may use T
 * and SHMEMI_V (a value of type T that does not take part in deduction). */
#define SHMEMI_V typename shmemi_identity<T>::type
#define SHMEMI_CXX_GENERIC(TABLE, RET, NAME, PARAMS, ARGS)                                         \
  SHMEMI_CXX_GENERIC_PLAIN(TABLE, RET, NAME, PARAMS, ARGS)                                         \
  template <class T> inline RET shmem_##NAME(shmem_ctx_t ctx, SHMEMI_UNPACK PARAMS) {              \
    SHMEMI_CXX_DISPATCH(TABLE, T, shmem_ctx_, _##NAME, (ctx, SHMEMI_UNPACK ARGS),                  \
                        "shmem_" #NAME ": TYPE is not in the spec's table for this routine")       \
  }
#define SHMEMI_CXX_GENERIC_PLAIN(TABLE, RET, NAME, PARAMS, ARGS)                                   \
  template <class T> inline RET shmem_##NAME PARAMS {                                              \
    SHMEMI_CXX_DISPATCH(TABLE, T, shmem_, _##NAME, ARGS,                                           \
                        "shmem_" #NAME ": TYPE is not in the spec's table for this routine")       \
  }
#endif

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SHMEMI_HAVE_C11_GENERICS 1

/* C11: one _Generic per row, each nested in the previous one's default, so
 * that rows naming the same C type (int and int32_t) do not collide. */
#define SHMEMI_C11_OPEN(A, TYPE, NAME) SHMEMI_C11_OPEN_(SHMEMI_UNPACK A, TYPE, NAME)
#define SHMEMI_C11_OPEN_(...) SHMEMI_C11_OPEN__(__VA_ARGS__)
#define SHMEMI_C11_OPEN__(E, P, S, TYPE, NAME)                                                     \
  _Generic((E), TYPE *: P##NAME##S, const TYPE *: P##NAME##S,                  \
           volatile TYPE *: P##NAME##S, default:
#define SHMEMI_C11_CLOSE(A, TYPE, NAME) )

/* Selects P<TYPENAME>S for the pointer expression E (not evaluated). */
#define SHMEMI_C11_SELECT(TABLE, E, P, S)                                                          \
  TABLE(SHMEMI_C11_OPEN, (E, P, S))                                                                \
  shmemi_generic_type_not_in_spec_table TABLE(SHMEMI_C11_CLOSE, ~)

/* A generic routine: the ctx form when the first argument is a context
 * (the typed pointer is then the second), else the plain form (the typed
 * pointer first). Calls shmem_[ctx_]<TYPENAME><SUFFIX>(args). */
#define SHMEMI_C11_GENERIC(TABLE, SUFFIX, ...)                                                     \
  _Generic((SHMEMI_ARG1(__VA_ARGS__, ~)), shmem_ctx_t                                              \
           : SHMEMI_C11_SELECT(TABLE, SHMEMI_ARG2(__VA_ARGS__, ~), shmem_ctx_, SUFFIX), default    \
           : SHMEMI_C11_SELECT(TABLE, SHMEMI_ARG1(__VA_ARGS__, ~), shmem_, SUFFIX))(__VA_ARGS__)

/* Reached only when no row matched: the compiler reports a call to this. */
void shmemi_generic_type_not_in_spec_table(void);
#endif

#endif /* SHMEM_GENERIC_H */
