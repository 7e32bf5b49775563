#!/usr/bin/env python3
# Input validator: a count n, then n numbers with at most three decimals. Exit 42 valid.
import re
import sys

args = sys.argv[1:]
max_n = int(args[args.index("--max-n") + 1]) if "--max-n" in args else 10**9
text = sys.stdin.read()
lines = text.split("\n")
if len(lines) != 3 or lines[2] != "":
    sys.exit(43)
if not re.fullmatch(r"[1-9][0-9]*", lines[0]) or int(lines[0]) > max_n:
    sys.exit(43)
nums = lines[1].split(" ")
if len(nums) != int(lines[0]) or not all(re.fullmatch(r"-?[0-9]+(\.[0-9]{1,3})?", x) for x in nums):
    sys.exit(43)
sys.exit(42)
