n = int(input())
for _ in range(n):
    print("Hello", input().strip())
