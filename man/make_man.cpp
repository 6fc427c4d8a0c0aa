// make_man: writes the man pages (roff) from the page sources in man/pages/
// and the routines the headers declare, so that the pages cannot drift from
// the headers: every declared name must fall to exactly one page. Typed
// families are shown as templates with the type tables of shmem/tables.h,
// and intro_shmem's environment variables come from base/config.hpp. It
// also writes each section-3 page's EXAMPLE as a C program,
// examples/<page>.c, for the tests. Run at build time by man/CMakeLists.txt;
// the input format is described in man/README.md.
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

#include "base/config.hpp"
#include "fortran/table.hpp"
#include "shmem/tables.h"

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

// ---------------------------------------------------------------- type tables

// The spec's type tables as include/shmem/tables.h writes them, the tables
// that stamp the typed declarations: a synopsis shows a typed family as one
// line with TYPE and TYPENAME, and the table of its (TYPE, TYPENAME) pairs.
struct TypeRow {
  std::string type, name;
};

struct TypeTable {
  std::string title;
  std::vector<TypeRow> rows;
};

// C's spelling of a TYPE of the tables (the complex ones are macros there).
std::string c_type(const std::string &type) {
  if (type == "SHMEMI_COMPLEXD") return "double _Complex";
  if (type == "SHMEMI_COMPLEXF") return "float _Complex";
  return type;
}

#define MM_ROW(A, TYPE, NAME) {c_type(#TYPE), #NAME},
const std::vector<TypeTable> type_tables = {
    {"Standard RMA Types and Names", {SHMEMI_RMA_TYPES(MM_ROW, _)}},
    {"Standard AMO Types and Names", {SHMEMI_AMO_STANDARD_TYPES(MM_ROW, _)}},
    {"Extended AMO Types and Names", {SHMEMI_AMO_EXTENDED_TYPES(MM_ROW, _)}},
    {"Bitwise AMO Types and Names", {SHMEMI_AMO_BITWISE_TYPES(MM_ROW, _)}},
    {"Point-to-Point Synchronization Types and Names", {SHMEMI_SYNC_TYPES(MM_ROW, _)}},
    {"Reduction Types and Names, and, or, xor", {SHMEMI_TEAM_REDUCE_BITWISE_TYPES(MM_ROW, _)}},
    {"Reduction Types and Names, max, min", {SHMEMI_TEAM_REDUCE_MINMAX_TYPES(MM_ROW, _)}},
    {"Reduction Types and Names, sum, prod", {SHMEMI_TEAM_REDUCE_ARITH_TYPES(MM_ROW, _)}},
    {"Active-Set-Based Reduction Types and Names, and, or, xor",
     {SHMEMI_ASET_REDUCE_BITWISE_TYPES(MM_ROW, _)}},
    {"Active-Set-Based Reduction Types and Names, max, min",
     {SHMEMI_ASET_REDUCE_MINMAX_TYPES(MM_ROW, _)}},
    {"Active-Set-Based Reduction Types and Names, sum, prod",
     {SHMEMI_ASET_REDUCE_ARITH_TYPES(MM_ROW, _)}},
};
#undef MM_ROW

// TYPENAME -> TYPE over every table (the same TYPENAME always names the
// same TYPE; the build fails otherwise).
const std::map<std::string, std::string> &type_of_name() {
  static const std::map<std::string, std::string> map = [] {
    std::map<std::string, std::string> m;
    for (const TypeTable &table : type_tables)
      for (const TypeRow &row : table.rows) {
        const auto [it, added] = m.emplace(row.name, row.type);
        if (!added && it->second != row.type)
          throw Failure("shmem/tables.h: TYPENAME " + row.name + " names " + it->second + " and " +
                        row.type);
      }
    return m;
  }();
  return map;
}

// The sizes of the SIZE variants (shmem_put8 ... shmem_put128).
const std::set<std::string> &size_names() {
  static const std::set<std::string> sizes = [] {
    std::set<std::string> s;
#define MM_SIZE(A, BITS, BYTES) s.insert(#BITS);
    SHMEMI_RMA_SIZES(MM_SIZE, _)
#undef MM_SIZE
    return s;
  }();
  return sizes;
}

