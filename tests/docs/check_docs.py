#!/usr/bin/env python3
"""The docs against the project: files, options and figures they name.

Reads README.md, docs/*.md and tools/bench/*/README* and exits 1 listing every
break of these rules, one line each (file:line: what):

1. A repository path names a file or folder the project has. A path is a word that
   starts with a top-level entry (cmake/, docs/, judge/, plugins/, problems/,
   reference/, tests/, tools/, CMakeLists.txt, README.md) after a space, a backtick,
   a quote or an opening bracket, up to the first space, quote, comma, semicolon or
   colon (so `file.cc:12` is the file). `{a,b}` is expanded to both, a `<name>` or a
   `*` matches any one path part. It may also be an include path, relative to
   judge/include/ (`judge/config/problem.h`), or a program named by its source
   without the extension (`tools/bench/grading/grading_bench` for its .cc).
2. An option named for a subcommand is one its `--help` lists. In a code span or a
   line of a code block, `judge <subcommand>` (or a span that starts with
   `<subcommand> --`) names the subcommand; every `--option` after it, up to the next
   subcommand, a `|` or a lone `--`, is its option. An indented line of a code block
   continues the synopsis of the line above.
3. docs/cli.md is the one reference of the command line: it has a section
   `## judge <subcommand>` for every subcommand `judge --help` lists, and every option
   of that subcommand's `--help` appears in its section.
4. A figure attributed to docs/figures.md is one figures.md holds. Every figure of a
   paragraph that names figures.md is attributed to it, and so is, anywhere, a figure
   in microseconds or a ratio `xN`, which the docs write only for measurements (limits
   and defaults are in ms, s, KiB and MiB). A figure is a
   number with a unit (us, ms, s, x, %, KiB, MiB, GiB, MB) or a ratio `xN` (x32 and
   x86 are ABIs); figures.md must hold a number with the same unit that rounds to it
   (a doc may write "about 150 us" for 150.5 us).

Findings listed in tests/docs/known_breaks.txt (in a doc under rework elsewhere; the
line number is not compared) are not errors until they are fixed; then the stale line
is.

    check_docs.py <repository root> <judge executable>
"""
import glob
import os
import re
import subprocess
import sys

TOP = ("cmake/", "docs/", "judge/", "plugins/", "problems/", "reference/", "tests/",
       "tools/", "CMakeLists.txt", "README.md")
PATH = re.compile(r"(?:(?<=^)|(?<=[\s`'\"(\[]))((?:%s)(?:\{[^{}\s]*\}|[^\s`'\",;:)\]])*)" %
                  "|".join(re.escape(t) for t in TOP))


def docs(root):
    names = ["README.md"] + sorted(glob.glob("docs/*.md", root_dir=root))
    names += sorted(glob.glob("tools/bench/*/README*", root_dir=root))
    return names


def expand_braces(word):
    m = re.search(r"\{([^{}]*)\}", word)
    if not m:
        return [word]
    out = []
    for part in m.group(1).split(","):
        out += expand_braces(word[:m.start()] + part + word[m.end():])
    return out


def path_exists(root, path):
    pattern = re.sub(r"<[^<>/]*>", "*", path).rstrip(".")
    if not pattern or pattern.endswith("/") and not pattern.strip("/"):
        return True
    for base in (root, os.path.join(root, "judge", "include")):
        for suffix in ("", ".cc", ".c", ".py", ".sh"):
            if glob.glob(os.path.join(base, pattern + suffix)):
                return True
    return False


def check_paths(root, name, lines, errors):
    for number, line in enumerate(lines, 1):
        for m in PATH.finditer(line):
            word = m.group(1).rstrip(".")
            for path in expand_braces(word):
                if not path_exists(root, path):
                    errors.append(f"{name}:{number}: names {path}, which the repository lacks")


def help_options(judge, sub):
    text = subprocess.run([judge, sub, "--help"], capture_output=True, text=True).stdout
    return set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", text))


def subcommands(judge):
    text = subprocess.run([judge, "--help"], capture_output=True, text=True).stdout
    part = re.split(r"(?i)subcommands:", text, maxsplit=1)[-1]
    return re.findall(r"^\s+([a-z]+)\s", part, re.M)


def code_pieces(lines, blocks=True):
    """Yields (line number, text) for every code span and every line of a code block
    (unless not `blocks`); an indented code-block line is joined to the line above."""
    fenced = False
    last = None
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            if last:
                yield last
            fenced, last = not fenced, None
            continue
        if fenced and not blocks:
            continue
        if fenced:
            if line.startswith((" ", "\t")) and last:
                last = (last[0], last[1] + " " + line.strip())
            else:
                if last:
                    yield last
                last = (number, line)
            continue
        for span in re.findall(r"`([^`]+)`", line):
            yield number, span


