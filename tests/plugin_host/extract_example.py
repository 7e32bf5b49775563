"""Writes the example plugin of plugin_abi.h's comment (the lines between BEGIN EXAMPLE
and END EXAMPLE, without their " * " prefix) to a C file.

Usage: extract_example.py <plugin_abi.h> <output.c>
"""
import re
import sys

header, output = sys.argv[1], sys.argv[2]
lines, inside, found = [], False, False
for line in open(header, encoding="utf-8"):
    if "END EXAMPLE" in line:
        inside = False
    elif inside:
        lines.append(re.sub(r"^ \*( |$)", "", line.rstrip("\n")))
    elif "BEGIN EXAMPLE" in line:
        inside = found = True
if not found or not lines:
    sys.exit(f"{header}: expected an example between BEGIN EXAMPLE and END EXAMPLE, found none")
with open(output, "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