// ---------------------------------------------------------------- forms

// One line of a synopsis: a prototype, or a template of typed prototypes
// (TYPE/TYPENAME or SIZE in place of the type) with the labels (TYPENAMEs
// or sizes) of the routines it stands for.
struct Form {
  std::string name; // shmem_TYPENAME_put, shmem_putSIZE, or the routine's name
  std::string text; // the prototype, or its template
  enum Kind { plain, typed, sized } kind = plain;
  std::vector<std::string> labels;
};

// Replaces every `from` in `s` that is not part of a longer identifier.
std::string replace_token(std::string s, const std::string &from, const std::string &to) {
  for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos;) {
    const std::size_t end = at + from.size();
    if ((at > 0 && is_ident(s[at - 1])) || (end < s.size() && is_ident(s[end]))) {
      at = end;
      continue;
    }
    s.replace(at, from.size(), to);
    at += to.size();
  }
  return s;
}

// The prototype a template stands for with one label.
std::string instantiate(const Form &form, const std::string &label) {
  std::string text = form.text;
  const std::size_t at = text.find(form.name + "(");
  if (at == std::string::npos) return "";
  std::string name = form.name;
  if (form.kind == Form::typed) {
    name = std::regex_replace(name, std::regex("TYPENAME"), label);
    text =
        replace_token(text.replace(at, form.name.size(), name), "TYPE", type_of_name().at(label));
  } else {
    name = std::regex_replace(name, std::regex("SIZE"), label);
    text.replace(at, form.name.size(), name);
  }
  return text;
}

// The template a typed or sized routine may belong to: its name with the
// TYPENAME part (or the size) replaced, and its prototype with the name and
// TYPE replaced. A plain form when its name has neither.
Form candidate(const std::string &name, const std::string &text) {
  static const std::regex sized("([a-z]+)([0-9]+)");
  std::vector<std::string> parts;
  std::istringstream in(name);
  for (std::string part; std::getline(in, part, '_');) parts.push_back(part);
  auto joined = [&parts](std::size_t i, const std::string &with) {
    std::string out;
    for (std::size_t j = 0; j < parts.size(); ++j)
      out += (j ? "_" : "") + (j == i ? with : parts[j]);
    return out;
  };
  const std::size_t at = text.find(name + "(");
  for (std::size_t i = 1; i < parts.size() && at != std::string::npos; ++i) {
    const auto type = type_of_name().find(parts[i]);
    if (type != type_of_name().end()) {
      Form form{joined(i, "TYPENAME"), text, Form::typed, {parts[i]}};
      form.text = replace_token(form.text, type->second, "TYPE");
      form.text.replace(form.text.find(name + "("), name.size(), form.name);
      return form;
    }
    std::smatch m;
    if (std::regex_match(parts[i], m, sized) && size_names().count(m[2])) {
      Form form{joined(i, m[1].str() + "SIZE"), text, Form::sized, {m[2]}};
      form.text.replace(at, name.size(), form.name);
      return form;
    }
  }
  return {name, text, Form::plain, {}};
}

// The synopsis lines of some prototypes (name, text), in order: the
// routines that share a templated name become one form when one template
// gives back each of their prototypes (the one that gives back most,
// where a TYPE such as int also spells a fixed argument); the others, and
// templates of one routine, stay as they are.
std::vector<Form> collapse(const std::vector<std::pair<std::string, std::string>> &protos) {
  std::vector<Form> cands;
  for (const auto &[name, text] : protos) cands.push_back(candidate(name, text));
  std::vector<Form> forms;
  std::vector<bool> done(protos.size(), false);
  for (std::size_t i = 0; i < protos.size(); ++i) {
    if (done[i]) continue;
    if (cands[i].kind == Form::plain) {
      forms.push_back(cands[i]);
      done[i] = true;
      continue;
    }
    std::vector<std::size_t> members;
    for (std::size_t j = i; j < protos.size(); ++j)
      if (!done[j] && cands[j].kind == cands[i].kind && cands[j].name == cands[i].name)
        members.push_back(j);
    Form best;
    std::vector<std::size_t> covered;
    for (std::size_t c : members) {
      std::vector<std::size_t> fits;
      for (std::size_t m : members)
        if (instantiate(cands[c], cands[m].labels[0]) == protos[m].second) fits.push_back(m);
      if (fits.size() > covered.size()) {
        best = cands[c];
        covered = fits;
      }
    }
    if (covered.size() < 2) {
      forms.push_back({protos[i].first, protos[i].second, Form::plain, {}});
      done[i] = true;
      continue;
    }
    best.labels.clear();
    for (std::size_t m : covered) {
      best.labels.push_back(cands[m].labels[0]);
      done[m] = true;
    }
    forms.push_back(best);
  }
  return forms;
}

