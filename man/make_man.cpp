// make_man: writes the section-3 man pages (roff) from the page sources in
// man/pages/ and the routines the headers declare, so that the pages cannot
// drift from the headers: every declared name must fall to exactly one page.
// It also writes each page's EXAMPLE as a C program, examples/<page>.c, for
// the tests. Run at build time by man/CMakeLists.txt; the input format is
// described in man/README.md.
//
//   make_man --out DIR --version V --pages DIR --common DIR
//            --c HEADER=FILE ... --macros FILE --cxx FILE
//
// --c: a header preprocessed as C11 (cc -E -P), once per header; a name
// belongs to the first header that declares it. --macros: the C11 macros of
// shmemx.h (cc -E -dM): the type-generic names. --cxx: shmemx.h
// preprocessed as C++17: the generic forms' prototypes (templates).
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fortran/table.hpp"

namespace fs = std::filesystem;

namespace {

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------- text

std::string read_file(const fs::path &path) {
  std::ifstream in(path);
  if (!in) throw Failure("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool starts_with(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string trim(const std::string &s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t") + 1 - begin);
}

std::string upper(std::string s) {
  for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string lower(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The index just past the parenthesis that closes the one at `open`.
std::size_t past_parens(const std::string &s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return i + 1;
  }
  return s.size();
}

// Removes every __attribute__((...)) and _Noreturn.
std::string strip_attributes(std::string s) {
  for (std::size_t at; (at = s.find("__attribute__")) != std::string::npos;)
    s.erase(at, past_parens(s, s.find('(', at)) - at);
  for (std::size_t at; (at = s.find("_Noreturn")) != std::string::npos;) s.erase(at, 9);
  return s;
}

// One space between tokens, none after '(' or '*' or before ')' ',' '(',
// one before '*': "T * dest" -> "T *dest", "f (int a )" -> "f(int a)".
std::string normalize(const std::string &s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    const char prev = out.empty() ? ' ' : out.back();
    const bool tight = c == ')' || c == ',' || c == '(' || prev == '(' || prev == '*';
    if ((space && !tight) || (c == '*' && prev != '(' && prev != '*' && prev != ' ')) out += ' ';
    out += c;
    space = false;
  }
  return out;
}

// The identifier just before the first '(' of a declaration ("" if none).
std::string declared_name(const std::string &decl) {
  std::size_t end = decl.find('(');
  if (end == std::string::npos) return "";
  while (end > 0 && decl[end - 1] == ' ') --end;
  std::size_t begin = end;
  while (begin > 0 && is_ident(decl[begin - 1])) --begin;
  return decl.substr(begin, end - begin);
}

// ---------------------------------------------------------------- routines

struct Prototype {
  std::string text;
  bool deprecated = false;
};

// A name the headers declare: a C function, a type-generic form, or both.
struct Routine {
  std::string header;
  std::vector<Prototype> functions;
  std::vector<Prototype> generics;
  std::string page;
};

struct Routines {
  std::map<std::string, Routine> by_name;
  std::vector<std::string> order;   // as declared
  std::vector<std::string> headers; // in the order given

  Routine &add(const std::string &name, const std::string &header) {
    auto [it, added] = by_name.try_emplace(name);
    if (added) {
      it->second.header = header;
      order.push_back(name);
    }
    return it->second;
  }
};

// The exported declarations of a preprocessed C header: the pieces between
// ';', '{' and '}' that carry SHMEM_API's visibility attribute.
void read_functions(const std::string &header, const fs::path &file, Routines &routines) {
  std::string piece;
  for (char c : read_file(file)) {
    if (c != ';' && c != '{' && c != '}') {
      piece += c;
      continue;
    }
    if (piece.find("visibility(\"default\")") != std::string::npos) {
      const bool deprecated = piece.find("deprecated") != std::string::npos;
      const std::string decl = normalize(strip_attributes(piece));
      const std::string name = declared_name(decl);
      if (!name.empty() && !starts_with(name, "shmemi_")) {
        Routine &r = routines.add(name, header);
        if (r.functions.empty() && r.header == header)
          r.functions.push_back({decl + ";", deprecated});
      }
    }
    piece.clear();
  }
}

