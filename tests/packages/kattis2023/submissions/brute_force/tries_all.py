# Brute force: tries every a from n-1 down (fine for small n, too slow for 10^9).
n = int(input())
a = n - 1
while a > 0:
    if a + (n - a) == n and a <= 10:
        break
    a -= 1
print(a, n - a)
