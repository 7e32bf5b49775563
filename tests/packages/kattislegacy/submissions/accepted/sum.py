# Accepted: any float formatting passes with a tolerance (here repr and scientific).
n = int(input())
s = sum(float(x) for x in input().split())
print("%e" % s)
print("odd" if n % 2 else "even")
