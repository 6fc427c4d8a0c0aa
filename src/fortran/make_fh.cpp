// make_fh [long|long-header]: prints shmem.fh, the Fortran header of OpenSHMEM 1.3, from the C
// header's constants and table.hpp, so that the two cannot disagree; with "long", shmem_long.fh,
// which declares the type of every function besides; with "long-header", the same declarations as
// the shmem.fh (and mpp/shmem.fh) of the directory that oshfort --long-header puts first on the
// include path. Run at build time. The text is valid fixed-form and free-form Fortran: comments
// start with '!' in column 1, statements in column 7, and a statement longer than 72 columns
// continues with '&' in column 73 (past the end of a fixed-form line) and '&' in column 6 of the
// next line.
#include <shmem.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "fortran/table.hpp"

namespace {

void statement(std::string text) {
  const std::size_t width = 72 - 6;
  std::string line = "      " + text.substr(0, width);
  text.erase(0, std::min(width, text.size()));
  while (!text.empty()) {
    std::printf("%-72s&\n", line.c_str());
    line = "     &" + text.substr(0, width);
    text.erase(0, std::min(width, text.size()));
  }
  std::printf("%s\n", line.c_str());
}

void integer(const char *name, long value) {
  statement(std::string("INTEGER ") + name);
  statement(std::string("PARAMETER (") + name + " = " + std::to_string(value) + ")");
}

std::string upper(std::string s) {
  for (char &c : s) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return s;
}

void declare(const char *type, const char *name) {
  statement(std::string(type) + " " + upper(name));
}

const char *const short_comment =
    "! shmem.fh: the Fortran constants and function types of OpenSHMEM 1.3,\n"
    "! generated from shmem.h at build time (src/fortran/make_fh.cpp).\n"
    "! This file declares SHMEM_PTR (INTEGER*8), SHMEM_PE_ACCESSIBLE and\n"
    "! SHMEM_ADDR_ACCESSIBLE (LOGICAL); the program declares the types of the\n"
    "! other functions it calls (e.g. INTEGER SHMEM_MY_PE, INTEGER*8\n"
    "! SHMEM_INT8_FADD), as the spec's synopses show. shmem_long.fh is this\n"
    "! file plus the type of every function, for programs that declare none;\n"
    "! oshfort --long-header makes INCLUDE 'shmem.fh' bring that long form.\n"
    "! Default INTEGER and LOGICAL are 4 bytes (no -fdefault-integer-8).";

const char *const long_comment =
    "! shmem_long.fh: the Fortran constants of OpenSHMEM 1.3 and the type of\n"
    "! every function of the 1.3 binding that the library implements\n"
    "! (INTEGER SHMEM_MY_PE, INTEGER*8 SHMEM_INT8_FADD, REAL*8\n"
    "! SHMEM_REAL8_SWAP, LOGICAL SHMEM_PE_ACCESSIBLE, ...), generated from\n"
    "! shmem.h at build time (src/fortran/make_fh.cpp). INCLUDE it instead of\n"
    "! shmem.fh in a program that declares none of these functions itself\n"
    "! (Fortran refuses a second declaration), e.g. under IMPLICIT NONE.\n"
    "! Default INTEGER and LOGICAL are 4 bytes (no -fdefault-integer-8).";

const char *const long_header_comment =
    "! shmem.fh, long form: the Fortran constants of OpenSHMEM 1.3 and the\n"
    "! type of every function of the 1.3 binding, the same declarations as\n"
    "! shmem_long.fh, generated from shmem.h at build time\n"
    "! (src/fortran/make_fh.cpp). oshfort --long-header (or\n"
    "! OSHFORT_LONG_HEADER=1) puts this directory before the one of the\n"
    "! default shmem.fh, so that INCLUDE 'shmem.fh' and 'mpp/shmem.fh' find\n"
    "! this file, for programs that declare none of the functions themselves\n"
    "! (a program that declares one, e.g. INTEGER SHMEM_MY_PE, does not\n"
    "! compile with it: Fortran refuses a second declaration).\n"
    "! Default INTEGER and LOGICAL are 4 bytes (no -fdefault-integer-8).";

#define SHMEMI_FH_INTEGER(NAME) integer(#NAME, NAME);
#define SHMEMI_FH_DECLARE(NAME, FTYPE) declare(FTYPE, #NAME);
#define SHMEMI_FH_DECLARE_AMO_ANY(P, T, FTYPE)                                                     \
  declare(FTYPE, #P "_swap");                                                                      \
  declare(FTYPE, #P "_fetch");
#define SHMEMI_FH_DECLARE_AMO_INT(P, T, FTYPE)                                                     \
  SHMEMI_FH_DECLARE_AMO_ANY(P, T, FTYPE)                                                           \
  declare(FTYPE, #P "_cswap");                                                                     \
  declare(FTYPE, #P "_fadd");                                                                      \
  declare(FTYPE, #P "_finc");

// shmem_long.fh's declarations beyond shmem.fh's.
void declare_every_function() {
  SHMEMI_F_UNDECLARED(SHMEMI_FH_DECLARE)
  SHMEMI_F_AMO_INTS(SHMEMI_FH_DECLARE_AMO_INT)
  SHMEMI_F_AMO_REALS(SHMEMI_FH_DECLARE_AMO_ANY)
}

} // namespace

int main(int argc, char **argv) {
  const char *const mode = argc > 1 ? argv[1] : "";
  const bool long_file = std::strcmp(mode, "long") == 0;
  const bool long_header = long_file || std::strcmp(mode, "long-header") == 0;
  if (!long_header && *mode != '\0') {
    std::fprintf(stderr, "usage: make_fh [long|long-header]\n");
    return 2;
  }
  std::puts(long_file ? long_comment : long_header ? long_header_comment : short_comment);
  SHMEMI_FH_INTEGER(SHMEM_MAJOR_VERSION)
  SHMEMI_FH_INTEGER(SHMEM_MINOR_VERSION)
  SHMEMI_FH_INTEGER(SHMEM_MAX_NAME_LEN)
  statement("CHARACTER*(SHMEM_MAX_NAME_LEN) SHMEM_VENDOR_STRING");
  statement(std::string("PARAMETER (SHMEM_VENDOR_STRING = '") + SHMEM_VENDOR_STRING + "')");
  SHMEMI_FH_INTEGER(SHMEM_THREAD_SINGLE)
  SHMEMI_FH_INTEGER(SHMEM_THREAD_FUNNELED)
  SHMEMI_FH_INTEGER(SHMEM_THREAD_SERIALIZED)
  SHMEMI_FH_INTEGER(SHMEM_THREAD_MULTIPLE)
  SHMEMI_FH_INTEGER(SHMEM_CMP_EQ)
  SHMEMI_FH_INTEGER(SHMEM_CMP_NE)
  SHMEMI_FH_INTEGER(SHMEM_CMP_GT)
  SHMEMI_FH_INTEGER(SHMEM_CMP_LE)
  SHMEMI_FH_INTEGER(SHMEM_CMP_LT)
  SHMEMI_FH_INTEGER(SHMEM_CMP_GE)
  SHMEMI_FH_INTEGER(SHMEM_SYNC_VALUE)
  SHMEMI_FH_INTEGER(SHMEM_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_BARRIER_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_BCAST_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_COLLECT_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_REDUCE_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_ALLTOALL_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_ALLTOALLS_SYNC_SIZE)
  SHMEMI_FH_INTEGER(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  SHMEMI_F_DECLARED(SHMEMI_FH_DECLARE)
  if (long_header) declare_every_function();
  return 0;
}
