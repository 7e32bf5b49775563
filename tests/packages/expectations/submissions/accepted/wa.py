# Off by one on every test: submissions.yaml says `accepted` expects WA here.
print(int(input()) + 2)
