#!/usr/bin/env python3
"""docs_check.py: fails when a design document names what the code no longer has.

Usage:
  docs_check.py ROOT                  check the documents (below) of the tree ROOT
  docs_check.py ROOT FILE.md...       check these markdown files instead
  docs_check.py ROOT --snippets OUT   write the marked code snippets as a C++ file
  docs_check.py ROOT --self-test      check the planted errors of
                                      tests/tools/docs_fixtures/ are all found

The documents: docs/design.md, docs/data-path.md, docs/decisions/*.md and
every README.md under src/ and docs/ (the folder maps).

The rules, for each `backquoted` span outside code blocks (a span with a
space is checked only when it is a call shape, `name(args)`: its name is):
  path     a span with a '/' or a file extension (`core/rma.cpp`,
           `config.*`, `man/pages/<page>.txt`, `<pshmem.h>`) names a
           tracked file: relative to the document's folder, to the folder a
           map describes, to the tree's root, src/ or include/, or as the
           end of any tracked path. `*` and `<placeholder>` match any
           characters; `name.*` needs some `name.EXT`. Absolute paths
           (`/proc/...`) and system headers (SYSTEM_HEADERS) are not looked up.
  setting  `SHMEM_NAME` is a variable of SHMEMI_ENV_TABLE
           (src/base/config.hpp) or a name the public headers (include/)
           define.
  name     an identifier (`rma_contiguous`, `MPI_Win_flush`) appears as a
           whole word in the code: a tracked file outside docs/ that is not
           markdown. `prefix_*` needs a word that starts so.
  a::b     a qualified name: `b` appears as a word in a file under src/a/
           or in a file that has the word `a` (a namespace or class).
  a.b, a->b  each part is a name (`activity.concurrent`, `ctx->channel`).
  rows     in a folder map's table (src/X/README.md), a row whose first
           cell names files (`rma.*`, `p2p.hpp`) names in its other cells
           only identifiers those files have (or the build makes: a
           CMake target), so a name moved to another file is caught.
  lines    "`path` (N lines)", "`path`, about N lines" or "[x](path) (N
           lines)": the file has N
           lines (within 10% with "about").
  links    a relative link [text](target) names a tracked file or folder.
  size     docs/design.md has at most DESIGN_MAX_LINES lines.
Words that are not symbols of this tree (English words in backquotes,
command-line options, other libraries' names) are in NOT_SYMBOLS, each
with its reason.

Snippets: a fenced ```cpp block right after the comment
  <!-- compiled: include="core/rma.hpp" params="void *dest, int pe" -->
is written by --snippets into a function of namespace shmemi, with those
includes and parameters; the unit tests compile it (tests/unit), so the
call shapes a document shows stay those of the code.
"""
import os
import re
import subprocess
import sys

DESIGN_MAX_LINES = 200

# Backquoted words that are not symbols of the tree, with the reason.
NOT_SYMBOLS = {
    # English or C words that the documents quote as such.
    "p": "the OpenSHMEM p/g routines, named as a family",
    "g": "the OpenSHMEM p/g routines, named as a family",
    "local": "a value of transport::Completion, quoted alone",
    "deferred": "a value of transport::Completion, quoted alone",
    "mpiexec": "MPI's launcher, not part of this tree",
    "mpicc": "MPI's compiler wrapper, not part of this tree",
    "gfortran": "the Fortran compiler",
    "ulimit": "a shell builtin",
    "perf": "Linux's profiler",
    "valgrind": "a tool",
    "callgrind": "a tool",
    "osc": "Open MPI's one-sided component family",
    "ucx": "Open MPI's osc/ucx component",
    "sm": "Open MPI's osc/sm component",
    "rdma": "Open MPI's osc/rdma component",
    "pt2pt": "Open MPI's osc/pt2pt component",
    "MPI_T": "MPI's tool interface, named as such",
    "PMPI": "MPI's profiling interface, named as such",
    "LD_PRELOAD": "the dynamic linker's variable",
    "LD_BIND_NOW": "the dynamic linker's variable",
    "Hugepagesize": "a field of /proc/meminfo",
    "shmem_enabled": "a file of /sys/kernel/mm/transparent_hugepage",
    "OSHMEM": "Open MPI's OpenSHMEM, the benchmarks' baseline",
    # Alternatives the decision pages weighed and did not take.
    "vfork": "fork.md: what a child made by it may do",
    "posix_spawn": "fork.md: what a child made by it may do",
    "libgomp": "progress.md: an object that may call MPI unseen",
    "RUNPATH": "progress.md: an ELF field",
    "MPI_Win_shared_query": "node-memory.md: MPI's shared windows, the alternative not taken",
    "MPIR_CVAR_ASYNC_PROGRESS": "progress.md: MPICH's own progress thread, not used",
    "transparent_hugepage/enabled": "node-memory.md: a file of /sys/kernel/mm",
    "heap_pages_thp": "a CTest name family, heap_pages_${kind}_np${np} (tests/pe/mem_query.cmake)",
    "NOSTORE": "contexts.md: SHMEM_CTX_NOSTORE without its prefix",
}

