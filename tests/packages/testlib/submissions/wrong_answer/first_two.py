# The first two elements: a sum, but not the closest (partial points: WA overall).
n, t = map(int, input().split())
a = list(map(int, input().split()))
print(a[0] + a[1])
