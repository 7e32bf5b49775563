# DOMjudge's CHECK-MANUALLY: listed, never checked.
print("Hello World!")
