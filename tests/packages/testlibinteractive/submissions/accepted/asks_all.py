n = int(input())
best = None
for i in range(1, n + 1):
    print("?", i, flush=True)
    x = int(input())
    best = x if best is None else max(best, x)
print("!", best, flush=True)