// The function-like macros named shmem_* or shmemx_* (cc -E -dM): the C11
// type-generic names.
std::vector<std::string> read_generic_names(const fs::path &file) {
  static const std::regex define("#define (shmemx?_[a-z0-9_]+)\\(.*");
  std::vector<std::string> names;
  std::smatch m;
  for (const std::string &line : lines_of(read_file(file)))
    if (std::regex_match(line, m, define)) names.push_back(m[1]);
  return names;
}

// The routine a generic form's body calls first (its typed routine).
std::string first_call(const std::string &body) {
  static const std::regex call("\\b(shmemx?_[a-z0-9_]+) ?\\(");
  std::smatch m;
  return std::regex_search(body, m, call) ? m[1].str() : "";
}

std::string as_type_generic(std::string proto) {
  proto = std::regex_replace(proto, std::regex("typename shmemi_identity<T>::type"), "TYPE");
  proto = std::regex_replace(proto, std::regex("\\bT\\b"), "TYPE");
  return std::regex_replace(proto, std::regex(" ?noexcept$"), "") + ";";
}

std::string header_of_generic(const std::string &name) {
  return starts_with(name, "shmemx_") ? "shmemx.h" : "shmem.h";
}

// The C++ inline functions and templates named shmem_*/shmemx_*: the
// prototypes of the generic forms, deprecated when what they call is.
void read_generics(const fs::path &cxx, const std::set<std::string> &generic_names,
                   Routines &routines) {
  const std::string text = read_file(cxx);
  for (std::size_t at = 0; (at = text.find("inline ", at)) != std::string::npos; ++at) {
    if (at > 0 && is_ident(text[at - 1])) continue;
    const std::size_t brace = text.find('{', at);
    if (brace == std::string::npos) break;
    const std::string head = normalize(text.substr(at + 7, brace - at - 7));
    const std::string name = declared_name(head);
    if (head.find(';') != std::string::npos || !generic_names.count(name)) continue;
    const std::string callee = first_call(text.substr(brace, 4096));
    const auto target = routines.by_name.find(callee);
    const bool deprecated = target != routines.by_name.end() && !target->second.functions.empty() &&
                            target->second.functions.front().deprecated;
    routines.add(name, header_of_generic(name))
        .generics.push_back({as_type_generic(head), deprecated});
  }
}

Routines read_routines(const std::vector<std::pair<std::string, fs::path>> &c_files,
                       const fs::path &macros, const fs::path &cxx) {
  Routines routines;
  for (const auto &[header, file] : c_files) {
    routines.headers.push_back(header);
    read_functions(header, file, routines);
  }
  const std::vector<std::string> generic_names = read_generic_names(macros);
  read_generics(cxx, {generic_names.begin(), generic_names.end()}, routines);
  for (const std::string &name : generic_names) routines.add(name, header_of_generic(name));
  return routines;
}

// ---------------------------------------------------------------- Fortran

// The Fortran routines src/fortran/table.hpp stamps, lower case. The few
// written out by hand in src/fortran (SHMEM_INIT, SHPALLOC, ...) are on the
// pages too; tests/tools (step man) checks every exported one.
#define MM_CONTIG(PUT, GET, BITS) #PUT, #GET, #PUT "_nbi", #GET "_nbi",
#define MM_STRIDED(IPUT, IGET, BITS) #IPUT, #IGET,
#define MM_AMO_REAL(P, T, FTYPE) #P "_swap", #P "_fetch", #P "_set",
#define MM_AMO_INT(P, T, FTYPE)                                                                    \
  MM_AMO_REAL(P, T, FTYPE) #P "_cswap", #P "_fadd", #P "_finc", #P "_add", #P "_inc",
#define MM_WAIT(P, T) #P "_wait", #P "_wait_until",
#define MM_COLL(S, BITS) "shmem_broadcast" #S, "shmem_collect" #S, "shmem_fcollect" #S,
#define MM_ALLTOALL(S, BITS) "shmem_alltoall" #S, "shmem_alltoalls" #S,
#define MM_TO_ALL(P, T, NAME, OP) #P "_" #NAME "_to_all",
#define MM_DECLARED(NAME, FTYPE) #NAME,
const std::vector<std::string> fortran_table_names = {
    SHMEMI_F_CONTIG(MM_CONTIG) SHMEMI_F_STRIDED(MM_STRIDED) SHMEMI_F_AMO_INTS(MM_AMO_INT)
        SHMEMI_F_AMO_REALS(MM_AMO_REAL) SHMEMI_F_WAITS(MM_WAIT) SHMEMI_F_COLLECTIVES(MM_COLL)
            SHMEMI_F_ALLTOALLS(MM_ALLTOALL) SHMEMI_F_REDUCTIONS(MM_TO_ALL)
                SHMEMI_F_DECLARED(MM_DECLARED)};

