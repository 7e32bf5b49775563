# Wrong on the test directly in data/secret (n = 0): 80 points of 100, not 100.
n = int(input())
print(2 * n if n else -1)
