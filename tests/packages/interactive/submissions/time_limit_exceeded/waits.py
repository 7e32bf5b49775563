# Never guesses and waits for a reply that never comes: both sides block, the wall
# time limit ends it.
import sys
sys.stdin.readline()
