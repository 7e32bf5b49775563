def next_number(n):
    return n + 1
