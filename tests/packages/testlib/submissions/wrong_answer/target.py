# Prints the target itself: usually not a sum of two elements (the checker's WA).
n, t = map(int, input().split())
print(t)