// The routine names a Fortran synopsis line calls, lower case.
std::vector<std::string> fortran_calls(const std::string &line) {
  static const std::regex call("\\b(SHMEM_[A-Z0-9_]+|SHP[A-Z]+|START_PES|MY_PE|NUM_PES) ?\\(");
  std::vector<std::string> names;
  for (std::sregex_iterator it(line.begin(), line.end(), call), end; it != end; ++it)
    names.push_back(lower((*it)[1]));
  return names;
}

// ---------------------------------------------------------------- pages

struct Group {
  std::string source;
  std::regex pattern;
  std::vector<std::string> names;
};

struct Page {
  std::string file;
  std::string name;
  std::string summary;
  std::vector<Group> groups;
  std::vector<std::string> fortran;       // the Fortran synopsis
  std::vector<std::string> fortran_names; // lower case, not C names
  std::vector<std::string> body;
};

// Header lines "key: value" up to the first "== SECTION"; '#' comments.
void read_header_line(const std::string &line, Page &page) {
  const std::size_t colon = line.find(':');
  if (colon == std::string::npos) throw Failure(page.file + ": not 'key: value': " + line);
  const std::string key = line.substr(0, colon);
  const std::string value = trim(line.substr(colon + 1));
  if (key == "page")
    page.name = value;
  else if (key == "summary")
    page.summary = value;
  else if (key == "names")
    page.groups.push_back({value, std::regex(value, std::regex::optimize), {}});
  else if (key == "fortran")
    page.fortran.push_back(line.size() > colon + 2 ? line.substr(colon + 2) : "");
  else
    throw Failure(page.file + ": unknown key '" + key + "'");
}

Page read_page(const fs::path &file) {
  Page page;
  page.file = file.filename().string();
  const std::vector<std::string> lines = lines_of(read_file(file));
  std::size_t i = 0;
  for (; i < lines.size() && !starts_with(lines[i], "== "); ++i)
    if (!trim(lines[i]).empty() && lines[i][0] != '#') read_header_line(lines[i], page);
  page.body.assign(lines.begin() + static_cast<std::ptrdiff_t>(i), lines.end());
  if (page.name.empty() || page.summary.empty())
    throw Failure(page.file + ": needs 'page:' and 'summary:'");
  return page;
}

std::vector<Page> read_pages(const fs::path &dir) {
  std::set<fs::path> files;
  for (const auto &entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".txt") files.insert(entry.path());
  std::vector<Page> pages;
  for (const fs::path &file : files) pages.push_back(read_page(file));
  return pages;
}

// ---------------------------------------------------------------- assignment

using Errors = std::vector<std::string>;

void assign_routine(const std::string &name, Routine &routine, std::vector<Page> &pages,
                    Errors &errors) {
  std::vector<std::string> found;
  for (Page &page : pages)
    for (Group &group : page.groups)
      if (std::regex_match(name, group.pattern)) {
        found.push_back(page.file + " (" + group.source + ")");
        group.names.push_back(name);
        routine.page = page.name;
      }
  if (found.size() == 1) return;
  std::string where;
  for (const std::string &f : found) where += "\n    " + f;
  errors.push_back(name + (found.empty() ? " (" + routine.header + ") matches no page"
                                         : " matches more than one names: line:" + where));
}

// A Fortran name opens the page whose synopsis calls it; when it is a C name
// too, that must be the C name's page.
void place_fortran(const std::string &name, Page &page, const Routines &routines,
                   std::map<std::string, std::string> &page_of, Errors &errors) {
  const auto c = routines.by_name.find(name);
  const auto seen = page_of.find(name);
  const std::string owner = c != routines.by_name.end() ? c->second.page
                            : seen != page_of.end()     ? seen->second
                                                        : page.name;
  if (owner != page.name)
    errors.push_back("Fortran " + upper(name) + " is in the synopsis of " + page.file +
                     " but belongs to page " + owner);
  if (seen != page_of.end()) return;
  page_of[name] = page.name;
  if (c == routines.by_name.end()) page.fortran_names.push_back(name);
}

