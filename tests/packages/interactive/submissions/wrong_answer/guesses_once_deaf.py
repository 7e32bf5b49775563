# Closes its input, guesses once and exits: the interactor's answer meets a pipe nobody
# of the submission reads. Kattis and DOMjudge judge the interactor's verdict (no
# second guess: wrong answer), never a judge error for the interactor's broken pipe.
import os
import sys

os.close(0)
print(1)
sys.stdout.flush()