# Headers outside the tree that documents may name in angle brackets.
SYSTEM_HEADERS = {"mpi.h", "mpif.h", "stdatomic.h", "pthread.h", "sys/mman.h"}

EXTENSIONS = ("c", "cpp", "hpp", "h", "md", "sh", "py", "txt", "cmake", "map", "fh",
              "f", "f90", "csv", "png", "in", "supp", "pc")

# Not code: the documents, and this checker and its fixtures (which name
# the planted errors).
CODE_EXCLUDE = re.compile(r"(^docs/|\.md$|\.png$|\.csv$|^tests/tools/docs_)")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True)
    except OSError:
        out = None
    if out is None or out.returncode != 0:  # not a git tree: every file but build trees
        found = []
        for d, subdirs, names in os.walk(root):
            subdirs[:] = [s for s in subdirs if not s.startswith((".", "build"))]
            found += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return sorted(found)
    return [f for f in out.stdout.split("\n") if f and os.path.exists(os.path.join(root, f))]


class Tree:
    def __init__(self, root):
        self.root = root
        self.files = tracked_files(root)
        self.fileset = set(self.files)
        self.dirs = set()
        for f in self.files:
            d = os.path.dirname(f)
            while d:
                self.dirs.add(d)
                d = os.path.dirname(d)
        self.words = {}  # file -> set of words
        ident = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
        for f in self.files:
            if CODE_EXCLUDE.search(f):
                continue
            try:
                with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                    self.words[f] = set(ident.findall(fh.read()))
            except OSError:
                continue
        self.all_words = set().union(*self.words.values()) if self.words else set()
        # The build's files, for what it makes (`shmem.fh`, `bench/shmem_bench`)
        # and its options (`SHMEM_LTO`).
        self.build_text = ""
        for f in self.files:
            if re.search(r"(CMakeLists\.txt|\.cmake|\.in)$", f):
                with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                    self.build_text += fh.read()
        self.build_words = set(ident.findall(self.build_text))
        self.settings = self._settings()
        self.public = set().union(*(w for f, w in self.words.items() if f.startswith("include/")))

    def _settings(self):
        path = os.path.join(self.root, "src/base/config.hpp")
        if not os.path.exists(path):
            return set()
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        return {"SHMEM_" + n for n in re.findall(r'X\(\s*\w+\s*,\s*[^,]+,\s*"([A-Z0-9_]+)"', text)}


def glob_regex(pattern):
    """`*` and `<x>` match any characters; the rest is literal."""
    parts = re.split(r"(\*|<[^<>]*>)", pattern)
    return "".join(".*" if p == "*" or p.startswith("<") else re.escape(p) for p in parts)


def describes(doc):
    """The folder a map describes: src/core for src/core/README.md."""
    d = os.path.dirname(doc)
    return d if os.path.basename(doc) == "README.md" else None


def find_path(tree, doc, name):
    name = name.rstrip("/")
    if name.endswith(".*"):  # `config.*`: some config.EXT
        name = name[:-2] + ".*"
    wild = "*" in name or "<" in name
    bases = [os.path.dirname(doc), describes(doc) or "", "", "src", "include", "docs"]
    candidates = [os.path.normpath(os.path.join(b, name)) for b in bases]
    if not wild:
        for c in candidates:
            if c in tree.fileset or c in tree.dirs:
                return True
        return any(f == name or f.endswith("/" + name) for f in tree.files) or any(
            d.endswith("/" + name) for d in tree.dirs)
    rx = re.compile("(^|.*/)" + glob_regex(name) + "$")
    return any(rx.match(f) for f in tree.files) or any(rx.match(d) for d in tree.dirs)


