#!/usr/bin/env python3
"""check-figures.py [ROOT]: fails, naming file and line, when a comment of the
code states a measured figure. Measurements belong in docs/bench/ (with how
they were taken, where a rerun can replace them) or docs/decisions/; a
comment points there ("docs/bench/notes.md, 'Test routines'") instead.

Looked at: the comments of the C, C++ and Fortran files, and of the shell,
CMake and Python files, of src/, include/, tests/, bench/, examples/,
tools/ and man/ (the programs may print figures; only comments count), and
the whole text of the man page sources (man/pages, man/common).

A measured figure is one of:
  - a factor of speed or cost: "1.5x faster", "7-12x slower", "3 times
    cheaper", "40% faster";
  - a duration in ns, us or ms, or a count of cycles or instructions,
    with a fraction or a range: "0.42 us", "1.3-20 ms";
  - the same after a verb of cost: "takes 30 ns", "costs about 80
    instructions", "measured 2 us".
Settings and design parameters ("20 us naps", "200 ms by default", "every
64th round") are whole numbers with no verb of cost, and pass; so do
seconds (the tests' waits and time limits: "stopped for 0.3 s").
"""
import os
import re
import subprocess
import sys

UNIT = r"(?:ns|us|µs|ms|cycles|instructions)"
NUM = r"[0-9]+(?:\.[0-9]+)?"
FIGURES = [
    (re.compile(r"\b%s(?:-%s)?\s*(?:x|times)\s+(?:faster|slower|cheaper|costlier|dearer|quicker"
                r"|longer|shorter|the cost|as fast|as slow|as long)\b" % (NUM, NUM), re.I),
     "a factor of speed or cost"),
    (re.compile(r"\b%s(?:-%s)?\s*%%\s+(?:faster|slower|cheaper|costlier|quicker|of the time)\b"
                % (NUM, NUM), re.I), "a percentage of speed or cost"),
    (re.compile(r"\b(?:[0-9]+\.[0-9]+|%s-%s)\s*%s\b" % (NUM, NUM, UNIT)),
     "a measured duration (a fraction or a range)"),
    (re.compile(r"\b(?:takes?|took|costs?|costing|spends?|spent|measured(?: at)?|saves?|saved"
                r"|adds?|added)\s+(?:about\s+|~\s*|only\s+|up to\s+|some\s+)?%s\s*%s\b"
                % (NUM, UNIT), re.I), "a measured cost"),
]

C_LIKE = (".c", ".h", ".cpp", ".hpp", ".cc", ".inc")
HASH = (".sh", ".cmake", ".py", ".in", ".txt")
FORTRAN = (".f", ".f90", ".F", ".F90", ".fh")
FOLDERS = ("src/", "include/", "tests/", "bench/", "examples/", "tools/", "man/")


def c_comments(text):
    """(line, comment text) of // and /* */ comments, strings skipped."""
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append((line, text[i + 2:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j
            for k, piece in enumerate(text[i + 2:j].split("\n")):
                out.append((line + k, piece))
            line += text.count("\n", i, j)
            i = j + 2
        elif ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return out


def hash_comments(text):
    out = []
    for no, line in enumerate(text.split("\n"), 1):
        m = re.search(r"(^|\s)#(?!include|define|if|endif|else|pragma|!)", line)
        if m:
            out.append((no, line[m.end():]))
    return out


def fortran_comments(text):
    out = []
    for no, line in enumerate(text.split("\n"), 1):
        if line[:1] in ("c", "C", "*", "!"):
            out.append((no, line[1:]))
        elif "!" in line:
            out.append((no, line[line.index("!") + 1:]))
    return out


def comments(path, text):
    if path.startswith(("man/pages/", "man/common/")):
        return list(enumerate(text.split("\n"), 1))
    if path.endswith(C_LIKE):
        return c_comments(text)
    if path.endswith(FORTRAN):
        return fortran_comments(text)
    if path.endswith(HASH) or os.path.basename(path) == "CMakeLists.txt":
        return hash_comments(text)
    return []


def files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("check-figures.py: %s is not a git tree" % root)
    return [f for f in out.stdout.split("\n")
            if f.startswith(FOLDERS) and os.path.isfile(os.path.join(root, f))]


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    found = []
    checked = 0
    for f in files(root):
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        parts = comments(f, text)
        if not parts:
            continue
        checked += 1
        for no, comment in parts:
            for rx, what in FIGURES:
                m = rx.search(comment)
                if m:
                    found.append("  %s:%d: %s: \"%s\"" % (f, no, what, m.group(0)))
                    break
    if found:
        print("check-figures.py: measured figures in the code's comments (move them to "
              "docs/bench/ or docs/decisions/ and point there):")
        print("\n".join(found))
        return 1
    print("check-figures.py: no measured figure in the comments of %d files" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