void assign_fortran(const Routines &routines, std::vector<Page> &pages, Errors &errors) {
  std::map<std::string, std::string> page_of;
  for (Page &page : pages)
    for (const std::string &line : page.fortran)
      for (const std::string &name : fortran_calls(line))
        place_fortran(name, page, routines, page_of, errors);
  for (const std::string &name : fortran_table_names)
    if (!page_of.count(name))
      errors.push_back("Fortran " + upper(name) +
                       " (src/fortran/table.hpp) is in no page's fortran: lines");
}

// Page names are unique, a page's name is no other page's routine (its stub
// would replace the page), and every page covers a name.
void check_pages(const std::vector<Page> &pages, const Routines &routines, Errors &errors) {
  std::set<std::string> names;
  for (const Page &page : pages) {
    if (!names.insert(page.name).second) errors.push_back("two pages are named " + page.name);
    const auto r = routines.by_name.find(page.name);
    if (r != routines.by_name.end() && r->second.page != page.name)
      errors.push_back(page.file + ": page " + page.name + " is a routine of page " +
                       r->second.page);
    if (page.groups.empty() && page.fortran_names.empty())
      errors.push_back(page.file + ": no names: and no Fortran routine");
    for (const Group &group : page.groups)
      if (group.names.empty())
        errors.push_back(page.file + ": names: " + group.source + " matches nothing");
  }
}

void assign(Routines &routines, std::vector<Page> &pages) {
  Errors errors;
  for (const std::string &name : routines.order)
    assign_routine(name, routines.by_name.at(name), pages, errors);
  assign_fortran(routines, pages, errors);
  check_pages(pages, routines, errors);
  if (errors.empty()) return;
  std::string text = "the man pages do not match the headers (man/README.md):";
  for (const std::string &e : errors) text += "\n  " + e;
  throw Failure(text);
}

// ---------------------------------------------------------------- roff

std::string escape(const std::string &s) {
  std::string out = !s.empty() && (s[0] == '.' || s[0] == '\'') ? "\\&" : "";
  for (char c : s) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  return out;
}

// A prototype broken after commas to fit 80 columns after man's indentation
// of 7, continuation lines indented under the opening parenthesis.
std::vector<std::string> wrap(const std::string &proto) {
  const std::size_t width = 72;
  const std::size_t open = proto.find('(');
  const std::string indent(open != std::string::npos && open < 40 ? open + 1 : 8, ' ');
  std::vector<std::string> out{""};
  std::size_t start = 0;
  while (start < proto.size()) {
    std::size_t comma = proto.find(", ", start);
    const std::size_t end = comma == std::string::npos ? proto.size() : comma + 2;
    const std::string piece = proto.substr(start, end - start);
    if (out.back().size() + piece.size() > width && trim(out.back()).size() > 0)
      out.push_back(indent);
    out.back() += piece;
    start = end;
  }
  for (std::string &line : out) line = escape(line.substr(0, line.find_last_not_of(' ') + 1));
  return out;
}

class Body {
public:
  explicit Body(std::ostream &out) : out_(out) {}
  void line(const std::string &text);
  void close() { set(State::none); }

private:
  enum class State { none, text, item, code };
  void set(State state);
  std::ostream &out_;
  State state_ = State::none;
  int blank_ = 0;
};

void Body::set(State state) {
  if (state_ == State::code && state != State::code) out_ << ".fi\n.RE\n";
  if (state == State::code && state_ != State::code) out_ << ".PP\n.RS 4\n.nf\n";
  if (state == State::text && (state_ == State::none || state_ == State::code)) out_ << ".PP\n";
  state_ = state;
  blank_ = 0;
}

// Markup: "== TITLE" a section, "- term: text" a tagged paragraph, lines
// indented four spaces verbatim code, blank lines between paragraphs.
void Body::line(const std::string &text) {
  if (starts_with(text, "== ")) {
    set(State::none);
    out_ << ".SH " << upper(trim(text.substr(3))) << "\n";
  } else if (trim(text).empty()) {
    if (state_ == State::code)
      ++blank_;
    else
      set(State::none);
  } else if (starts_with(text, "    ")) {
    const int blank = state_ == State::code ? blank_ : 0;
    set(State::code);
    out_ << std::string(static_cast<std::size_t>(blank), '\n') << escape(text.substr(4)) << "\n";
  } else if (starts_with(text, "- ")) {
    set(State::item);
    const std::size_t colon = text.find(": ");
    out_ << ".TP\n.B \"" << escape(text.substr(2, colon - 2)) << "\"\n";
    if (colon != std::string::npos) out_ << escape(text.substr(colon + 2)) << "\n";
  } else {
    if (state_ != State::item) set(State::text);
    out_ << escape(trim(text)) << "\n";
  }
}

