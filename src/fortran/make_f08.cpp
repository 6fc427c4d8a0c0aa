// make_f08: prints shmem.f90, the Fortran 2008 module `shmem` of OpenSHMEM 1.6: BIND(C)
// interfaces to the C routines, generic interfaces over the types, the constants and the handles.
// Run at build time (cmake/Fortran.cmake). Every typed family is stamped from the spec's type
// tables of <shmem/tables.h>, keeping the rows whose C type ISO_C_BINDING names a kind (no
// unsigned type but size_t); a generic name takes the first row of each Fortran type and kind,
// as the C11 generic selections take the first matching row.
#include <shmem.h>

#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace {

struct Row {
  std::string type; // Fortran type, e.g. integer(c_long)
  std::string kind; // what generic resolution sees: type and size
  std::string name; // the spec's TYPENAME
};

// ISO_C_BINDING's name for the C type spelled C: c_ and the words joined by '_'; unsigned types
// but size_t have none. T is the C type itself.
template <class T> Row row(std::string c, const char *name) {
  if (c.rfind("unsigned", 0) == 0 || c.rfind("uint", 0) == 0) return {"", "", name};
  std::string type = "integer";
  if (std::is_same_v<T, char>) {
    type = "character";
  } else if (std::is_floating_point_v<T>) {
    type = "real";
  } else if (!std::is_integral_v<T>) {
    type = "complex"; // __complex__ float or double
    c = c.substr(c.find(' ') + 1) + " complex";
  }
  for (char &ch : c) ch = ch == ' ' ? '_' : ch;
  const char *kind = type == "character" ? "(kind=c_" : "(c_"; // character(c_char) is a length
  return {type + kind + c + ")", type + std::to_string(sizeof(T)), name};
}

#define SHMEMI_F08_STR(X) #X
#define SHMEMI_F08_ROW(ROWS, T, N) ROWS->push_back(row<T>(SHMEMI_F08_STR(T), #N));
#define SHMEMI_F08_TABLE(TABLE)                                                                    \
  [] {                                                                                             \
    std::vector<Row> rows, *all = &rows, fortran;                                                  \
    TABLE(SHMEMI_F08_ROW, all)                                                                     \
    for (const Row &r : rows)                                                                      \
      if (!r.type.empty()) fortran.push_back(r);                                                   \
    return fortran;                                                                                \
  }()

// A dummy argument: its declaration and its name, "(*)" after an array's.
struct Arg {
  std::string decl, name;
};
using Args = std::vector<Arg>;

const std::string c_int = "integer(c_int)", c_size = "integer(c_size_t)",
                  c_ptrdiff = "integer(c_ptrdiff_t)", c_long = "integer(c_long)",
                  c_u64 = "integer(c_int64_t)", team_t = "type(shmem_team_t)",
                  ctx_t = "type(shmem_ctx_t)", c_ptr = "type(c_ptr)", any = "type(*)";

Arg val(const std::string &type, const char *name) { return {type + ", value", name}; }
Arg in(const std::string &type, const char *name) { return {type + ", intent(in)", name}; }
Arg inout(const std::string &type, const char *name) { return {type + ", intent(inout)", name}; }
Arg out(const std::string &type, const char *name) { return {type + ", intent(out)", name}; }
Arg array_in(const std::string &type, const char *name) {
  return {type + ", intent(in)", std::string(name) + "(*)"};
}
Arg array_inout(const std::string &type, const char *name) {
  return {type + ", intent(inout)", std::string(name) + "(*)"};
}
Arg pe() { return val(c_int, "pe"); }
Arg nelems() { return val(c_size, "nelems"); }

// Prints TEXT at INDENT, continued with '&' where it would pass column 100.
void line(int indent, std::string text) {
  const std::size_t width = 100 - indent;
  while (text.size() > width) {
    std::size_t cut = text.rfind(", ", width - 2);
    const std::size_t bind = text.rfind(" bind(", width - 2);
    if (bind != std::string::npos && (cut == std::string::npos || bind > cut)) cut = bind - 1;
    if (cut == std::string::npos) break;
    std::printf("%*s%s &\n", indent, "", text.substr(0, cut + 1).c_str());
    text = "  " + text.substr(cut + 2);
  }
  std::printf("%*s%s\n", indent, "", text.c_str());
}

