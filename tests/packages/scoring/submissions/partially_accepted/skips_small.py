# Fails the test directly in data/secret (n = 10), which counts: 40 + 50 = 90 points.
n = int(input())
print(0 if n == 10 else n)
