# Answers, then writes 1 MiB more after the interactor (which does not check for
# trailing output) has accepted and exited. The judge drops what comes after the
# interactor is gone: AC, not killed by SIGPIPE (as DOMjudge's runpipe and BAPCtools
# relay it; problemtools' runner would say RTE).
import sys

n = int(input())
best = None
for i in range(1, n + 1):
    print("?", i, flush=True)
    x = int(input())
    best = x if best is None else max(best, x)
print("!", best, flush=True)
sys.stdout.write("x" * (1 << 20))
sys.stdout.flush()
