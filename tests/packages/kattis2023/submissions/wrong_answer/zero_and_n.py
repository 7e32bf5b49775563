# Wrong answer: 0 is not positive.
n = int(input())
print(0, n)
