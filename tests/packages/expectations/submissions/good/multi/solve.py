# The entry point, named by submissions.yaml's entrypoint (not main.py).
from helper import next_number

print(next_number(int(input())))