std::string argument_name(const Arg &a) { return a.name.substr(0, a.name.find('(')); }

// Prints the interface body of the C routine NAME: a function returning RESULT, a subroutine if
// RESULT is empty.
void body(const std::string &name, const std::string &result, const Args &args) {
  std::string list;
  for (const Arg &a : args) list += (list.empty() ? "" : ", ") + argument_name(a);
  const std::string kind = result.empty() ? "subroutine" : "function";
  line(4, (result.empty() ? "" : result + " ") + kind + " " + name + "(" + list +
              ") bind(C, name='" + name + "')");
  line(6, "import");
  for (const Arg &a : args) {
    if (a.decl.rfind(any, 0) == 0) line(6, "!GCC$ ATTRIBUTES NO_ARG_CHECK :: " + argument_name(a));
    line(6, a.decl + " :: " + a.name);
  }
  line(4, "end " + kind + " " + name);
}

// The generic interfaces: name, then its specific routines.
std::map<std::string, std::vector<std::string>> generics;
std::set<std::string> generic_kinds; // generic name and kind taken

// NAME as a routine of shmem_GENERIC for arguments of KIND, unless a routine has them already.
// No generic takes a routine of no kind (type(*) or none).
void specific(const std::string &generic, const std::string &kind, const std::string &name,
              bool ctx) {
  if (generic.empty() || kind.empty()) return;
  if (generic_kinds.insert(generic + (ctx ? " ctx " : " ") + kind).second)
    generics["shmem_" + generic].push_back(name);
}

// shmem_NAME and, if CTX, shmem_ctx_NAME with the context first; both in shmem_GENERIC.
void routine(const std::string &generic, const Row &r, const std::string &name,
             const std::string &result, Args args, bool ctx = true) {
  body("shmem_" + name, result, args);
  specific(generic, r.kind, "shmem_" + name, false);
  if (!ctx) return;
  args.insert(args.begin(), val(ctx_t, "ctx"));
  body("shmem_ctx_" + name, result, args);
  specific(generic, r.kind, "shmem_ctx_" + name, true);
}
void untyped(const std::string &name, const std::string &result, const Args &args, bool ctx) {
  routine("", Row{}, name, result, args, ctx);
}

// The RMA routines of one type (a Row of the RMA table), of a size (type(*), "put32") or mem.
// Puts and gets, blocking and not, strided, the put-with-signal routines.
void rma(const Row &r, const std::string &put, const std::string &get, const std::string &suffix) {
  const std::string &t = r.type;
  const Args contiguous = {array_inout(t, "dest"), array_in(t, "source"), nelems(), pe()};
  for (const char *nbi : {"", "_nbi"}) {
    routine(std::string("put") + nbi, r, put + suffix + nbi, "", contiguous);
    routine(std::string("get") + nbi, r, get + suffix + nbi, "", contiguous);
    routine(std::string("put_signal") + nbi, r, put + suffix + "_signal" + nbi, "",
            {array_inout(t, "dest"), array_in(t, "source"), nelems(), inout(c_u64, "sig_addr"),
             val(c_u64, "signal"), val(c_int, "sig_op"), pe()});
  }
  if (suffix == "mem") return;
  const Args strides = {array_inout(t, "dest"), array_in(t, "source"), val(c_ptrdiff, "dst"),
                        val(c_ptrdiff, "sst")};
  for (const std::string op : {"iput", "iget"}) {
    Args args = strides;
    args.insert(args.end(), {nelems(), pe()});
    routine(op, r, put.substr(0, put.size() - 3) + op + suffix, "", args);
  }
  for (const std::string op : {"ibput", "ibget"}) {
    Args args = strides;
    args.insert(args.end(), {val(c_size, "bsize"), val(c_size, "nblocks"), pe()});
    routine(op, r, put.substr(0, put.size() - 3) + op + suffix, "", args);
  }
}

