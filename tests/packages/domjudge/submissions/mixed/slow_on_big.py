# @EXPECTED_RESULTS@: CORRECT, TIMELIMIT
# Correct, and slow only when there are three names.
import time
n = int(input())
if n == 3:
    time.sleep(10)
for _ in range(n):
    print("Hello", input().strip() + "!")