// ---------------------------------------------------------------- output

struct Context {
  const Routines &routines;
  fs::path common;
  std::string version;
};

void write_lines(std::ostream &out, const std::vector<std::string> &lines) {
  out << ".nf\n";
  for (const std::string &line : lines) out << line << "\n";
  out << ".fi\n";
}

// The prototypes of one kind (generic or function, deprecated or not), a
// blank line between the page's name groups.
std::vector<std::string> prototypes(const Page &page, const Routines &routines, bool generic,
                                    bool deprecated) {
  std::vector<std::string> lines;
  for (const Group &group : page.groups) {
    const std::size_t before = lines.size();
    for (const std::string &name : group.names) {
      const Routine &r = routines.by_name.at(name);
      for (const Prototype &p : generic ? r.generics : r.functions)
        if (p.deprecated == deprecated)
          for (const std::string &line : wrap(p.text)) lines.push_back(line);
    }
    if (lines.size() > before) lines.push_back("");
  }
  if (!lines.empty()) lines.pop_back();
  return lines;
}

void subsection(std::ostream &out, const std::string &title,
                const std::vector<std::string> &lines) {
  if (lines.empty()) return;
  out << ".SS " << title << "\n";
  write_lines(out, lines);
}

void write_synopsis(std::ostream &out, const Page &page, const Routines &routines) {
  out << ".SH SYNOPSIS\n";
  std::set<std::string> used;
  for (const Group &group : page.groups)
    for (const std::string &name : group.names) used.insert(routines.by_name.at(name).header);
  std::vector<std::string> includes;
  for (const std::string &h : routines.headers)
    if (used.count(h)) includes.push_back("#include <" + h + ">");
  if (!includes.empty()) write_lines(out, includes);
  subsection(out, "C11 and C++ type-generic forms", prototypes(page, routines, true, false));
  subsection(out, "C and C++", prototypes(page, routines, false, false));
  std::vector<std::string> old = prototypes(page, routines, true, true);
  const std::vector<std::string> old_functions = prototypes(page, routines, false, true);
  if (!old.empty() && !old_functions.empty()) old.push_back("");
  old.insert(old.end(), old_functions.begin(), old_functions.end());
  subsection(out, "Deprecated (C and C++)", old);
  std::vector<std::string> fortran;
  for (const std::string &line : page.fortran) fortran.push_back(escape(line));
  subsection(out, "Fortran (OpenSHMEM 1.3 binding, shmem.fh)", fortran);
}

// Every name the page covers: its own name first when it is a routine, then
// the generic forms, the C functions and the Fortran-only names.
std::vector<std::string> page_names(const Page &page, const Routines &routines) {
  std::vector<std::string> names;
  std::set<std::string> seen;
  if (routines.by_name.count(page.name)) {
    names.push_back(page.name);
    seen.insert(page.name);
  }
  for (bool generic : {true, false})
    for (const Group &group : page.groups)
      for (const std::string &name : group.names)
        if (routines.by_name.at(name).generics.empty() != generic && seen.insert(name).second)
          names.push_back(name);
  for (const std::string &name : page.fortran_names)
    if (seen.insert(name).second) names.push_back(name);
  return names;
}

// The body with "@include NAME" replaced by man/common/NAME.txt, a
// paragraph of its own.
void write_body(Body &body, const std::vector<std::string> &lines, const fs::path &common) {
  for (const std::string &line : lines) {
    if (starts_with(line, "@include ")) {
      body.line("");
      write_body(body, lines_of(read_file(common / (trim(line.substr(9)) + ".txt"))), common);
      body.line("");
    } else {
      body.line(line);
    }
  }
}

// Fortran-only names in upper case, as Fortran programs spell them.
std::string display_name(const Page &page, const std::string &name) {
  const auto &f = page.fortran_names;
  return std::find(f.begin(), f.end(), name) != f.end() ? upper(name) : name;
}

