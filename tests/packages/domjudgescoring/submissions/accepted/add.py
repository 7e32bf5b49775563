# @EXPECTED_RESULTS@: CORRECT
# @EXPECTED_SCORE@: 100
print(int(input()) + 1)