void rma_typed(const Row &r) {
  rma(r, r.name + "_put", r.name + "_get", "");
  routine("p", r, r.name + "_p", "", {inout(r.type, "dest"), val(r.type, "value"), pe()});
  routine("g", r, r.name + "_g", r.type, {in(r.type, "source"), pe()});
}

// The team collectives of one type ("int_broadcast") or of bytes ("broadcastmem").
void collectives(const Row &r, const std::string &prefix, const std::string &suffix) {
  const Args data = {val(team_t, "team"), array_inout(r.type, "dest"), array_in(r.type, "source")};
  Args broadcast = data, alltoalls = data;
  broadcast.insert(broadcast.end(), {nelems(), val(c_int, "pe_root")});
  alltoalls.insert(alltoalls.end(), {val(c_ptrdiff, "dst"), val(c_ptrdiff, "sst"), nelems()});
  Args counted = data;
  counted.push_back(nelems());
  routine("broadcast", r, prefix + "broadcast" + suffix, c_int, broadcast, false);
  for (const char *op : {"collect", "fcollect", "alltoall"})
    routine(op, r, prefix + op + suffix, c_int, counted, false);
  routine("alltoalls", r, prefix + "alltoalls" + suffix, c_int, alltoalls, false);
}

void reduction(const Row &r, const std::string &op) {
  routine(op, r, r.name + "_" + op, c_int,
          {val(team_t, "team"), array_inout(r.type, "dest"), array_in(r.type, "source"),
           val(c_size, "nreduce")},
          false);
}

// AMOs on one type; RESULT is a fetching one's. FETCH is where the _nbi forms put the old value.
void amo(const Row &r, const std::string &op, bool fetching, Args args) {
  const std::string name = r.name + "_atomic_" + op;
  args.push_back(pe());
  routine("atomic_" + op, r, name, fetching ? r.type : "", args);
}
void amo_nbi(const Row &r, const std::string &op, Args args) {
  args.insert(args.begin(), out(r.type, "fetch"));
  amo(r, op + "_nbi", false, args);
}

void amo_extended(const Row &r) {
  const Arg dest = inout(r.type, "dest"), value = val(r.type, "value");
  amo(r, "fetch", true, {in(r.type, "source")});
  amo(r, "set", false, {dest, value});
  amo(r, "swap", true, {dest, value});
  amo_nbi(r, "fetch", {in(r.type, "source")});
  amo_nbi(r, "swap", {dest, value});
}

void amo_standard(const Row &r) {
  const Arg dest = inout(r.type, "dest"), value = val(r.type, "value");
  amo(r, "compare_swap", true, {dest, val(r.type, "cond"), value});
  amo(r, "fetch_inc", true, {dest});
  amo(r, "inc", false, {dest});
  amo(r, "fetch_add", true, {dest, value});
  amo(r, "add", false, {dest, value});
  amo_nbi(r, "compare_swap", {dest, val(r.type, "cond"), value});
  amo_nbi(r, "fetch_inc", {dest});
  amo_nbi(r, "fetch_add", {dest, value});
}

void amo_bitwise(const Row &r) {
  const Args args = {inout(r.type, "dest"), val(r.type, "value")};
  for (const std::string op : {"and", "or", "xor"}) {
    amo(r, "fetch_" + op, true, args);
    amo(r, op, false, args);
    amo_nbi(r, "fetch_" + op, args);
  }
}

// Waits and tests on one ivar or on many; status may be absent (C's NULL).
void p2p(const Row &r) {
  const std::string &t = r.type;
  auto waits = [&](const std::string &op, const std::string &single, const std::string &many) {
    routine(op, r, r.name + "_" + op, single,
            {inout(t, "ivar"), val(c_int, "cmp"), val(t, "cmp_value")}, false);
    for (const bool vector : {false, true}) {
      for (const char *which : {"_all", "_any", "_some"}) {
        Args args = {array_inout(t, "ivars"), nelems()};
        if (which == std::string("_some")) args.push_back(array_inout(c_size, "indices"));
        args.push_back({c_int + ", intent(in), optional", "status(*)"});
        args.push_back(val(c_int, "cmp"));
        args.push_back(vector ? array_in(t, "cmp_values") : val(t, "cmp_value"));
        const std::string name = op + which + (vector ? "_vector" : "");
        const std::string result = which == std::string("_all") ? single : many;
        routine(name, r, r.name + "_" + name, result, args, false);
      }
    }
  };
  waits("wait_until", "", c_size);
  waits("test", c_int, c_size);
}

