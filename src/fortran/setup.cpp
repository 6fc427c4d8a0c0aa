// Fortran setup, query and ordering routines (1.3 sections 8.1, 8.8 and the
// deprecated cache routines of 8.10): the C routines under the Fortran
// names, with Fortran's argument passing, LOGICAL results and blank-padded
// strings.
#include <algorithm>
#include <cstring>

#include "core/checks.hpp"
#include "fortran/entry.hpp"

using namespace shmemi;
using namespace shmemi::fortran;

// START_PES and the cache routines are deprecated in C as in Fortran.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace shmemi::fortran {

std::size_t count(const char *routine, const char *arg, fint value) {
  return require_count(routine, arg, value);
}

} // namespace shmemi::fortran

namespace {

flogical logical(int value) { return value != 0 ? 1 : 0; }

// SHMEM_MY_PE and SHMEM_N_PES are INTEGER functions, but a program that
// calls them undeclared (the spec's own REDUCTION example does) takes them
// for REAL ones by Fortran's implicit typing and reads the result where a
// REAL is returned (xmm0 on x86-64): the value goes there too, as a REAL.
[[gnu::always_inline]] inline fint integer_or_real(fint value) {
#if defined(__x86_64__)
  register float as_real asm("xmm0") = static_cast<float>(value);
  asm volatile("" : : "x"(as_real));
#endif
  return value;
}

// CHARACTER*(*) name: the vendor string, blank-padded to the variable's length.
void vendor_name(char *name, std::size_t length) {
  char text[SHMEM_MAX_NAME_LEN];
  pshmem_info_get_name(text);
  const std::size_t n = std::min(std::strlen(text), length);
  std::memcpy(name, text, n);
  std::memset(name + n, ' ', length - n);
}

} // namespace

SHMEMI_F_DEF(void, shmem_init, (), pshmem_init())
SHMEMI_F_DEF(void, shmem_finalize, (), pshmem_finalize())
SHMEMI_F_DEF(void, start_pes, (const fint *), pstart_pes(0))
SHMEMI_F_DEF(void, shmem_global_exit, (const fint *status), pshmem_global_exit(*status))
// (Nothing may run after integer_or_real: these two name no Fortran routine
// for messages, which only say that shmem_my_pe ran before shmem_init.)
extern "C" SHMEM_API fint shmem_my_pe_() noexcept { return integer_or_real(pshmem_my_pe()); }
extern "C" SHMEM_API fint shmem_n_pes_() noexcept { return integer_or_real(pshmem_n_pes()); }
SHMEMI_F_DEF(fint, my_pe, (), pshmem_my_pe())
SHMEMI_F_DEF(fint, num_pes, (), pshmem_n_pes())
SHMEMI_F_DEF(flogical, shmem_pe_accessible, (const fint *pe), logical(pshmem_pe_accessible(*pe)))
SHMEMI_F_DEF(flogical, shmem_addr_accessible, (const void *addr, const fint *pe),
             logical(pshmem_addr_accessible(addr, *pe)))
SHMEMI_F_DEF(fpointer, shmem_ptr, (const void *dest, const fint *pe),
             reinterpret_cast<fpointer>(pshmem_ptr(dest, *pe)))
SHMEMI_F_DEF(void, shmem_info_get_version, (fint * major, fint *minor),
             pshmem_info_get_version(major, minor))
SHMEMI_F_DEF(void, shmem_info_get_name, (char *name, std::size_t length), vendor_name(name, length))

SHMEMI_F_DEF(void, shmem_fence, (), pshmem_fence())
SHMEMI_F_DEF(void, shmem_quiet, (), pshmem_quiet())

SHMEMI_F_DEF(void, shmem_clear_cache_inv, (), pshmem_clear_cache_inv())
SHMEMI_F_DEF(void, shmem_set_cache_inv, (), pshmem_set_cache_inv())
SHMEMI_F_DEF(void, shmem_clear_cache_line_inv, (void *dest), pshmem_clear_cache_line_inv(dest))
SHMEMI_F_DEF(void, shmem_set_cache_line_inv, (void *dest), pshmem_set_cache_line_inv(dest))
SHMEMI_F_DEF(void, shmem_udcflush, (), pshmem_udcflush())
SHMEMI_F_DEF(void, shmem_udcflush_line, (void *dest), pshmem_udcflush_line(dest))

// The predefined handles as variables, which the Fortran 2008 module binds to (make_f08.cpp):
// a Fortran constant cannot hold an address.
extern "C" {
SHMEM_API extern const shmem_team_t shmemi_f08_team_world = SHMEM_TEAM_WORLD;
SHMEM_API extern const shmem_team_t shmemi_f08_team_shared = SHMEM_TEAM_SHARED;
SHMEM_API extern const shmem_ctx_t shmemi_f08_ctx_default = SHMEM_CTX_DEFAULT;
}
