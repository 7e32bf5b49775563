# @EXPECTED_RESULTS@: WRONG_ANSWER, RUN_TIME_ERROR
# Prints only the parity: the default validator finds too few tokens.
n = int(input())
print("odd" if n % 2 else "even")