IDENT = r"[A-Za-z_~][A-Za-z0-9_]*"
QUALIFIED = re.compile(r"^(%s)(::%s)+(\(\))?$" % (IDENT, IDENT))
MEMBERS = re.compile(r"^\.?%s((\.|->)%s)+(\(\))?$" % (IDENT, IDENT))
PLAIN = re.compile(r"^\.?(%s)(\(\))?$" % IDENT)
PREFIX = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\*[A-Za-z0-9_]*$")  # `fail_*`, `shmemx_*_nbi`
CALL = re.compile(r"^(%s(?:::%s)*)\(.*\)$" % (IDENT, IDENT), re.S)
HEADER = re.compile(r"^<([A-Za-z0-9_./]+\.(h|hpp|fh))>$")


def has_word(tree, word):
    return word in tree.all_words or word in NOT_SYMBOLS


def check_name(tree, name):
    """None if `name` is found, else why not."""
    if name in NOT_SYMBOLS:
        return None
    if re.match(r"^SHMEM_[A-Z0-9_]+$", name):
        if name in tree.settings or name in tree.public or name in tree.build_words:
            return None
        if name.lower() in tree.all_words:  # a Fortran routine, `SHMEM_MY_PE`
            return None
        return "setting or constant %s is neither in SHMEMI_ENV_TABLE (src/base/config.hpp), " \
               "nor defined by include/, nor a CMake option, nor a routine in upper case" % name
    if re.match(r"^pshmem_\w+$", name) and name[1:] in tree.public:
        return None  # a profiling name, stamped from the public one
    if re.match(r"^\w+_np[0-9]+$", name):  # a CTest name: the test and its PE count
        base = re.sub(r"_np[0-9]+$", "", name)
        if base in tree.build_words:
            return None
    if not has_word(tree, name):
        return "name %s appears in no code file (src/, include/, tests/, ...)" % name
    return None


def check_qualified(tree, name):
    parts = name.rstrip("()").split("::")
    last = parts[-1]
    for scope in parts[:-1]:
        if not has_word(tree, scope) and not any(d.endswith("/" + scope) for d in tree.dirs):
            return "scope %s of %s is no namespace, class or folder of the code" % (scope, name)
    scope = parts[-2]
    if last in NOT_SYMBOLS or last.startswith("~"):
        return None
    for f, words in tree.words.items():
        if last in words and (scope in words or ("/%s/" % scope) in "/" + f):
            return None
    return "%s: no code file under a folder %s/ or naming %s has the word %s" % (
        name, scope, scope, last)


def check_span(tree, doc, span):
    """A list of problems with one backquoted span (empty if none)."""
    s = span.strip()
    if not s or s[0] in "-$#" or s.startswith("/") or re.match(r"^[0-9]", s):
        return []
    m = HEADER.match(s)
    if m:
        if m.group(1) in SYSTEM_HEADERS:
            return []
        return [] if find_path(tree, doc, m.group(1)) else ["header <%s> is no file of include/ " \
                                                              "or the tree" % m.group(1)]
    if " " in s or "\n" in s:
        m = CALL.match(s)
        if not m:
            return []
        s = m.group(1)
    if re.search(r"[\"'=,;{}!?|&+%]", s):
        return []
    if "/" in s or re.search(r"\.(%s|\*)$" % "|".join(EXTENSIONS), s):
        if re.match(r"^[a-z]+/[a-z]+$", s) and not find_path(tree, doc, s):
            # `osc/ucx`, `put`/`get`: a pair of words, not a path
            if all(has_word(tree, w) or w in NOT_SYMBOLS for w in s.split("/")):
                return []
        if s in NOT_SYMBOLS or find_path(tree, doc, s):
            return []
        if os.path.basename(s.rstrip("/")) in tree.build_text:
            return []  # made by the build
        return ["path %s names no tracked file or folder, nor anything the build makes" % s]
    if QUALIFIED.match(s):
        why = check_qualified(tree, s)
        return [why] if why else []
    if MEMBERS.match(s):
        problems = []
        for part in re.split(r"\.|->", s.lstrip(".").rstrip("()")):
            why = check_name(tree, part)
            if why:
                problems.append(why + " (in %s)" % s)
        return problems
    if PREFIX.match(s):
        rx = re.compile("^" + s.replace("*", "[A-Za-z0-9_]*") + "$")
        if any(rx.match(w) for w in tree.all_words):
            return []
        return ["pattern %s matches no word of the code" % s]
    m = PLAIN.match(s)
    if m:
        why = check_name(tree, m.group(1))
        return [why] if why else []
    return []


SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
LINES = re.compile(r"^\s*[,(]?\s*(about |some )?([0-9][0-9,]*) lines\b")


