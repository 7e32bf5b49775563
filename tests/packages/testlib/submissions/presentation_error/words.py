# Prints a word where the checker reads an integer: testlib's presentation error.
input()
input()
print("ten")