// Forms of one name group that differ only in one part of their name (the
// reduction operator, the collective) become one line, the parts in
// braces: shmem_TYPENAME_{and,or,xor}_reduce, shmem_{collect,fcollect}mem.
std::vector<std::string> name_parts(const std::string &name) {
  std::vector<std::string> parts;
  std::istringstream in(name);
  for (std::string part; std::getline(in, part, '_');) parts.push_back(part);
  return parts;
}

// The text with the form's name replaced by "@".
std::string unnamed(const Form &form) {
  std::string text = form.text;
  const std::size_t at = text.find(form.name + "(");
  return at == std::string::npos ? text : text.replace(at, form.name.size(), "@");
}

std::vector<Form> merge_names(const std::vector<Form> &forms) {
  std::vector<std::vector<std::string>> parts;
  std::vector<std::string> texts;
  for (const Form &form : forms) {
    parts.push_back(name_parts(form.name));
    texts.push_back(unnamed(form));
  }
  // Whether j is i but for part k.
  auto alike = [&](std::size_t i, std::size_t j, std::size_t k) {
    if (parts[j].size() != parts[i].size() || texts[j] != texts[i] ||
        forms[j].kind != forms[i].kind || forms[j].labels != forms[i].labels)
      return false;
    for (std::size_t p = 0; p < parts[i].size(); ++p)
      if (p != k && parts[i][p] != parts[j][p]) return false;
    return parts[i][k] != parts[j][k];
  };
  std::vector<Form> out;
  std::vector<bool> done(forms.size(), false);
  for (std::size_t i = 0; i < forms.size(); ++i) {
    if (done[i]) continue;
    std::vector<std::size_t> best;
    std::size_t best_part = 0;
    for (std::size_t k = 1; k < parts[i].size(); ++k) {
      std::vector<std::size_t> members;
      for (std::size_t j = i + 1; j < forms.size(); ++j)
        if (!done[j] && alike(i, j, k)) members.push_back(j);
      if (members.size() > best.size()) {
        best = members;
        best_part = k;
      }
    }
    done[i] = true;
    Form form = forms[i];
    if (!best.empty()) {
      std::string braces = "{" + parts[i][best_part];
      for (std::size_t j : best) {
        braces += "," + parts[j][best_part];
        done[j] = true;
      }
      std::vector<std::string> named = parts[i];
      named[best_part] = braces + "}";
      form.name.clear();
      for (std::size_t p = 0; p < named.size(); ++p) form.name += (p ? "_" : "") + named[p];
      form.text = texts[i];
      form.text.replace(form.text.find('@'), 1, form.name);
    }
    out.push_back(form);
  }
  return out;
}

