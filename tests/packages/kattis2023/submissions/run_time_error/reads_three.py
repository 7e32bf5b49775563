# Run-time error: expects three numbers on the line.
a, b, c = map(int, input().split())
print(a, b)
