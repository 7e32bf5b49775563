# The largest proper divisor: another right answer than the jury's.
n = int(input())
d = 2
while d * d <= n and n % d:
    d += 1
print(n // d if d * d <= n else -1)
