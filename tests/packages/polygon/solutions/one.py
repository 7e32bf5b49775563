# Rejected: 1 divides everything, but it is no proper divisor.
input()
print(1)