// The routines of no type: setup, memory, teams, contexts, ordering, signals, locks.
void untyped_routines() {
  const Arg team = val(team_t, "team"), dest = array_in(any, "dest");
  const Arg config = {"type(shmem_team_config_t), intent(in), optional", "config"};
  untyped("init", "", {}, false);
  untyped("init_thread", c_int, {val(c_int, "requested"), out(c_int, "provided")}, false);
  untyped("query_thread", "", {out(c_int, "provided")}, false);
  untyped("finalize", "", {}, false);
  untyped("query_initialized", "", {out(c_int, "initialized")}, false);
  untyped("my_pe", c_int, {}, false);
  untyped("n_pes", c_int, {}, false);
  untyped("global_exit", "", {val(c_int, "status")}, false);
  untyped("pe_accessible", c_int, {pe()}, false);
  untyped("addr_accessible", c_int, {array_in(any, "addr"), pe()}, false);
  untyped("ptr", c_ptr, {dest, pe()}, false);
  untyped("team_ptr", c_ptr, {team, dest, pe()}, false);
  untyped("info_get_version", "", {out(c_int, "major"), out(c_int, "minor")}, false);
  untyped("info_get_name", "", {{"character(kind=c_char), intent(out)", "name(*)"}}, false);

  const Arg size = val(c_size, "size");
  untyped("malloc", c_ptr, {size}, false);
  untyped("malloc_with_hints", c_ptr, {size, val(c_long, "hints")}, false);
  untyped("calloc", c_ptr, {val(c_size, "count"), size}, false);
  untyped("align", c_ptr, {val(c_size, "alignment"), size}, false);
  untyped("realloc", c_ptr, {val(c_ptr, "ptr"), size}, false);
  untyped("free", "", {val(c_ptr, "ptr")}, false);

  untyped("team_my_pe", c_int, {team}, false);
  untyped("team_n_pes", c_int, {team}, false);
  untyped("team_get_config", c_int,
          {team, val(c_long, "config_mask"), out("type(shmem_team_config_t)", "config")}, false);
  untyped("team_translate_pe", c_int,
          {val(team_t, "src_team"), val(c_int, "src_pe"), val(team_t, "dest_team")}, false);
  untyped("team_split_strided", c_int,
          {val(team_t, "parent_team"), val(c_int, "start"), val(c_int, "stride"),
           val(c_int, "size"), config, val(c_long, "config_mask"), out(team_t, "new_team")},
          false);
  untyped("team_split_2d", c_int,
          {val(team_t, "parent_team"),
           val(c_int, "xrange"),
           {config.decl, "xaxis_config"},
           val(c_long, "xaxis_mask"),
           out(team_t, "xaxis_team"),
           {config.decl, "yaxis_config"},
           val(c_long, "yaxis_mask"),
           out(team_t, "yaxis_team")},
          false);
  untyped("team_destroy", "", {team}, false);
  untyped("team_sync", c_int, {team}, false);

  untyped("ctx_create", c_int, {val(c_long, "options"), out(ctx_t, "ctx")}, false);
  untyped("team_create_ctx", c_int, {team, val(c_long, "options"), out(ctx_t, "ctx")}, false);
  untyped("ctx_destroy", "", {val(ctx_t, "ctx")}, false);
  untyped("ctx_get_team", c_int, {val(ctx_t, "ctx"), out(team_t, "team")}, false);
  untyped("ctx_session_start", "",
          {val(ctx_t, "ctx"),
           val(c_long, "options"),
           {"type(shmem_ctx_session_config_t), intent(in), optional", "config"},
           val(c_long, "config_mask")},
          false);
  untyped("ctx_session_stop", "", {val(ctx_t, "ctx")}, false);

  untyped("fence", "", {}, true);
  untyped("quiet", "", {}, true);
  untyped("pe_quiet", "", {array_in(c_int, "target_pes"), val(c_size, "npes")}, true);
  untyped("barrier_all", "", {}, false);
  untyped("sync_all", "", {}, false);

  untyped("signal_fetch", c_u64, {in(c_u64, "sig_addr")}, false);
  untyped("signal_wait_until", c_u64,
          {inout(c_u64, "sig_addr"), val(c_int, "cmp"), val(c_u64, "cmp_value")}, false);
  // Fortran names are case-blind: shmem_signal_add would be the constant SHMEM_SIGNAL_ADD.
  for (const char *op : {"ctx_signal_add", "ctx_signal_set"})
    untyped(op, "", {val(ctx_t, "ctx"), inout(c_u64, "sig_addr"), val(c_u64, "signal"), pe()},
            false);

  for (const char *op : {"set_lock", "clear_lock"}) untyped(op, "", {inout(c_long, "lock")}, false);
  untyped("test_lock", c_int, {inout(c_long, "lock")}, false);
}

