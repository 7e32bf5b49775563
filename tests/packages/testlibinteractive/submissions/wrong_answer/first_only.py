# Answers the first number: the checker's wrong answer (when it is not the maximum).
n = int(input())
print("? 1", flush=True)
print("!", input(), flush=True)