def prose_lines(text):
    """(line number, line) of the lines outside fenced and indented code."""
    fenced = False
    prev_blank = True
    indented = False
    for no, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.startswith("    ") and (prev_blank or indented) and not line.lstrip().startswith(
                ("-", "*", "|")) and not re.match(r"^\s+[0-9]+\.", line):
            # an indented code block (not a list item's continuation)
            indented = prev_blank or indented
            if indented:
                prev_blank = False
                continue
        indented = False
        prev_blank = not line.strip()
        yield no, line


def count_lines(tree, path):
    with open(os.path.join(tree.root, path), encoding="utf-8", errors="replace") as fh:
        return sum(1 for _ in fh)


def line_claim(tree, path, after):
    """Why the claim "(N lines)" or ", about N lines" right after a file's
    name is false, or None."""
    m = LINES.match(after)
    if not m or path not in tree.fileset:
        return None
    claimed = int(m.group(2).replace(",", ""))
    real = count_lines(tree, path)
    about = m.group(1) is not None
    if (about and abs(real - claimed) > claimed / 10) or (not about and real != claimed):
        return "%s has %d lines, not %s%d as the text says" % (
            path, real, "about " if about else "", claimed)
    return None


def resolve_file(tree, doc, name):
    for b in [os.path.dirname(doc), describes(doc) or "", "", "src", "include"]:
        c = os.path.normpath(os.path.join(b, name))
        if c in tree.fileset:
            return c
    ends = [f for f in tree.files if f.endswith("/" + name)]
    return ends[0] if len(ends) == 1 else None


def check_row(tree, doc, line):
    """Problems of one table row of a folder map (rule `rows`)."""
    folder = describes(doc)
    if folder is None or not folder.startswith("src/") or not line.startswith("| `"):
        return []
    cells = line.split("|")
    if len(cells) < 4:
        return []
    files = []
    for name in SPAN.findall(cells[1]):
        rx = re.compile("^" + re.escape(folder) + "/" + glob_regex(name.replace(".*", ".*")) + "$")
        files += [f for f in tree.words if rx.match(f)]
    if not files:
        return []  # the first cell names no file of the folder (checked as paths)
    words = set().union(*(tree.words[f] for f in files))
    problems = []
    for span in SPAN.findall("|".join(cells[2:])):
        m = re.match(r"^(?:%s::)*(%s)(\(\))?$" % (IDENT, IDENT), span)
        if not m:
            continue
        name = m.group(1)
        if name.endswith("_") or name in words or name in NOT_SYMBOLS or name in tree.build_words:
            continue
        problems.append("%s names %s, which none of its files %s has" % (
            SPAN.findall(cells[1])[0] if SPAN.findall(cells[1]) else "a row", span,
            ", ".join(sorted(files))))
    return problems


def check_doc(tree, doc):
    """Problems of one document, each 'doc:line: text'."""
    problems = []
    with open(os.path.join(tree.root, doc), encoding="utf-8") as fh:
        text = fh.read()
    in_list_item = False
    prev_item = False
    for no, line in prose_lines(text):
        for why in check_row(tree, doc, line):
            problems.append("%s:%d: %s" % (doc, no, why))
        for m in SPAN.finditer(line):
            span = m.group(1)
            for why in check_span(tree, doc, span):
                problems.append("%s:%d: %s" % (doc, no, why))
            if "/" in span or "." in span:
                path = resolve_file(tree, doc, span)
                why = line_claim(tree, path, line[m.end():]) if path else None
                if why:
                    problems.append("%s:%d: %s" % (doc, no, why))
        for m in LINK.finditer(line):
            target = m.group(1).split("#")[0]
            if not target or re.match(r"^[a-z]+:", target):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(doc), target))
            if path not in tree.fileset and path not in tree.dirs:
                problems.append("%s:%d: link target %s (%s) is no tracked file or folder" % (
                    doc, no, m.group(1), path))
                continue
            why = line_claim(tree, path, line[m.end():])
            if why:
                problems.append("%s:%d: %s" % (doc, no, why))
    if doc == "docs/design.md":
        n = text.count("\n")
        if n > DESIGN_MAX_LINES:
            problems.append("%s: %d lines, more than %d: move call-by-call detail to the folder "
                            "maps (src/*/README.md)" % (doc, n, DESIGN_MAX_LINES))
    return problems


def default_docs(tree):
    docs = [f for f in tree.files
            if f in ("docs/design.md", "docs/data-path.md")
            or re.match(r"^docs/decisions/[^/]+\.md$", f)
            or (re.match(r"^(src|docs)/.*README\.md$", f))]
    return sorted(docs)


MARK = re.compile(r'<!--\s*compiled:\s*include="([^"]*)"\s*params="([^"]*)"\s*-->')