// The title of the spec table whose rows are exactly these TYPENAMEs.
std::string table_title(const std::vector<std::string> &labels) {
  for (const TypeTable &table : type_tables) {
    std::vector<std::string> names;
    for (const TypeRow &row : table.rows) names.push_back(row.name);
    if (names == labels) return table.title;
  }
  return "";
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
  int section = 3;
  bool overview = false;         // kind: overview (no routines of its own)
  std::vector<std::string> also; // more names that open the page
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
  else if (key == "section" && (value == "1" || value == "3"))
    page.section = value[0] - '0';
  else if (key == "kind" && (value == "overview" || value == "routines"))
    page.overview = value == "overview";
  else if (key == "also") {
    std::istringstream words(value);
    for (std::string word; words >> word;) page.also.push_back(word);
  } else
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
  if (page.section != 3 && !page.overview)
    throw Failure(page.file + ": a section-" + std::to_string(page.section) +
                  " page needs 'kind: overview'");
  if (page.overview && (!page.groups.empty() || !page.fortran.empty()))
    throw Failure(page.file + ": an overview page has no names: or fortran: lines");
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
    for (const std::string &alias : page.also)
      if (!names.insert(alias).second) errors.push_back("two pages are named " + alias);
    const auto r = routines.by_name.find(page.name);
    if (r != routines.by_name.end() && r->second.page != page.name)
      errors.push_back(page.file + ": page " + page.name + " is a routine of page " +
                       r->second.page);
    if (!page.overview && page.groups.empty() && page.fortran_names.empty())
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
// of 7, continuation lines indented by 4 (short synopses: a long prototype
// takes two or three lines, not five).
std::vector<std::string> wrap(const std::string &proto) {
  const std::size_t width = 72;
  const std::string indent(4, ' ');
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

// The generic forms of one kind (deprecated or not), wrapped, a blank line
// between the page's name groups.
std::vector<std::string> generic_lines(const Page &page, const Routines &routines,
                                       bool deprecated) {
  std::vector<std::string> lines;
  for (const Group &group : page.groups) {
    std::vector<Form> forms;
    for (const std::string &name : group.names)
      for (const Prototype &p : routines.by_name.at(name).generics)
        if (p.deprecated == deprecated) forms.push_back({name, p.text, Form::plain, {}});
    if (forms.empty()) continue;
    if (!lines.empty()) lines.push_back("");
    for (const Form &form : merge_names(forms))
      for (const std::string &line : wrap(form.text)) lines.push_back(line);
  }
  return lines;
}

// The C functions of each name group, deprecated or not, as forms: a typed
// family is one template line.
std::vector<std::vector<Form>> function_forms(const Page &page, const Routines &routines,
                                              bool deprecated) {
  std::vector<std::vector<Form>> groups;
  for (const Group &group : page.groups) {
    std::vector<std::pair<std::string, std::string>> protos;
    for (const std::string &name : group.names)
      for (const Prototype &p : routines.by_name.at(name).functions)
        if (p.deprecated == deprecated) protos.emplace_back(name, p.text);
    if (!protos.empty()) groups.push_back(merge_names(collapse(protos)));
  }
  return groups;
}

// Wrapped forms, a blank line between groups.
std::vector<std::string> form_lines(const std::vector<std::vector<Form>> &groups) {
  std::vector<std::string> lines;
  for (const std::vector<Form> &group : groups) {
    if (!lines.empty()) lines.push_back("");
    for (const Form &form : group)
      for (const std::string &line : wrap(form.text)) lines.push_back(line);
  }
  return lines;
}

void subsection(std::ostream &out, const std::string &title,
                const std::vector<std::string> &lines) {
  if (lines.empty()) return;
  out << ".SS " << title << "\n";
  write_lines(out, lines);
}

// "a", "a and b", "a, b and c".
std::string and_list(const std::vector<std::string> &items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

// A table of TYPE/TYPENAME pairs in two columns, read down.
std::vector<std::string> type_rows(const std::vector<std::string> &labels) {
  std::size_t type_width = 4, name_width = 8;
  for (const std::string &label : labels) {
    type_width = std::max(type_width, type_of_name().at(label).size());
    name_width = std::max(name_width, label.size());
  }
  auto cell = [&](const std::string &type, const std::string &name) {
    return type + std::string(type_width + 2 - type.size(), ' ') + name +
           std::string(name_width + 4 - name.size(), ' ');
  };
  const std::size_t rows = (labels.size() + 1) / 2;
  std::vector<std::string> lines{cell("TYPE", "TYPENAME") +
                                 (labels.size() > 1 ? cell("TYPE", "TYPENAME") : "")};
  for (std::size_t r = 0; r < rows; ++r) {
    std::string line;
    for (std::size_t c = 0; c < 2; ++c) {
      const std::size_t i = c * rows + r;
      if (i < labels.size()) line += cell(type_of_name().at(labels[i]), labels[i]);
    }
    lines.push_back(line);
  }
  for (std::string &line : lines) line = escape(line.substr(0, line.find_last_not_of(' ') + 1));
  return lines;
}

// The tables of the typed and sized forms: the TYPE/TYPENAME pairs, and
// when the forms use different sets of them, the TYPENAMEs of each set.
void write_types(std::ostream &out, const std::vector<const Form *> &forms) {
  std::vector<std::pair<Form::Kind, std::vector<std::string>>> sets;
  std::vector<std::vector<std::string>> users;
  for (const Form *form : forms) {
    if (form->kind == Form::plain) continue;
    std::size_t i = 0;
    while (i < sets.size() && (sets[i].first != form->kind || sets[i].second != form->labels)) ++i;
    if (i == sets.size()) {
      sets.emplace_back(form->kind, form->labels);
      users.emplace_back();
    }
    if (std::find(users[i].begin(), users[i].end(), form->name) == users[i].end())
      users[i].push_back(form->name);
  }
  if (sets.empty()) return;
  out << ".SS Types\n";
  std::vector<std::string> all; // every TYPENAME of the page, first seen first
  std::size_t typed = 0;
  for (const auto &[kind, labels] : sets)
    if (kind == Form::typed) {
      ++typed;
      for (const std::string &label : labels)
        if (std::find(all.begin(), all.end(), label) == all.end()) all.push_back(label);
    }
  // Several sets: their union in the order of the tables of tables.h (the
  // RMA table's first); one set keeps its table's order.
  std::vector<std::string> order;
  for (const TypeTable &table : type_tables)
    for (const TypeRow &row : table.rows)
      if (std::find(order.begin(), order.end(), row.name) == order.end()) order.push_back(row.name);
  if (typed > 1)
    std::stable_sort(all.begin(), all.end(), [&order](const std::string &a, const std::string &b) {
      return std::find(order.begin(), order.end(), a) < std::find(order.begin(), order.end(), b);
    });
  if (typed == 1) {
    for (const auto &[kind, labels] : sets)
      if (kind == Form::typed) {
        const std::string title = table_title(labels);
        out << ".PP\n"
            << escape("TYPE and TYPENAME are one of these pairs" +
                      (title.empty() ? "" : " (the specification's table \"" + title + "\")") + ":")
            << "\n";
      }
  } else if (typed > 1) {
    out << ".PP\nThe pairs of TYPE and TYPENAME:\n";
  }
  if (typed > 0) write_lines(out, type_rows(all));
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const auto &[kind, labels] = sets[i];
    if (kind == Form::sized) {
      out << ".PP\n"
          << escape("SIZE (bits) is " + and_list(labels) +
                    (sets.size() - typed == 1 ? "" : " in " + and_list(users[i])) + ".")
          << "\n";
    } else if (typed > 1) {
      // The set's TYPENAMEs, or those of the table it lacks, the shorter.
      std::vector<std::string> lacks;
      for (const std::string &label : all)
        if (std::find(labels.begin(), labels.end(), label) == labels.end()) lacks.push_back(label);
      const std::string title = table_title(labels);
      const std::string which = lacks.empty()                  ? "any of the table"
                                : lacks.size() < labels.size() ? "any but " + and_list(lacks)
                                                               : and_list(labels);
      out << ".PP\n"
          << escape("TYPENAME in " + and_list(users[i]) + ": " + which +
                    (title.empty() ? "" : " (\"" + title + "\")") + ".")
          << "\n";
    }
  }
}

// A Fortran synopsis this long goes to a section of its own after the body.
constexpr std::size_t max_fortran_lines = 8;

void write_fortran(std::ostream &out, const Page &page, const std::string &title) {
  std::vector<std::string> fortran;
  for (const std::string &line : page.fortran) fortran.push_back(escape(line));
  subsection(out, title, fortran);
}

void write_synopsis(std::ostream &out, const Page &page, const Routines &routines,
                    const std::vector<std::vector<Form>> &current,
                    const std::vector<std::vector<Form>> &old) {
  out << ".SH SYNOPSIS\n";
  std::set<std::string> used;
  for (const Group &group : page.groups)
    for (const std::string &name : group.names) used.insert(routines.by_name.at(name).header);
  std::vector<std::string> includes;
  for (const std::string &h : routines.headers)
    if (used.count(h)) includes.push_back("#include <" + h + ">");
  if (!includes.empty()) write_lines(out, includes);
  subsection(out, "C11 and C++ type-generic forms", generic_lines(page, routines, false));
  subsection(out, "C and C++", form_lines(current));
  std::vector<std::string> deprecated = generic_lines(page, routines, true);
  const std::vector<std::string> old_lines = form_lines(old);
  if (!deprecated.empty() && !old_lines.empty()) deprecated.push_back("");
  deprecated.insert(deprecated.end(), old_lines.begin(), old_lines.end());
  subsection(out, "Deprecated (C and C++)", deprecated);
  std::vector<const Form *> forms;
  for (const auto *groups : {&current, &old})
    for (const std::vector<Form> &group : *groups)
      for (const Form &form : group) forms.push_back(&form);
  write_types(out, forms);
  if (page.fortran.size() > max_fortran_lines) {
    out << ".SS Fortran (OpenSHMEM 1.3 binding, shmem.fh)\n.PP\n"
        << page.fortran.size() << " routines: see FORTRAN SYNOPSIS below.\n";
    return;
  }
  write_fortran(out, page, "Fortran (OpenSHMEM 1.3 binding, shmem.fh)");
}

// Every prototype of the page's C functions, one by one, when the synopsis
// showed some as templates (TYPENAME, SIZE or names in braces).
void write_all_declarations(std::ostream &out, const Page &page, const Routines &routines,
                            const std::vector<std::vector<Form>> &current,
                            const std::vector<std::vector<Form>> &old) {
  bool templated = false;
  for (const auto *groups : {&current, &old})
    for (const std::vector<Form> &group : *groups)
      for (const Form &form : group)
        templated |= form.kind != Form::plain || form.name.find('{') != std::string::npos;
  if (!templated) return;
  out << ".SH ALL C DECLARATIONS\n.PP\nEvery C function of this page, as the headers declare it.\n";
  for (bool deprecated : {false, true}) {
    std::vector<std::string> lines;
    for (const Group &group : page.groups) {
      const std::size_t before = lines.size();
      for (const std::string &name : group.names)
        for (const Prototype &p : routines.by_name.at(name).functions)
          if (p.deprecated == deprecated)
            for (const std::string &line : wrap(p.text)) lines.push_back(line);
      if (lines.size() > before) lines.push_back("");
    }
    if (!lines.empty()) lines.pop_back();
    subsection(out, deprecated ? "Deprecated (C and C++)" : "C and C++", lines);
  }
}

// NAME lists a page's Fortran-only names when they are this few; more are
// in the Fortran synopsis, and open the page all the same.
constexpr std::size_t max_fortran_names = 6;

// The names NAME lists: the page's own name first when it is a routine,
// the generic forms, the C functions (a template's name for a typed
// family, unless generic names stand for it), the Fortran-only names in
// upper case (when few), and the aliases.
std::vector<std::string> display_names(const Page &page, const Routines &routines,
                                       const std::vector<std::vector<Form>> &current,
                                       const std::vector<std::vector<Form>> &old) {
  std::vector<std::string> names;
  std::set<std::string> seen;
  auto add = [&](const std::string &name) {
    if (seen.insert(name).second) names.push_back(name);
  };
  if (routines.by_name.count(page.name) || page.overview) add(page.name);
  for (const Group &group : page.groups)
    for (const std::string &name : group.names)
      if (!routines.by_name.at(name).generics.empty()) add(name);
  bool generic = false;
  for (const Group &group : page.groups)
    for (const std::string &name : group.names)
      generic |= !routines.by_name.at(name).generics.empty();
  for (const auto *groups : {&current, &old})
    for (const std::vector<Form> &group : *groups)
      for (const Form &form : group)
        if (form.kind == Form::plain || !generic) add(form.name);
  if (page.fortran_names.size() <= max_fortran_names)
    for (const std::string &name : page.fortran_names) add(upper(name));
  for (const std::string &name : page.also) add(name);
  return names;
}

// Every name that opens the page (a .so stub each, but the page's own).
std::vector<std::string> stub_names(const Page &page) {
  std::vector<std::string> names;
  for (const Group &group : page.groups)
    for (const std::string &name : group.names) names.push_back(name);
  for (const std::string &name : page.fortran_names) names.push_back(name);
  for (const std::string &name : page.also) names.push_back(name);
  return names;
}

// The environment variables of src/base/config.hpp (SHMEMI_ENV_TABLE), the
// table that also makes the parser and the SHMEM_INFO print-out: "@environment".
std::vector<std::string> environment_lines() {
  std::vector<std::string> lines;
#define MM_ENV(field, type, name, def, help)                                                       \
  lines.push_back(std::string("- SHMEM_") + name + " (default " + def + "): " + help + ".");
  SHMEMI_ENV_TABLE(MM_ENV)
#undef MM_ENV
  return lines;
}

// The body with "@include NAME" replaced by man/common/NAME.txt, a
// paragraph of its own, and "@environment" by the variables.
void write_body(Body &body, const std::vector<std::string> &lines, const fs::path &common) {
  for (const std::string &line : lines) {
    if (starts_with(line, "@include ")) {
      body.line("");
      write_body(body, lines_of(read_file(common / (trim(line.substr(9)) + ".txt"))), common);
      body.line("");
    } else if (trim(line) == "@environment") {
      body.line("");
      for (const std::string &item : environment_lines()) body.line(item);
      body.line("");
    } else {
      body.line(line);
    }
  }
}

std::string section_dir(const Page &page) { return "man" + std::to_string(page.section); }

void write_page(const fs::path &out_dir, const Page &page, const Context &ctx) {
  const fs::path dir = out_dir / section_dir(page);
  const std::string section = std::to_string(page.section);
  const fs::path file = dir / (page.name + "." + section);
  std::ofstream out(file);
  out << ".\\\" Generated by man/make_man.cpp from man/pages/" << page.file << "; do not edit.\n"
      << ".TH " << escape(upper(page.name)) << " " << section << " \"\" \"shmem-mpi3 "
      << ctx.version << "\" \""
      << (page.section == 1 ? "OpenSHMEM Commands" : "OpenSHMEM Library Routines") << "\"\n"
      << ".nh\n.ad l\n.SH NAME\n";
  const auto current = function_forms(page, ctx.routines, false);
  const auto old = function_forms(page, ctx.routines, true);
  const std::vector<std::string> names = display_names(page, ctx.routines, current, old);
  for (std::size_t i = 0; i < names.size(); ++i)
    out << escape(names[i]) << (i + 1 < names.size() ? ",\n" : " \\- ");
  out << escape(page.summary) << "\n";
  if (!page.overview) write_synopsis(out, page, ctx.routines, current, old);
  Body body(out);
  write_body(body, page.body, ctx.common);
  body.close();
  if (page.fortran.size() > max_fortran_lines) {
    out << ".SH FORTRAN SYNOPSIS\n";
    write_fortran(out, page, "OpenSHMEM 1.3 binding, shmem.fh");
  }
  if (!page.overview) write_all_declarations(out, page, ctx.routines, current, old);
  for (const std::string &name : stub_names(page))
    if (name != page.name)
      std::ofstream(dir / (name + "." + section))
          << ".so " << section_dir(page) << "/" << page.name << "." << section << "\n";
  if (!out) throw Failure("cannot write " + file.string());
}

std::size_t write_pages(const fs::path &out, const std::vector<Page> &pages, const Context &ctx) {
  std::size_t files = 0;
  for (const char *section : {"man1", "man3"}) {
    fs::remove_all(out / section);
    fs::create_directories(out / section);
  }
  for (const Page &page : pages) write_page(out, page, ctx);
  for (const char *section : {"man1", "man3"})
    files += static_cast<std::size_t>(
        std::distance(fs::directory_iterator(out / section), fs::directory_iterator()));
  return files;
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
    const std::vector<std::string> code =
        page.section == 3 ? example_code(page) : std::vector<std::string>{};
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
