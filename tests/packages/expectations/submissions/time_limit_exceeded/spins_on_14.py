# Answers at once, but for n = 14 (secret/4) it spins for ever.
n = int(input())
while n == 14:
    pass
print(n + 1)
