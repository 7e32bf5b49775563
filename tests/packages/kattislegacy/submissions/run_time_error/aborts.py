# Run-time error: right when n is odd, divides by zero when n is even.
n = int(input())
s = sum(float(x) for x in input().split())
one = 1 // (n % 2)
print(s * one, "odd")