def check_options(name, lines, known, errors):
    subs = "|".join(sorted(known, key=len, reverse=True))
    starts = re.compile(r"(?:(?:^|[\s/|])judge\s+(%s)\b|^\s*(%s)\s+(?=--)|\|\s*(%s)\b)" % (subs, subs, subs))
    # figures.md's code blocks are benchmark output as printed (`isolate --run` there).
    for number, text in code_pieces(lines, blocks=name != "docs/figures.md"):
        marks = [(m.end(), m.group(1) or m.group(2) or m.group(3)) for m in starts.finditer(text)]
        for i, (begin, sub) in enumerate(marks):
            end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
            segment = re.split(r"\s--(?:\s|$)|\|", text[begin:end])[0]
            for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", segment):
                if option not in known[sub]:
                    errors.append(f"{name}:{number}: judge {sub} {option}: "
                                  f"`judge {sub} --help` does not list it")


def check_reference(root, known, errors):
    path = os.path.join(root, "docs", "cli.md")
    if not os.path.exists(path):
        errors.append("docs/cli.md: missing (the command-line reference)")
        return
    text = open(path, encoding="utf-8").read()
    sections = dict(re.findall(r"^## judge ([a-z]+)\n(.*?)(?=^## |\Z)", text, re.M | re.S))
    for sub, options in sorted(known.items()):
        if sub not in sections:
            errors.append(f"docs/cli.md: no section `## judge {sub}`")
            continue
        for option in sorted(options - {"--help"}):
            if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(option), sections[sub]):
                errors.append(f"docs/cli.md: judge {sub} {option} (from --help) is not in "
                              f"its section")


UNIT = r"(?:us|µs|ms|s|x|%|KiB|MiB|GiB|MB)"
FIGURE = re.compile(r"(?<![\w.,])(\d+(?:,\d{3})*(?:\.\d+)?)\s?(%s)(?![\w])|(?<![\w])x(?!32\b|86\b|87\b)(\d+(?:\.\d+)?)\b" % UNIT)


def paragraphs(lines):
    start, block = 1, []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("```") or line.startswith("#"):
            if block:
                yield start, block
            start, block = number + 1, []
        else:
            block.append(line)
    if block:
        yield start, block


def held(figures, number, unit):
    """Whether figures.md holds `number` `unit`, to the precision the doc wrote it."""
    value = float(number.replace(",", ""))
    decimals = len(number.partition(".")[2])
    return any(abs(f - value) <= 0.5 * 10 ** -decimals + 1e-9 for f in figures.get(unit, ()))


def figures_held(root):
    text = open(os.path.join(root, "docs", "figures.md"), encoding="utf-8").read()
    text = re.sub(r"(?<=\d),(?=\d)", "", text)
    out = {}
    for number, unit, ratio in FIGURE.findall(text):
        if ratio:
            number, unit = ratio, "x"
        out.setdefault(unit, []).append(float(number))
    for number in re.findall(r"(\d+(?:\.\d+)?)\s?us\b", text):
        out.setdefault("µs", []).append(float(number))
    out["us"] = out.get("us", []) + out.get("µs", [])
    return out


def check_figures(figures, name, lines, errors):
    if name == "docs/figures.md":
        return
    for start, block in paragraphs(lines):
        text = " ".join(block)
        cited = "figures.md" in text
        for m in FIGURE.finditer(text):
            number, unit, ratio = m.groups()
            if ratio:
                number, unit = ratio, "x"
            if not cited and not (unit in ("us", "µs") or ratio):
                continue
            if not held(figures, number, unit):
                why = "a paragraph citing docs/figures.md" if cited else "a measured figure"
                errors.append(f"{name}:{start}: {m.group(0).strip()} ({why}): "
                              f"docs/figures.md does not hold it")


def without_known_breaks(root, errors):
    """Drops the findings tests/docs/known_breaks.txt lists (a file this helper may not
    edit, under rework elsewhere); a listed finding that no longer occurs is an error,
    so the list only shrinks."""
    path = os.path.join(root, "tests", "docs", "known_breaks.txt")
    if not os.path.exists(path):
        return errors
    def unnumbered(finding):  # a line moved by an edit above it is the same finding
        return re.sub(r"^([^:]+):\d+:", r"\1:", finding)
    known = [unnumbered(l) for l in open(path, encoding="utf-8").read().split("\n")
             if l.strip() and not l.startswith("#")]
    found = [unnumbered(e) for e in errors]
    out = [e for e in errors if unnumbered(e) not in known]
    out += [f"tests/docs/known_breaks.txt: fixed, remove the line: {k}" for k in known if k not in found]
    return out


def main():
    root, judge = sys.argv[1], sys.argv[2]
    known = {sub: help_options(judge, sub) for sub in subcommands(judge)}
    if not known:
        print(f"{judge} --help lists no subcommands")
        return 1
    errors = []
    figures = figures_held(root)
    for name in docs(root):
        lines = open(os.path.join(root, name), encoding="utf-8").read().split("\n")
        check_paths(root, name, lines, errors)
        check_options(name, lines, known, errors)
        check_figures(figures, name, lines, errors)
    check_reference(root, known, errors)
    errors = without_known_breaks(root, errors)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
