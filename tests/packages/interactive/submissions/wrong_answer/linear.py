# Wrong answer: guesses 1, 2, 3, ... and runs out of guesses; it ends quietly when the
# validator hangs up.
import sys

try:
    for g in range(1, 1001):
        print(g, flush=True)
        if input() == "correct":
            break
except (EOFError, BrokenPipeError):
    sys.stderr.close()
