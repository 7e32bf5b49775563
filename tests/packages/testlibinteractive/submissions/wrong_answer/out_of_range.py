# Asks for index 0: the interactor's wrong answer. Ends quietly when it hangs up.
input()
print("? 0", flush=True)
try:
    input()
except EOFError:
    pass
