print(int(input().split()[0]) + 1)
