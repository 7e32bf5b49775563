# Guesses once, then crashes.
print(500, flush=True)
input()
raise SystemExit(3)
