# Crashes on small numbers: the first failure (run error) is the verdict, the large
# group's 70 points the score.
# @EXPECTED_RESULTS@: RUN-ERROR
# @EXPECTED_SCORE@: 70
n = int(input())
assert n >= 1000, "small input"
print(n + 1)
