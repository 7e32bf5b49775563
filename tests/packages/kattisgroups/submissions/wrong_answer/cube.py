# Wrong everywhere: every group rejects it. Groups inherit keys whole: group1's own
# grader_flags (min) replace secret's "first_error accept_if_any_accepted", so a group
# is never accepted for one accepted test.
n = int(input())
print(n * n * n if n != 2 else 4)
