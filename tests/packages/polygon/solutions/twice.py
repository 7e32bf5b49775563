# Right divisor, printed twice: the checker's presentation error.
n = int(input())
d = 2
while d * d <= n and n % d:
    d += 1
v = d if d * d <= n else -1
print(v, v)