void write_page(const fs::path &dir, const Page &page, const Context &ctx) {
  std::ofstream out(dir / (page.name + ".3"));
  out << ".\\\" Generated by man/make_man.cpp from man/pages/" << page.file << "; do not edit.\n"
      << ".TH " << escape(upper(page.name)) << " 3 \"\" \"shmem-mpi3 " << ctx.version
      << "\" \"OpenSHMEM Library Routines\"\n"
      << ".nh\n.ad l\n.SH NAME\n";
  const std::vector<std::string> names = page_names(page, ctx.routines);
  for (std::size_t i = 0; i < names.size(); ++i)
    out << escape(display_name(page, names[i])) << (i + 1 < names.size() ? ",\n" : " \\- ");
  out << escape(page.summary) << "\n";
  write_synopsis(out, page, ctx.routines);
  Body body(out);
  write_body(body, page.body, ctx.common);
  body.close();
  for (const std::string &name : names)
    if (name != page.name) std::ofstream(dir / (name + ".3")) << ".so man3/" << page.name << ".3\n";
  if (!out) throw Failure("cannot write " + (dir / (page.name + ".3")).string());
}

std::size_t write_pages(const fs::path &out, const std::vector<Page> &pages, const Context &ctx) {
  const fs::path dir = out / "man3";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const Page &page : pages) write_page(dir, page, ctx);
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

// ---------------------------------------------------------------- examples

// The C program of the page's EXAMPLE section: its lines indented four
// spaces, less the indentation, and the blank lines between them.
std::vector<std::string> example_code(const Page &page) {
  std::vector<std::string> code;
  bool example = false;
  for (const std::string &line : page.body) {
    if (starts_with(line, "== "))
      example = upper(trim(line.substr(3))) == "EXAMPLE";
    else if (example && starts_with(line, "    "))
      code.push_back(line.substr(4));
    else if (example && trim(line).empty() && !code.empty())
      code.push_back("");
  }
  while (!code.empty() && code.back().empty()) code.pop_back();
  return code;
}

// examples/<page>.c for each page that has an example (not installed; the
// installed-tools tests compile and run them).
std::size_t write_examples(const fs::path &out, const std::vector<Page> &pages) {
  const fs::path dir = out / "examples";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::size_t count = 0;
  for (const Page &page : pages) {
    const std::vector<std::string> code = example_code(page);
    if (code.empty()) continue;
    std::ofstream file(dir / (page.name + ".c"));
    file << "/* The EXAMPLE of man/pages/" << page.file << " (man/make_man.cpp). */\n";
    for (const std::string &line : code) file << line << "\n";
    if (!file) throw Failure("cannot write " + (dir / (page.name + ".c")).string());
    ++count;
  }
  return count;
}

// ---------------------------------------------------------------- main

struct Options {
  fs::path out, pages, common, macros, cxx;
  std::string version;
  std::vector<std::pair<std::string, fs::path>> c_files;
};

Options parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    const std::size_t eq = value.find('=');
    if (key == "--out")
      o.out = value;
    else if (key == "--version")
      o.version = value;
    else if (key == "--pages")
      o.pages = value;
    else if (key == "--common")
      o.common = value;
    else if (key == "--macros")
      o.macros = value;
    else if (key == "--cxx")
      o.cxx = value;
    else if (key == "--c" && eq != std::string::npos)
      o.c_files.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    else
      throw Failure("unknown argument " + key + " " + value);
  }
  if (o.out.empty() || o.pages.empty() || o.macros.empty() || o.cxx.empty() || o.c_files.empty())
    throw Failure("usage: make_man --out DIR --version V --pages DIR --common DIR "
                  "--c HEADER=FILE ... --macros FILE --cxx FILE");
  return o;
}

} // namespace

int main(int argc, char **argv) {
  try {
    const Options o = parse(argc, argv);
    Routines routines = read_routines(o.c_files, o.macros, o.cxx);
    std::vector<Page> pages = read_pages(o.pages);
    assign(routines, pages);
    const std::size_t files = write_pages(o.out, pages, {routines, o.common, o.version});
    const std::size_t examples = write_examples(o.out, pages);
    std::cout << "make_man: " << pages.size() << " pages, " << files - pages.size()
              << " names linked to them, " << routines.order.size() << " declared names, "
              << examples << " examples\n";
  } catch (const std::exception &e) {
    std::cerr << "make_man: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
