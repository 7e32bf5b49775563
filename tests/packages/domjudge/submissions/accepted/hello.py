# Accepted (Python): "HELLO" in capitals is fine for the default validator.
n = int(input())
for _ in range(n):
    print("HELLO", input().strip() + "!")