void integer(const char *type, const char *name, long value) {
  line(2, std::string(type) + ", parameter :: " + name + " = " + std::to_string(value));
}
#define SHMEMI_F08_INT(NAME) integer("integer(c_int)", #NAME, NAME);
#define SHMEMI_F08_LONG(NAME) integer("integer(c_long)", #NAME, NAME);

const char *const header =
    R"(! shmem.f90: the Fortran 2008 module of OpenSHMEM 1.6 (`use shmem`), generated from shmem.h
! at build time (src/fortran/make_f08.cpp). BIND(C) interfaces to the library's C routines:
! their names, their arguments (counts are integer(c_size_t), PEs integer(c_int), by value)
! and, for the typed routines, generic names (shmem_put, shmem_atomic_fetch_add,
! shmem_sum_reduce, ...) over the Fortran types of the spec's tables. Arrays are passed as
! their first element's address: pass contiguous arrays. The sized and mem routines, shmem_ptr
! and shmem_addr_accessible take data of any type and rank (type(*)).
!
! The module holds no code: a program links libshmem only. Compile this file for its .mod
! (gfortran -fsyntax-only); its object would hold the storage of SHMEM_TEAM_WORLD,
! SHMEM_TEAM_SHARED and SHMEM_CTX_DEFAULT, which the library defines.
module shmem
  use, intrinsic :: iso_c_binding
  implicit none
)";

// The handles: a derived type of one C pointer, which the C ABI passes as the pointer itself;
// the predefined ones are the library's variables.
const char *const handles = R"(
  type, bind(C) :: shmem_team_t
    type(c_ptr) :: ptr = c_null_ptr
  end type shmem_team_t
  type, bind(C) :: shmem_ctx_t
    type(c_ptr) :: ptr = c_null_ptr
  end type shmem_ctx_t
  type, bind(C) :: shmem_team_config_t
    integer(c_int) :: num_contexts
  end type shmem_team_config_t
  type, bind(C) :: shmem_ctx_session_config_t
    integer(c_size_t) :: total_ops
  end type shmem_ctx_session_config_t
  type(shmem_team_t), parameter :: SHMEM_TEAM_INVALID = shmem_team_t(c_null_ptr)
  type(shmem_ctx_t), parameter :: SHMEM_CTX_INVALID = shmem_ctx_t(c_null_ptr)
  type(shmem_team_t), protected, bind(C, name='shmemi_f08_team_world') :: SHMEM_TEAM_WORLD
  type(shmem_team_t), protected, bind(C, name='shmemi_f08_team_shared') :: SHMEM_TEAM_SHARED
  type(shmem_ctx_t), protected, bind(C, name='shmemi_f08_ctx_default') :: SHMEM_CTX_DEFAULT
)";

