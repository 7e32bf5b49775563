# Crashes on the input of a second pass ("x 2").
words = input().split()
if len(words) > 1:
    raise SystemExit(3)
print(int(words[0]) + 1)
