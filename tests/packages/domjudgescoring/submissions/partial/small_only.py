# Right for small numbers only: the small group's 30 points, rejected by the large one.
# @EXPECTED_RESULTS@: WRONG-ANSWER
# @EXPECTED_SCORE@: 30
n = int(input())
print(n + 1 if n < 1000 else n)