void constants() {
  SHMEMI_F08_INT(SHMEM_MAJOR_VERSION)
  SHMEMI_F08_INT(SHMEM_MINOR_VERSION)
  SHMEMI_F08_INT(SHMEM_MAX_NAME_LEN)
  line(2, std::string("character(len=*), parameter :: SHMEM_VENDOR_STRING = '") +
              SHMEM_VENDOR_STRING + "'");
  SHMEMI_F08_INT(SHMEM_THREAD_SINGLE)
  SHMEMI_F08_INT(SHMEM_THREAD_FUNNELED)
  SHMEMI_F08_INT(SHMEM_THREAD_SERIALIZED)
  SHMEMI_F08_INT(SHMEM_THREAD_MULTIPLE)
  SHMEMI_F08_INT(SHMEM_CMP_EQ)
  SHMEMI_F08_INT(SHMEM_CMP_NE)
  SHMEMI_F08_INT(SHMEM_CMP_GT)
  SHMEMI_F08_INT(SHMEM_CMP_LE)
  SHMEMI_F08_INT(SHMEM_CMP_LT)
  SHMEMI_F08_INT(SHMEM_CMP_GE)
  SHMEMI_F08_INT(SHMEM_SIGNAL_SET)
  SHMEMI_F08_INT(SHMEM_SIGNAL_ADD)
  SHMEMI_F08_LONG(SHMEM_CTX_SERIALIZED)
  SHMEMI_F08_LONG(SHMEM_CTX_PRIVATE)
  SHMEMI_F08_LONG(SHMEM_CTX_NOSTORE)
  SHMEMI_F08_LONG(SHMEM_CTX_SESSION_TOTAL_OPS)
  SHMEMI_F08_LONG(SHMEM_CTX_SESSION_BATCH)
  SHMEMI_F08_LONG(SHMEM_TEAM_NUM_CONTEXTS)
  SHMEMI_F08_LONG(SHMEM_MALLOC_ATOMICS_REMOTE)
  SHMEMI_F08_LONG(SHMEM_MALLOC_SIGNAL_REMOTE)
}

} // namespace

int main() {
  std::fputs(header, stdout);
  constants();
  std::fputs(handles, stdout);
  std::puts("\n  interface");
  untyped_routines();
  for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_RMA_TYPES)) {
    rma_typed(r);
    collectives(r, r.name + "_", "");
  }
  const Row bytes{any, "", ""};
  // Sized and mem forms: type(*) matches any argument, so no generic takes them.
#define SHMEMI_F08_SIZED(A, BITS, BYTES) rma(bytes, "put", "get", #BITS);
  SHMEMI_RMA_SIZES(SHMEMI_F08_SIZED, ~)
  rma(bytes, "put", "get", "mem");
  collectives(bytes, "", "mem");
  for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_AMO_EXTENDED_TYPES)) amo_extended(r);
  for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_AMO_STANDARD_TYPES)) amo_standard(r);
  for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_AMO_BITWISE_TYPES)) amo_bitwise(r);
  for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_SYNC_TYPES)) p2p(r);
  for (const char *op : {"and_reduce", "or_reduce", "xor_reduce"})
    for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_TEAM_REDUCE_BITWISE_TYPES)) reduction(r, op);
  for (const char *op : {"max_reduce", "min_reduce"})
    for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_TEAM_REDUCE_MINMAX_TYPES)) reduction(r, op);
  for (const char *op : {"sum_reduce", "prod_reduce", "sum_inscan", "sum_exscan"})
    for (const Row &r : SHMEMI_F08_TABLE(SHMEMI_TEAM_REDUCE_ARITH_TYPES)) reduction(r, op);
  std::puts("  end interface\n");
  for (const auto &[name, routines] : generics) {
    line(2, "interface " + name);
    std::string list;
    for (const std::string &r : routines) list += (list.empty() ? "" : ", ") + r;
    line(4, "procedure :: " + list);
    line(2, "end interface " + name);
  }
  std::puts("end module shmem");
  return 0;
}
