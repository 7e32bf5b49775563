#!/usr/bin/python3
# The root's custom grader: "VERDICT score" lines in, one out. The total, capped at
# 100; accepted when anything scored, else the first failure.
import sys

total = 0.0
failures = []
for line in sys.stdin.read().splitlines():
    verdict, score = line.split()
    total += float(score)
    if verdict != 'AC':
        failures.append(verdict)
total = min(total, 100)
print('%s %f' % ('AC' if total > 0 else (failures + ['AC'])[0], total))