def snippets(tree, docs):
    """(doc, line, includes, params, code) of each marked snippet."""
    out = []
    for doc in docs:
        with open(os.path.join(tree.root, doc), encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        for i, line in enumerate(lines):
            m = MARK.search(line)
            if not m:
                continue
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j >= len(lines) or not lines[j].lstrip().startswith("```"):
                sys.exit("%s:%d: a compiled: mark must precede a ``` block" % (doc, i + 1))
            k = j + 1
            while k < len(lines) and not lines[k].lstrip().startswith("```"):
                k += 1
            out.append((doc, j + 2, m.group(1).split(), m.group(2), "\n".join(lines[j + 1:k])))
    return out


def write_snippets(tree, docs, path):
    parts = ["// Written by tests/tools/docs_check.py --snippets: the call shapes the",
             "// documents show, compiled with the unit tests. Do not edit.", ""]
    for inc in sorted({i for s in snippets(tree, docs) for i in s[2]}):
        parts.append('#include "%s"' % inc)
    parts += ["", "namespace shmemi {"]
    for n, (doc, line, _, params, code) in enumerate(snippets(tree, docs)):
        parts += ["// %s, line %d" % (doc, line),
                  "[[maybe_unused]] void docs_snippet_%d(%s) {" % (n, params),
                  '#line %d "%s"' % (line, os.path.join(tree.root, doc)),
                  code, "}", ""]
    parts.append("} // namespace shmemi")
    text = "\n".join(parts) + "\n"
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
    if old != text:  # unchanged: no rebuild
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    return len(snippets(tree, docs))


# The planted errors of tests/tools/docs_fixtures/planted.md, each as a
# piece of the message that must report it.
PLANTED = [
    "path src/core/no_such_file.cpp",
    "name rma_no_such_function",
    "setting or constant SHMEM_NO_SUCH_SETTING",
    "memory::no_such_routine",
    "src/core/rma.hpp has",  # a wrong line count
    "link target ../no_such_page.md",
    "pattern require_nothing_*",
    "name rma_wrong_call",
    "docs/design.md has",  # a wrong line count after a link
]


def self_test(tree):
    fixtures = "tests/tools/docs_fixtures"
    good = check_doc(tree, fixtures + "/good.md")
    bad = check_doc(tree, fixtures + "/planted.md")
    status = 0
    for p in good:
        print("self-test: the correct fixture got a complaint: " + p)
        status = 1
    for want in PLANTED:
        if not any(want in p for p in bad):
            print("self-test: the planted error '%s' went unreported; the checker said:" % want)
            for p in bad:
                print("  " + p)
            status = 1
    # A map's row naming what its files lack (rule `rows`), as if in src/core/README.md.
    row = check_row(tree, "src/core/README.md", "| `rma.*` | `put_signal`: moved to signal.* |")
    if not any("rma.* names put_signal" in p for p in row):
        print("self-test: a map row naming put_signal under rma.* went unreported: %s" % row)
        status = 1
    if check_row(tree, "src/core/README.md", "| `signal.*` | `put_signal` |"):
        print("self-test: a correct map row got a complaint")
        status = 1
    if len(bad) != len(PLANTED):
        print("self-test: %d complaints for %d planted errors:" % (len(bad), len(PLANTED)))
        for p in bad:
            print("  " + p)
        status = 1
    if status == 0:
        print("docs_check.py --self-test: all %d planted errors and the wrong map row found, "
              "none in the correct fixture" % len(PLANTED))
    return status


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    root = os.path.abspath(argv[1])
    tree = Tree(root)
    args = argv[2:]
    if args[:1] == ["--self-test"]:
        return self_test(tree)
    if args[:1] == ["--snippets"]:
        n = write_snippets(tree, default_docs(tree), args[1])
        print("docs_check.py: %d snippets written to %s" % (n, args[1]))
        return 0
    docs = [os.path.relpath(os.path.abspath(a), root) for a in args] or default_docs(tree)
    problems = []
    for doc in docs:
        problems += check_doc(tree, doc)
    for doc, line, includes, _, _ in snippets(tree, docs):
        for inc in includes:
            if not os.path.exists(os.path.join(root, "src", inc)):
                problems.append("%s:%d: snippet includes %s, which is not under src/" % (
                    doc, line, inc))
    if problems:
        print("docs_check.py: these names of the documents are not in the code "
              "(fix the text, or the checker's NOT_SYMBOLS if a word is not a symbol):")
        for p in problems:
            print("  " + p)
        return 1
    print("docs_check.py: %d documents checked, every path, name and setting found" % len(docs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
