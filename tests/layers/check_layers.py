#!/usr/bin/env python3
"""The include graph against the layers (docs/architecture.md, "Layers").

Every public header belongs to the area of its folder (judge/include/judge/<area>/),
every source file to the area of its folder (judge/src/<area>/, judge/cli). A file
may include the public headers of its own area and of the areas below it, never of an
area above or beside it: storage knows nothing of the sandbox, the sandbox nothing of
problem packages, and no library knows the front ends. Exits 1 listing every include that breaks this, one line each.

    check_layers.py <repository root>
"""
import os
import re
import sys

# Each area and the areas it may use.
ALLOWED = {
    "base": set(),
    "config": {"base"},
    "sandbox": {"base"},
    "plugin": {"base", "config"},
    "store": {"base", "config"},
    "grading": {"base", "config", "sandbox", "plugin"},
    "judging": {"base", "config", "sandbox", "plugin", "store", "grading"},
    "service": {"base", "config", "sandbox", "plugin", "store", "grading", "judging"},
    "cli": {"base", "config", "sandbox", "plugin", "store", "grading", "judging", "service"},
}

# A public header's area is its folder, judge/include/judge/<area>/. Only the plugin ABI
# and its verdict codes stay at the top (docs/architecture.md): they are the base layer
# that plugins include.
TOP_LEVEL = {"plugin_abi.h": "base", "verdict.h": "base"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"judge/([^"]+)"', re.M)


def header_area(name):
    folder, _, rest = name.partition("/")
    if rest:
        return folder if folder in ALLOWED and folder != "cli" else None
    return TOP_LEVEL.get(name)


def file_area(root, path):
    rel = os.path.relpath(path, root)
    parts = rel.split(os.sep)
    if parts[:3] == ["judge", "include", "judge"]:
        return header_area("/".join(parts[3:]))
    if parts[:2] == ["judge", "src"] and len(parts) > 3:
        return parts[2]
    if parts[:2] == ["judge", "cli"]:
        return "cli"
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = []
    checked = 0
    for top in ("judge/include", "judge/src", "judge/cli"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".h", ".cc")):
                    continue
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, root)
                area = file_area(root, path)
                if area is None:
                    problems.append(f"{rel}: expected a file of a known area, found none "
                                    "(a public header goes in judge/include/judge/<area>/)")
                    continue
                text = open(path, encoding="utf-8", errors="replace").read()
                for name in INCLUDE.findall(text):
                    checked += 1
                    target = header_area(name)
                    if target is None:
                        problems.append(f"{rel}: includes judge/{name}, "
                                        "expected a header in judge/include/judge/<area>/")
                    elif target != area and target not in ALLOWED[area]:
                        problems.append(f"{rel} ({area}): includes judge/{name} ({target}), "
                                        f"expected only {', '.join(sorted(ALLOWED[area] | {area}))}")
    for p in problems:
        print(p)
    print(f"check_layers: {checked} includes checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
