// make_fh: prints shmem.fh, the Fortran header of OpenSHMEM 1.3, from the C
// header's constants and table.hpp, so that the two cannot disagree. Run at
// build time. The text is valid fixed-form and free-form Fortran: comments
// start with '!' in column 1, statements in column 7, and a statement
// longer than 72 columns continues with '&' in column 73 (past the end of a
// fixed-form line) and '&' in column 6 of the next line.
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

void declare(const char *type, const char *name) { statement(std::string(type) + " " + upper(name)); }

} // namespace

#define SHMEMI_FH_INTEGER(NAME) integer(#NAME, NAME);
#define SHMEMI_FH_DECLARE(NAME, FTYPE) declare(FTYPE, #NAME);

int main() {
  std::puts("! shmem.fh: the Fortran constants and function types of OpenSHMEM 1.3,\n"
            "! generated from shmem.h at build time (src/fortran/make_fh.cpp).\n"
            "! The program declares the types of the functions it calls (e.g.\n"
            "! INTEGER SHMEM_MY_PE, INTEGER*8 SHMEM_INT8_FADD), as the spec's\n"
            "! synopses show; this file declares only SHMEM_PTR. Default INTEGER\n"
            "! and LOGICAL are 4 bytes (no -fdefault-integer-8).");
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
  return 0;
}
