# Never a valid answer: rejected everywhere.
input()
print(0)
